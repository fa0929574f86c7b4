import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCatalogueCardResponse, ZCatalogueSearchRequest, ZCatalogueSearchResponse, ZCatalogueSetListResponse } from '@contract/catalogue';
import { zText } from '@contract/text';
import { notFound } from '../http/errors';
import type { CatalogueService } from './service';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  app.get('/api/catalogue/search', {
    config: { access: 'user' },
    schema: {
      tags: ['catalogue'],
      summary: 'Search the card catalogue, ranked by name match, one page at a time',
      querystring: ZCatalogueSearchRequest,
      response: { 200: ZCatalogueSearchResponse },
    },
    handler: async (request) => {
      const { q, limit, page, setId } = request.query;
      return { query: q, page, limit, ...(await catalogue.search(q, { limit, offset: (page - 1) * limit, setId })) };
    },
  });

  app.get('/api/catalogue/sets', {
    config: { access: 'user' },
    schema: { tags: ['catalogue'], summary: "The catalogue's sets", response: { 200: ZCatalogueSetListResponse } },
    handler: async () => catalogue.listSets(),
  });

  app.get('/api/catalogue/cards/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['catalogue'],
      summary: 'One catalogue card',
      params: z.object({ id: zText().max(40) }),
      response: { 200: ZCatalogueCardResponse },
    },
    handler: async (request) => {
      const card = await catalogue.getCard(request.params.id);
      if (!card) throw notFound('That card is not in the catalogue.');
      return card;
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../http/errors';
import type { CatalogueService } from './service';
import { contractRoute } from '../http/contract-route';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  contractRoute(app, 'GET /api/catalogue/search', {
    tags: ['catalogue'],
    summary: 'Search the card catalogue, ranked by name match, one page at a time',
    handler: async (request) => {
      const { q, limit, page, setId } = request.query;
      return { query: q, page, limit, ...(await catalogue.search(q, { limit, offset: (page - 1) * limit, setId })) };
    },
  });

  contractRoute(app, 'GET /api/catalogue/sets', {
    tags: ['catalogue'],
    summary: "The catalogue's sets",
    handler: async () => catalogue.listSets(),
  });

  contractRoute(app, 'GET /api/catalogue/cards/:id', {
    tags: ['catalogue'],
    summary: 'One catalogue card',
    handler: async (request) => {
      const card = await catalogue.getCard(request.params.id);
      if (!card) throw notFound('That card is not in the catalogue.');
      return card;
    },
  });
};

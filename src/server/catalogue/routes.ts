import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOGUE_IMAGE_SIZES,
  catalogueImagePath,
  ZCatalogueCardResponse,
  ZCatalogueSearchRequest,
  ZCatalogueSearchResponse,
  ZCatalogueSetListResponse,
  type TCatalogueCard,
} from '@contract/catalogue';
import { zText } from '@contract/text';
import { ZImageBytes } from '@contract/common';
import { notFound } from '../http/errors';
import type { CatalogueService } from './service';
import { PLACEHOLDER_SVG, type CatalogueThumbnails } from './thumbnails';

/** The card as the web sees it: its pictures through our own image route, never the catalogue host's URL. */
const served = <T extends TCatalogueCard>(card: T): T => ({
  ...card,
  imageSmall: card.imageSmall ? catalogueImagePath(card.id, 'small') : null,
  imageLarge: card.imageLarge ? catalogueImagePath(card.id, 'large') : null,
});

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService; thumbnails: CatalogueThumbnails }> = async (
  app,
  { catalogue, thumbnails },
) => {
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
      const found = await catalogue.search(q, { limit, offset: (page - 1) * limit, setId });
      return { query: q, page, limit, ...found, cards: found.cards.map(served) };
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
      return served(card);
    },
  });

  app.get('/api/catalogue/cards/:id/image/:size', {
    config: { access: 'user' },
    schema: {
      tags: ['catalogue'],
      summary: "A catalogue card's picture, fetched once from the catalogue host and kept; a placeholder when the host is unreachable",
      params: z.object({ id: zText().max(40), size: z.enum(CATALOGUE_IMAGE_SIZES, { message: 'Size is small or large' }) }),
      response: { 200: ZImageBytes },
    },
    handler: async (request, reply) => {
      const card = await catalogue.getCard(request.params.id);
      const url = card && (request.params.size === 'small' ? card.imageSmall : card.imageLarge);
      if (!url) throw notFound('That card has no picture in the catalogue.');
      const image = await thumbnails.get(url);
      void reply.header('x-content-type-options', 'nosniff');
      if (!image)
        // Not cached by the browser: the next view tries the host again.
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'no-store')
          .header('x-catalogue-image', 'placeholder')
          .send(PLACEHOLDER_SVG);
      // A catalogue picture never changes under its URL: a week in the browser's cache.
      return reply.type(image.contentType).header('cache-control', 'private, max-age=604800, immutable').send(image.data);
    },
  });
};

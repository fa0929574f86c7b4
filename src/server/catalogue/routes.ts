import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueImagePath, type TCatalogueCard } from '@contract/catalogue';
import { notFound } from '../http/errors';
import type { CatalogueService } from './service';
import { PLACEHOLDER_SVG, type CatalogueThumbnails } from './thumbnails';
import { contractRoute } from '../http/contract-route';

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
  contractRoute(app, 'GET /api/catalogue/search', {
    tags: ['catalogue'],
    summary: 'Search the card catalogue, ranked by name match, one page at a time',
    handler: async (request) => {
      const { q, limit, page, setId } = request.query;
      const found = await catalogue.search(q, { limit, offset: (page - 1) * limit, setId });
      return { query: q, page, limit, ...found, cards: found.cards.map(served) };
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
      return served(card);
    },
  });

  contractRoute(app, 'GET /api/catalogue/cards/:id/image/:size', {
    tags: ['catalogue'],
    summary: "A catalogue card's picture, fetched once from the catalogue host and kept; a placeholder when the host is unreachable",
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

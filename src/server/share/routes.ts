import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHARED_CARD_NOT_FOUND, SHARED_NOT_FOUND } from '@contract/share';
import { notFound } from '../http/errors';
import type { ShareService } from './service';
import { contractRoute } from '../http/contract-route';

/**
 * The share feature's API (issue 15): public, read-only, the same answer for every caller. The
 * session is not even read (`session: false`): nothing here may depend on who asks, so an owner
 * previewing the page sees what a stranger sees, and a private binder is a 404 for the owner too.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ share: ShareService }> = async (app, { share }) => {
  contractRoute(app, 'GET /api/shared/binders/:id', {
    tags: ['binders'],
    summary: 'A public binder as its share page shows it (no account needed; no notes or prices)',
    handler: async (request) => {
      const view = await share.binder(request.params.id);
      if (!view) throw notFound(SHARED_NOT_FOUND);
      return { binder: view.binder, cards: view.cards };
    },
  });

  contractRoute(app, 'GET /api/shared/binders/:id/cards/:userCardId', {
    tags: ['binders'],
    summary: 'One card of a public binder: photos, grades, sub-grades and values (no notes or prices)',
    handler: async (request) => {
      const card = await share.card(request.params.id, request.params.userCardId);
      if (!card) throw notFound(SHARED_CARD_NOT_FOUND);
      return card;
    },
  });

  contractRoute(app, 'GET /api/shared/binders/:id/cards/:userCardId/images/:name', {
    tags: ['binders'],
    summary: 'The front or back photo of a card, through the public binder that holds it',
    handler: async (request, reply) => {
      const image = await share.image(request.params.id, request.params.userCardId, request.params.name);
      if (!image) throw notFound(SHARED_CARD_NOT_FOUND);
      // Browsers only (no shared cache): a binder made private stops showing its photos within minutes.
      return reply.header('Content-Type', image.contentType).header('Cache-Control', 'private, max-age=300').send(image.data);
    },
  });
};

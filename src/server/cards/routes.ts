import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { isAdministrator } from '@contract/auth';
import { PHOTOS_LOCKED_MESSAGE, ZAddCardFields } from '@contract/user-cards';
import { requireUser } from '../http/access';
import { HttpError, badRequest, notFound } from '../http/errors';
import type { UploadReceiver } from '../uploads/multipart-upload';
import { ADD_CARD_FORM, REPLACE_PHOTOS_FORM, photosFromUpload } from './photo-form';
import type { UserCardService } from './service';
import { contractRoute } from '../http/contract-route';

/** Adding a card is up to 18 photos of work for the server: plenty for a collector, not for a script. */
const ADD_CARD_RATE_LIMIT = {
  max: 30,
  timeWindow: 10 * 60_000,
  // The session is loaded by the access hook, which runs before this route's own hooks.
  keyGenerator: (req: FastifyRequest) => `add-card:${req.session?.user.id ?? req.ip}`,
};

export const userCardRoutes: FastifyPluginAsyncZod<{ cards: UserCardService; uploads: UploadReceiver }> = async (
  app,
  { cards, uploads },
) => {
  contractRoute(app, 'POST /api/user-cards', {
    tags: ['cards'],
    summary: 'Add a card with its photos (multipart)',
    config: { rateLimit: ADD_CARD_RATE_LIMIT, uploadForm: ADD_CARD_FORM },
    handler: async (request, reply) => {
      const userId = requireUser(request).id;
      // Photos stream to temp files (removed when this returns or fails), never into memory whole.
      const card = await uploads.receive(request, userId, ADD_CARD_FORM, async (upload) => {
        const parsed = ZAddCardFields.safeParse(upload.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw badRequest(issue.message, issue.path.join('.'));
        }
        return cards.add(userId, parsed.data, photosFromUpload(upload));
      });
      return reply.status(201).send(card);
    },
  });

  // New photos for a card: only the slots sent are replaced (details as a whole list). Refused with 409
  // while a grading of the card is queued or running, because the worker reads the photos it was given.
  contractRoute(app, 'POST /api/user-cards/:id/photos', {
    tags: ['cards'],
    summary: "Replace some of a card's photos (multipart)",
    config: { rateLimit: ADD_CARD_RATE_LIMIT, uploadForm: REPLACE_PHOTOS_FORM },
    handler: async (request) => {
      const userId = requireUser(request).id;
      // Owner and grading state first: no one uploads 25 MB to be told the card isn't theirs or is busy.
      await cards.getOwned(userId, request.params.id);
      if (await cards.isBeingGraded(request.params.id)) throw new HttpError(409, PHOTOS_LOCKED_MESSAGE);
      return uploads.receive(request, userId, REPLACE_PHOTOS_FORM, (upload) =>
        cards.replacePhotos(userId, request.params.id, photosFromUpload(upload)),
      );
    },
  });

  // Search, filters and sorting of the collection (see ZUserCardListRequest); always the caller's own cards.
  contractRoute(app, 'GET /api/user-cards', {
    tags: ['cards'],
    summary: 'List the collection, filtered and sorted',
    handler: async (request) => cards.list(requireUser(request).id, request.query),
  });

  // The collection filter dropdowns: distinct sets and rarities, platforms and statuses, with counts.
  contractRoute(app, 'GET /api/user-cards/facets', {
    tags: ['cards'],
    summary: "The collection's filter values (sets, rarities, grades)",
    handler: async (request) => cards.facets(requireUser(request).id),
  });

  contractRoute(app, 'GET /api/user-cards/:id', {
    tags: ['cards'],
    summary: 'One card of the collection',
    handler: async (request) => cards.get(requireUser(request).id, request.params.id),
  });

  contractRoute(app, 'PATCH /api/user-cards/:id', {
    tags: ['cards'],
    summary: "Edit a card's notes, purchase price, printing and quantity",
    handler: async (request) => cards.update(requireUser(request).id, request.params.id, request.body),
  });

  contractRoute(app, 'DELETE /api/user-cards/:id', {
    tags: ['cards'],
    summary: 'Remove a card from the collection',
    handler: async (request) => {
      await cards.remove(requireUser(request).id, request.params.id);
      return { message: 'Card removed from your collection.' };
    },
  });

  // Checked per photo inside: owner, administrator, or a card shown in a public binder.
  contractRoute(app, 'GET /api/user-cards/:id/images/:name', {
    tags: ['cards'],
    summary: "One of a card's photos (owner, administrator or public binder)",
    handler: async (request, reply) => {
      const viewer = request.session ? { id: request.session.user.id, isAdmin: isAdministrator(request.session.user.role) } : null;
      const image = await cards.readImage(viewer, request.params.id, request.params.name);
      if (!image) throw notFound('That photo does not exist or is not shared with you.');
      return reply.header('Content-Type', image.contentType).header('Cache-Control', 'private, max-age=3600').send(image.data);
    },
  });
};

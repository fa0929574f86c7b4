import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MultipartFile } from '@fastify/multipart';
import { isAdministrator } from '@contract/auth';
import { ZMessage } from '@contract/common';
import {
  CORNER_SLOTS,
  MAX_DETAIL_IMAGES,
  PHOTOS_LOCKED_MESSAGE,
  ZAddCardFields,
  ZReplacePhotosFields,
  ZCollectionFacets,
  ZUpdateUserCardRequest,
  ZUserCard,
  ZUserCardImageParams,
  ZUserCardList,
  ZUserCardListQuery,
  ZUserCardParams,
} from '@contract/user-cards';
import { requireUser } from '../http/access';
import { HttpError, badRequest, notFound } from '../http/errors';
import { MAX_UPLOAD_BYTES } from '../uploads/sanitize-image';
import type { UploadedPhotos, UserCardService } from './service';

const CORNERS = new Set<string>(CORNER_SLOTS);

/**
 * The add-card form's multipart body: text fields, and the photos by field name (front, back, the 8
 * corner slots, details). Every route that takes card photos reads them here, with the same limits.
 */
async function readCardPhotosForm(request: FastifyRequest, notMultipart: string): Promise<{ fields: Record<string, string>; photos: UploadedPhotos }> {
  if (!request.isMultipart()) throw new HttpError(415, notMultipart);
  const fields: Record<string, string> = {};
  const photos: UploadedPhotos = { corners: {}, details: [] };
  const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 2 + 8 + MAX_DETAIL_IMAGES, fields: 20, fieldSize: 2000 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const file = part as MultipartFile;
    const data = await file.toBuffer();
    if (data.length === 0) continue;
    if (file.fieldname === 'front' || file.fieldname === 'back') photos[file.fieldname] = data;
    else if (CORNERS.has(file.fieldname)) photos.corners[file.fieldname as keyof UploadedPhotos['corners']] = data;
    else if (file.fieldname === 'details') photos.details.push(data);
    else throw badRequest(`Unexpected file field "${file.fieldname}".`, file.fieldname);
  }
  return { fields, photos };
}

export const userCardRoutes: FastifyPluginAsyncZod<{ cards: UserCardService }> = async (app, { cards }) => {
  app.post('/api/user-cards', {
    config: { access: 'user' },
    schema: { response: { 201: ZUserCard } },
    handler: async (request, reply) => {
      const { fields, photos } = await readCardPhotosForm(request, 'Send the card as a form with its photos (multipart/form-data).');
      const parsed = ZAddCardFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.message, issue.path.join('.'));
      }
      return reply.status(201).send(await cards.add(requireUser(request).id, parsed.data, photos));
    },
  });

  // New photos for a card: only the slots sent are replaced (details as a whole list). Refused with 409
  // while a grading of the card is queued or running, because the worker reads the photos it was given.
  app.post('/api/user-cards/:id/photos', {
    config: { access: 'user' },
    schema: { params: ZUserCardParams, response: { 200: ZUserCard } },
    handler: async (request) => {
      const userId = requireUser(request).id;
      // Owner and grading state first: no one uploads 25 MB to be told the card isn't theirs or is busy.
      await cards.getOwned(userId, request.params.id);
      if (await cards.isBeingGraded(request.params.id)) throw new HttpError(409, PHOTOS_LOCKED_MESSAGE);
      const { fields, photos } = await readCardPhotosForm(request, 'Send the new photos as a form (multipart/form-data), with the same field names as when adding a card.');
      const parsed = ZReplacePhotosFields.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, Object.keys(fields)[0]);
      return cards.replacePhotos(userId, request.params.id, photos);
    },
  });

  // Search, filters and sorting of the collection (see ZUserCardListQuery); always the caller's own cards.
  app.get('/api/user-cards', {
    config: { access: 'user' },
    schema: { querystring: ZUserCardListQuery, response: { 200: ZUserCardList } },
    handler: async (request) => cards.list(requireUser(request).id, request.query),
  });

  // The collection filter dropdowns: distinct sets and rarities, platforms and statuses, with counts.
  app.get('/api/user-cards/facets', {
    config: { access: 'user' },
    schema: { response: { 200: ZCollectionFacets } },
    handler: async (request) => cards.facets(requireUser(request).id),
  });

  app.get('/api/user-cards/:id', {
    config: { access: 'user' },
    schema: { params: ZUserCardParams, response: { 200: ZUserCard } },
    handler: async (request) => cards.get(requireUser(request).id, request.params.id),
  });

  app.patch('/api/user-cards/:id', {
    config: { access: 'user' },
    schema: { params: ZUserCardParams, body: ZUpdateUserCardRequest, response: { 200: ZUserCard } },
    handler: async (request) => cards.update(requireUser(request).id, request.params.id, request.body),
  });

  app.delete('/api/user-cards/:id', {
    config: { access: 'user' },
    schema: { params: ZUserCardParams, response: { 200: ZMessage } },
    handler: async (request) => {
      await cards.remove(requireUser(request).id, request.params.id);
      return { message: 'Card removed from your collection.' };
    },
  });

  // Checked per photo inside: owner, administrator, or a card shown in a public binder.
  app.get('/api/user-cards/:id/images/:name', {
    config: { access: 'public' },
    schema: { params: ZUserCardImageParams },
    handler: async (request, reply) => {
      const viewer = request.session ? { id: request.session.user.id, isAdmin: isAdministrator(request.session.user.role) } : null;
      const image = await cards.readImage(viewer, request.params.id, request.params.name);
      if (!image) throw notFound('That photo does not exist or is not shared with you.');
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'private, max-age=3600')
        .send(image.data);
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TBinderDetailResponse } from '@contract/binders';
import { requireUser } from '../http/access';
import type { BinderService } from './service';
import { pickContentCoding } from '../http/accept-encoding';
import { MIN_COMPRESS_BYTES } from './document-cache';
import { contractRoute } from '../http/contract-route';

/** The versions an If-None-Match header names (`W/"7o"` → `7o`); at most 8, other tags ignored. */
function versionKeysOf(ifNoneMatch: string | undefined): string[] {
  if (!ifNoneMatch) return [];
  return ifNoneMatch
    .split(',')
    .map((tag) => /^\s*(?:W\/)?"(\d{1,12}[ov])"\s*$/.exec(tag)?.[1])
    .filter((key): key is string => key !== undefined)
    .slice(0, 8);
}

export const binderRoutes: FastifyPluginAsyncZod<{ binders: BinderService }> = async (app, { binders }) => {
  contractRoute(app, 'GET /api/binders', {
    tags: ['binders'],
    summary: "The user's binders with card counts and values",
    handler: async (request) => binders.list(requireUser(request).id),
  });

  contractRoute(app, 'POST /api/binders', {
    tags: ['binders'],
    summary: 'Create a binder',
    handler: async (request, reply) => reply.status(201).send(await binders.create(requireUser(request).id, request.body)),
  });

  // Public binders can be read by anyone with the link; private ones only by their owner.
  contractRoute(app, 'GET /api/binders/:id', {
    tags: ['binders'],
    summary: 'A binder and its cards (public binders for anyone)',
    // The database writes the reply's JSON and the cache keeps its bytes (and their br/gzip forms) per
    // version: the handler sends a Buffer, which Fastify writes as it is, without parsing or the
    // serializer. The schema still documents the reply; binders.test.ts checks real bodies against it.
    handler: async (request, reply) => {
      const read = await binders.readDocument(
        request.params.id,
        request.session?.user.id ?? null,
        versionKeysOf(request.headers['if-none-match']),
      );
      // Private to the viewer (an owner's document holds notes and prices), revalidated every time.
      reply.header('etag', `W/"${read.key}"`).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding, Cookie');
      // No payload at all: a serialized `null` would announce Content-Length: 4 on a bodiless 304.
      if (!read.document)
        return reply
          .code(304)
          .removeHeader('content-type')
          .send(undefined as unknown as null);
      const coding = read.document.body.length >= MIN_COMPRESS_BYTES ? pickContentCoding(request.headers['accept-encoding']) : null;
      const body = coding ? await read.document.encode(coding) : read.document.body;
      if (coding) reply.header('content-encoding', coding);
      return reply.type('application/json; charset=utf-8').send(body as unknown as TBinderDetailResponse);
    },
  });

  contractRoute(app, 'PATCH /api/binders/:id', {
    tags: ['binders'],
    summary: 'Rename, describe, publish a binder or choose its cover card',
    handler: async (request) => binders.update(request.params.id, requireUser(request).id, request.body),
  });

  contractRoute(app, 'DELETE /api/binders/:id', {
    tags: ['binders'],
    summary: 'Delete a binder (its cards stay in the collection)',
    handler: async (request) => {
      await binders.remove(request.params.id, requireUser(request).id);
      return { message: 'Binder deleted.' };
    },
  });

  contractRoute(app, 'POST /api/binders/:id/cards', {
    tags: ['binders'],
    summary: 'Put a card in a binder',
    handler: async (request, reply) => {
      const id = await binders.addCard(request.params.id, requireUser(request).id, request.body.userCardId);
      return reply.status(201).send({ id, message: 'Card added to binder.' });
    },
  });

  contractRoute(app, 'PUT /api/binders/:id/cards/:cardId', {
    tags: ['binders'],
    summary: "Edit a binder card's notes and purchase price",
    handler: async (request) => {
      await binders.updateEntry(request.params.id, requireUser(request).id, request.params.cardId, request.body);
      return { message: 'Card details updated successfully' };
    },
  });

  contractRoute(app, 'DELETE /api/binders/:id/cards/:submissionId', {
    tags: ['binders'],
    summary: 'Take a card out of a binder',
    handler: async (request) => {
      await binders.removeEntry(request.params.id, requireUser(request).id, request.params.submissionId);
      return { message: 'Card removed from binder' };
    },
  });

  contractRoute(app, 'PUT /api/binders/:id/order', {
    tags: ['binders'],
    summary: "Put a binder's cards in a new page order (every card of the binder exactly once)",
    handler: async (request) => {
      await binders.reorder(request.params.id, requireUser(request).id, request.body.userCardIds);
      return { message: 'Binder order saved.' };
    },
  });
};

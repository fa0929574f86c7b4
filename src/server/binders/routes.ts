import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddBinderCardRequest,
  ZBinder,
  ZBinderDetail,
  type TBinderDetail,
  ZBinderEntryParams,
  ZBinderList,
  ZBinderParams,
  ZBinderSubmissionParams,
  ZCreateBinderRequest,
  ZUpdateBinderCardRequest,
  ZUpdateBinderRequest,
} from '@contract/binders';
import { ZMessage } from '@contract/common';
import { requireUser } from '../http/access';
import type { BinderService } from './service';

export const binderRoutes: FastifyPluginAsyncZod<{ binders: BinderService }> = async (app, { binders }) => {
  app.get('/api/binders', {
    config: { access: 'user' },
    schema: { response: { 200: ZBinderList } },
    handler: async (request) => binders.list(requireUser(request).id),
  });

  app.post('/api/binders', {
    config: { access: 'user' },
    schema: { body: ZCreateBinderRequest, response: { 201: ZBinder } },
    handler: async (request, reply) => reply.status(201).send(await binders.create(requireUser(request).id, request.body)),
  });

  // Public binders can be read by anyone with the link; private ones only by their owner.
  app.get('/api/binders/:id', {
    config: { access: 'public' },
    schema: { params: ZBinderParams, response: { 200: ZBinderDetail } },
    // The database writes the reply's JSON (service.getJson): Fastify sends a JSON-typed string as it
    // is, without the serializer; the schema still documents the reply and the tests check against it.
    handler: async (request, reply) => {
      const json = await binders.getJson(request.params.id, request.session?.user.id ?? null);
      return reply.type('application/json; charset=utf-8').send(json as unknown as TBinderDetail);
    },
  });

  app.patch('/api/binders/:id', {
    config: { access: 'user' },
    schema: { params: ZBinderParams, body: ZUpdateBinderRequest, response: { 200: ZBinder } },
    handler: async (request) => binders.update(request.params.id, requireUser(request).id, request.body),
  });

  app.delete('/api/binders/:id', {
    config: { access: 'user' },
    schema: { params: ZBinderParams, response: { 200: ZMessage } },
    handler: async (request) => {
      await binders.remove(request.params.id, requireUser(request).id);
      return { message: 'Binder deleted.' };
    },
  });

  app.post('/api/binders/:id/cards', {
    config: { access: 'user' },
    schema: { params: ZBinderParams, body: ZAddBinderCardRequest, response: { 201: z.object({ id: z.string(), message: z.string() }) } },
    handler: async (request, reply) => {
      const id = await binders.addCard(request.params.id, requireUser(request).id, request.body.userCardId);
      return reply.status(201).send({ id, message: 'Card added to binder.' });
    },
  });

  app.put('/api/binders/:id/cards/:cardId', {
    config: { access: 'user' },
    schema: { params: ZBinderEntryParams, body: ZUpdateBinderCardRequest, response: { 200: ZMessage } },
    handler: async (request) => {
      await binders.updateEntry(request.params.id, requireUser(request).id, request.params.cardId, request.body);
      return { message: 'Card details updated successfully' };
    },
  });

  app.delete('/api/binders/:id/cards/:submissionId', {
    config: { access: 'user' },
    schema: { params: ZBinderSubmissionParams, response: { 200: ZMessage } },
    handler: async (request) => {
      await binders.removeEntry(request.params.id, requireUser(request).id, request.params.submissionId);
      return { message: 'Card removed from binder' };
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdministrator } from '@contract/auth';
import type { ImageStore } from '../adapters/storage/port';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import type { GradingService } from './service';
import { contractRoute } from '../http/contract-route';

export const gradingRoutes: FastifyPluginAsyncZod<{ gradings: GradingService; images: ImageStore }> = async (app, { gradings, images }) => {
  contractRoute(app, 'POST /api/user-cards/:id/grade', {
    tags: ['gradings'],
    summary: 'Start grading a card (spends a credit on Starter)',
    handler: async (request, reply) => reply.status(202).send(await gradings.start(requireUser(request).id, request.params.id)),
  });

  contractRoute(app, 'GET /api/user-cards/:id/gradings', {
    tags: ['gradings'],
    summary: "A card's gradings, newest first",
    handler: async (request) => gradings.listForCard(requireUser(request).id, request.params.id),
  });

  contractRoute(app, 'GET /api/gradings/:gradingId', {
    tags: ['gradings'],
    summary: "A grading's progress and grades",
    handler: async (request) => {
      const user = requireUser(request);
      return gradings.get(user.id, request.params.gradingId, isAdministrator(user.role));
    },
  });

  contractRoute(app, 'GET /api/gradings/:gradingId/report', {
    tags: ['gradings'],
    summary: "A completed grading's full report",
    handler: async (request) => gradings.report(requireUser(request).id, request.params.gradingId),
  });

  contractRoute(app, 'GET /api/gradings/:gradingId/images/:name', {
    tags: ['gradings'],
    summary: "One of a grading's annotated evidence images",
    handler: async (request, reply) => {
      const key = await gradings.evidenceKey(requireUser(request).id, request.params.gradingId, request.params.name);
      const image = key ? await images.get(key) : null;
      if (!image) throw notFound('No such evidence image.');
      return reply.header('Content-Type', image.contentType).header('Cache-Control', 'private, max-age=86400').send(image.data);
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdministrator } from '@contract/auth';
import { ZGradingIdParam, ZGradingListResponse, ZGradingResponse } from '@contract/gradings';
import { ZGradingReportResponse } from '@contract/grading-report';
import { ZImageBytes } from '@contract/common';
import { ZUserCardParams } from '@contract/user-cards';
import type { ImageStore } from '../adapters/storage/port';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import type { GradingService } from './service';

const ZEvidenceParams = ZGradingIdParam.extend({ name: z.string().regex(/^[a-zA-Z]{3,40}$/, 'Not a valid image name') });

export const gradingRoutes: FastifyPluginAsyncZod<{ gradings: GradingService; images: ImageStore }> = async (app, { gradings, images }) => {
  app.post('/api/user-cards/:id/grade', {
    config: { access: 'user' },
    schema: {
      tags: ['gradings'],
      summary: 'Start grading a card (spends a credit on Starter)',
      params: ZUserCardParams,
      response: { 202: ZGradingResponse },
    },
    handler: async (request, reply) => reply.status(202).send(await gradings.start(requireUser(request).id, request.params.id)),
  });

  app.get('/api/user-cards/:id/gradings', {
    config: { access: 'user' },
    schema: {
      tags: ['gradings'],
      summary: "A card's gradings, newest first",
      params: ZUserCardParams,
      response: { 200: ZGradingListResponse },
    },
    handler: async (request) => gradings.listForCard(requireUser(request).id, request.params.id),
  });

  app.get('/api/gradings/:gradingId', {
    config: { access: 'user' },
    schema: {
      tags: ['gradings'],
      summary: "A grading's progress and grades",
      params: ZGradingIdParam,
      response: { 200: ZGradingResponse },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return gradings.get(user.id, request.params.gradingId, isAdministrator(user.role));
    },
  });

  app.get('/api/gradings/:gradingId/report', {
    config: { access: 'user' },
    schema: {
      tags: ['gradings'],
      summary: "A completed grading's full report",
      params: ZGradingIdParam,
      response: { 200: ZGradingReportResponse },
    },
    handler: async (request) => gradings.report(requireUser(request).id, request.params.gradingId),
  });

  app.get('/api/gradings/:gradingId/images/:name', {
    config: { access: 'user' },
    schema: {
      tags: ['gradings'],
      summary: "One of a grading's annotated evidence images",
      params: ZEvidenceParams,
      response: { 200: ZImageBytes },
    },
    handler: async (request, reply) => {
      const key = await gradings.evidenceKey(requireUser(request).id, request.params.gradingId, request.params.name);
      const image = key ? await images.get(key) : null;
      if (!image) throw notFound('No such evidence image.');
      return reply.header('Content-Type', image.contentType).header('Cache-Control', 'private, max-age=86400').send(image.data);
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../http/access';
import type { createCollectionService } from './service';
import { contractRoute } from '../http/contract-route';

export const collectionRoutes: FastifyPluginAsyncZod<{ collection: ReturnType<typeof createCollectionService> }> = async (
  app,
  { collection },
) => {
  contractRoute(app, 'GET /api/collection/summary', {
    tags: ['collection'],
    summary: 'Collection totals: cards, graded cards and estimated values',
    handler: async (request) => collection.summary(requireUser(request).id),
  });

  contractRoute(app, 'GET /api/collection/set-completion', {
    tags: ['collection'],
    summary: 'Set completion: distinct catalogue cards owned out of each set, most complete first',
    handler: async (request) => collection.setCompletion(requireUser(request).id),
  });
};

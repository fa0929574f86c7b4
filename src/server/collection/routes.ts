import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCollectionSummaryResponse } from '@contract/collection';
import { ZSetCompletionResponse } from '@contract/set-completion';
import { requireUser } from '../http/access';
import type { createCollectionService } from './service';

export const collectionRoutes: FastifyPluginAsyncZod<{ collection: ReturnType<typeof createCollectionService> }> = async (
  app,
  { collection },
) => {
  app.get('/api/collection/summary', {
    config: { access: 'user' },
    schema: {
      tags: ['collection'],
      summary: 'Collection totals: cards, graded cards and estimated values',
      response: { 200: ZCollectionSummaryResponse },
    },
    handler: async (request) => collection.summary(requireUser(request).id),
  });

  app.get('/api/collection/set-completion', {
    config: { access: 'user' },
    schema: {
      tags: ['collection'],
      summary: 'Set completion: distinct catalogue cards owned out of each set, most complete first',
      response: { 200: ZSetCompletionResponse },
    },
    handler: async (request) => collection.setCompletion(requireUser(request).id),
  });
};

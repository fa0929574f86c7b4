import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import type { NotificationService } from './service';
import { contractRoute } from '../http/contract-route';

export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (app, opts) => {
  const { notifications } = opts;

  contractRoute(app, 'GET /api/user-messages', {
    tags: ['notifications'],
    summary: "The user's messages, newest first",
    handler: async (request) => notifications.listForUser(requireUser(request).id),
  });

  contractRoute(app, 'POST /api/user-messages/:id/mark-read', {
    tags: ['notifications'],
    summary: 'Mark a message read',
    handler: async (request) => {
      // Another user's message id answers exactly like a missing one: nothing to learn from probing.
      const ok = await notifications.markRead(requireUser(request).id, request.params.id);
      if (!ok) throw notFound('That notification does not exist.');
      return { message: 'Marked as read.' };
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam, ZMessageResponse } from '@contract/common';
import { ZUserMessageListResponse } from '@contract/notifications';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import type { NotificationService } from './service';

export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (app, opts) => {
  const { notifications } = opts;

  app.get('/api/user-messages', {
    config: { access: 'user' },
    schema: { tags: ['notifications'], summary: "The user's messages, newest first", response: { 200: ZUserMessageListResponse } },
    handler: async (request) => notifications.listForUser(requireUser(request).id),
  });

  app.post('/api/user-messages/:id/mark-read', {
    config: { access: 'user' },
    schema: { tags: ['notifications'], summary: 'Mark a message read', params: ZIdParam, response: { 200: ZMessageResponse } },
    handler: async (request) => {
      // Another user's message id answers exactly like a missing one: nothing to learn from probing.
      const ok = await notifications.markRead(requireUser(request).id, request.params.id);
      if (!ok) throw notFound('That notification does not exist.');
      return { message: 'Marked as read.' };
    },
  });
};

/**
 * The sync endpoints of spec §7.3 as one plugin, registered under whatever prefix the caller gives
 * (`/api/admin/sync` today; the admin area's `/api/admin/{hash}/sync` later). Every route is admin-only
 * through the access guard (http/access.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@contract/common';
import {
  SYNC_TYPES,
  ZSyncActionResponse,
  ZSyncEventListResponse,
  ZSyncIdParam,
  ZSyncLogListResponse,
  ZSyncLogResponse,
} from '@contract/catalogue-sync';
import type { CatalogueSyncService } from './service';

export const catalogueSyncRoutes: FastifyPluginAsync<{ sync: CatalogueSyncService }> = async (fastify, { sync }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

  app.get(
    '/logs',
    {
      config: admin,
      schema: {
        tags: ['catalogue-sync'],
        summary: 'The catalogue sync runs, newest first',
        response: { 200: ZSyncLogListResponse, ...errors },
      },
    },
    () => sync.list(),
  );
  app.get(
    '/logs/:id',
    {
      config: admin,
      schema: {
        tags: ['catalogue-sync'],
        summary: 'One catalogue sync run',
        params: ZSyncIdParam,
        response: { 200: ZSyncLogResponse, ...errors },
      },
    },
    (req) => sync.get(req.params.id),
  );
  app.get(
    '/events/:id',
    {
      config: admin,
      schema: {
        tags: ['catalogue-sync'],
        summary: "A sync run's events",
        params: ZSyncIdParam,
        response: { 200: ZSyncEventListResponse, ...errors },
      },
    },
    (req) => sync.events(req.params.id),
  );
  for (const type of SYNC_TYPES) {
    app.post(
      `/start-${type}`,
      {
        config: admin,
        schema: {
          tags: ['catalogue-sync'],
          summary: 'Start a sync of this kind (sets, cards or full)',
          response: { 200: ZSyncActionResponse, ...errors },
        },
      },
      () => sync.start(type),
    );
  }
  app.post(
    '/cancel/:id',
    {
      config: admin,
      schema: {
        tags: ['catalogue-sync'],
        summary: 'Cancel a running sync within one page',
        params: ZSyncIdParam,
        response: { 200: ZSyncActionResponse, ...errors },
      },
    },
    (req) => sync.cancel(req.params.id),
  );
  app.post(
    '/resume/:id',
    {
      config: admin,
      schema: {
        tags: ['catalogue-sync'],
        summary: 'Resume a failed or cancelled sync at its page',
        params: ZSyncIdParam,
        response: { 200: ZSyncActionResponse, ...errors },
      },
    },
    (req) => sync.resume(req.params.id),
  );
};

/**
 * The sync endpoints of spec §7.3 as one plugin, under `/api/admin/sync` (outside the admin hash
 * prefix). Every route is admin-only through the access guard (http/access.ts), as the contract says.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TSyncType } from '@contract/catalogue-sync';
import { contractRoute } from '../http/contract-route';
import type { CatalogueSyncService } from './service';

const START = {
  sets: 'POST /api/admin/sync/start-sets',
  cards: 'POST /api/admin/sync/start-cards',
  full: 'POST /api/admin/sync/start-full',
} as const satisfies Record<TSyncType, string>;

export const catalogueSyncRoutes: FastifyPluginAsyncZod<{ sync: CatalogueSyncService }> = async (app, { sync }) => {
  const tags = ['catalogue-sync'];
  contractRoute(app, 'GET /api/admin/sync/logs', { tags, summary: 'The catalogue sync runs, newest first', handler: () => sync.list() });
  contractRoute(app, 'GET /api/admin/sync/logs/:id', {
    tags,
    summary: 'One catalogue sync run',
    handler: (req) => sync.get(req.params.id),
  });
  contractRoute(app, 'GET /api/admin/sync/events/:id', {
    tags,
    summary: "A sync run's events",
    handler: (req) => sync.events(req.params.id),
  });
  for (const [type, route] of Object.entries(START) as [TSyncType, (typeof START)[TSyncType]][]) {
    contractRoute(app, route, { tags, summary: 'Start a sync of this kind (sets, cards or full)', handler: () => sync.start(type) });
  }
  contractRoute(app, 'POST /api/admin/sync/cancel/:id', {
    tags,
    summary: 'Cancel a running sync within one page',
    handler: (req) => sync.cancel(req.params.id),
  });
  contractRoute(app, 'POST /api/admin/sync/resume/:id', {
    tags,
    summary: 'Resume a failed or cancelled sync at its page',
    handler: (req) => sync.resume(req.params.id),
  });
};

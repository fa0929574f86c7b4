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

/** The routes about one sync run (`:id`): each is the service method of that name, with its OpenAPI summary. */
const BY_ID = [
  ['GET /api/admin/sync/logs/:id', 'get', 'One catalogue sync run'],
  ['GET /api/admin/sync/events/:id', 'events', "A sync run's events"],
  ['POST /api/admin/sync/cancel/:id', 'cancel', 'Cancel a running sync within one page'],
  ['POST /api/admin/sync/resume/:id', 'resume', 'Resume a failed or cancelled sync at its page'],
] as const satisfies readonly (readonly [string, keyof CatalogueSyncService, string])[];

export const catalogueSyncRoutes: FastifyPluginAsyncZod<{ sync: CatalogueSyncService }> = async (app, { sync }) => {
  const tags = ['catalogue-sync'];
  contractRoute(app, 'GET /api/admin/sync/logs', { tags, summary: 'The catalogue sync runs, newest first', handler: () => sync.list() });
  for (const [route, method, summary] of BY_ID) {
    contractRoute(app, route, { tags, summary, handler: (req) => sync[method](req.params.id) });
  }
  for (const [type, route] of Object.entries(START) as [TSyncType, (typeof START)[TSyncType]][]) {
    contractRoute(app, route, { tags, summary: 'Start a sync of this kind (sets, cards or full)', handler: () => sync.start(type) });
  }
};

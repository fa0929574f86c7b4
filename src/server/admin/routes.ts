/**
 * The back-office API (spec §7.3). Every route is `access: 'admin'` (the global guard answers 401/403
 * before anything here runs) and every `{admin}` route also checks the install's hash: a wrong one is
 * the same 404 as an unknown URL. Decisions: docs/decisions/007-admin-path.md.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImageStore } from '../adapters/storage/port';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import { adminHashGuard, adminPrefix } from './path';
import type { AdminUserService } from './users';
import type { AdminSubmissionService } from './submissions';
import type { createAdminStats } from './stats';
import type { createAdminBillingService } from './billing';
import { contractRoute } from '../http/contract-route';

export interface AdminRouteDeps {
  hash: string;
  users: AdminUserService;
  submissions: AdminSubmissionService;
  stats: ReturnType<typeof createAdminStats>;
  billing: ReturnType<typeof createAdminBillingService>;
  images: ImageStore;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, deps) => {
  // Runs after the global access guard (parent hooks first): only administrators reach this check.
  app.addHook('onRequest', adminHashGuard(deps.hash));

  contractRoute(app, 'GET /api/admin/path', {
    tags: ['admin'],
    summary: "The install's admin API prefix (administrators only)",
    handler: async () => ({ prefix: adminPrefix(deps.hash), hash: deps.hash }),
  });

  contractRoute(app, 'GET /api/admin/:hash/stats', {
    tags: ['admin'],
    summary: 'Overview figures and live health checks',
    handler: async () => deps.stats.stats(),
  });

  contractRoute(app, 'GET /api/admin/:hash/users', {
    tags: ['admin'],
    summary: 'Users, searched and paged',
    handler: async (request) => deps.users.list(request.query),
  });

  contractRoute(app, 'GET /api/admin/:hash/users/:id', {
    tags: ['admin'],
    summary: 'One user with their cards',
    handler: async (request) => deps.users.get(request.params.id),
  });

  contractRoute(app, 'PUT /api/admin/:hash/users/:id', {
    tags: ['admin'],
    summary: 'Edit a user (audited; credits through the ledger)',
    handler: async (request) => ({
      message: 'User updated successfully',
      user: await deps.users.update(requireUser(request), request.params.id, request.body),
    }),
  });

  contractRoute(app, 'POST /api/admin/:hash/users/:id/reset-password', {
    tags: ['admin'],
    summary: "Set a user's password and end their sessions",
    handler: async (request) => {
      const sessionsEnded = await deps.users.resetPassword(requireUser(request), request.params.id, request.body.newPassword);
      return { message: 'Password reset successfully', sessionsEnded };
    },
  });

  contractRoute(app, 'GET /api/admin/:hash/submissions', {
    tags: ['admin'],
    summary: 'Card submissions, paged, by status',
    handler: async (request) => deps.submissions.list(request.query),
  });

  contractRoute(app, 'GET /api/admin/:hash/grading-reports/:gradingId', {
    tags: ['admin'],
    summary: 'The full grading report (grading id or submission id)',
    handler: async (request) => deps.submissions.report(request.params.gradingId),
  });

  contractRoute(app, 'GET /api/admin/:hash/grading/:gradingId/audit-trail', {
    tags: ['admin'],
    summary: "A grading's audit trail",
    handler: async (request) => deps.submissions.auditTrail(request.params.gradingId),
  });

  contractRoute(app, 'GET /api/admin/:hash/grading/:gradingId/adjustments', {
    tags: ['admin'],
    summary: "A grading's image adjustments",
    handler: async (request) => deps.submissions.adjustments(request.params.gradingId),
  });

  contractRoute(app, 'GET /api/admin/:hash/grading/:gradingId/adjustments-grouped', {
    tags: ['admin'],
    summary: "A grading's image adjustments by image type",
    handler: async (request) => deps.submissions.adjustmentsGrouped(request.params.gradingId),
  });

  contractRoute(app, 'GET /api/admin/:hash/grading/:gradingId/analysis-steps', {
    tags: ['admin'],
    summary: "A grading's analysis steps with their times",
    handler: async (request) => deps.submissions.analysisSteps(request.params.gradingId),
  });

  // The engine's evidence images (straightened, annotated, corner and edge crops) of any grading.
  contractRoute(app, 'GET /api/admin/:hash/grading/:gradingId/images/:name', {
    tags: ['admin'],
    summary: 'An evidence or uploaded image of a grading',
    handler: async (request, reply) => {
      const key = await deps.submissions.evidenceKey(request.params.gradingId, request.params.name);
      const image = key ? await deps.images.get(key) : null;
      if (!image) throw notFound('No such evidence image.');
      return reply.header('Content-Type', image.contentType).header('Cache-Control', 'private, max-age=86400').send(image.data);
    },
  });

  contractRoute(app, 'GET /api/admin/:hash/orders', {
    tags: ['admin'],
    summary: 'Credit orders, paged',
    handler: async (request) => deps.billing.orders(request.query),
  });

  // §7.3 puts this one outside {admin}.
  contractRoute(app, 'GET /api/admin/stripe-subscriptions', {
    tags: ['admin'],
    summary: "The payment provider's subscriptions, matched to users",
    handler: async () => deps.billing.subscriptions(),
  });
};

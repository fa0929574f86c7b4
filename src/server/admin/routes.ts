/**
 * The back-office API (spec §7.3). Every route is `access: 'admin'` (the global guard answers 401/403
 * before anything here runs) and every `{admin}` route also checks the install's hash: a wrong one is
 * the same 404 as an unknown URL. Decisions: docs/decisions/007-admin-path.md.
 */
import { ZImageBytes } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdjustmentsGroupedResponse,
  ZAdjustmentsResponse,
  ZAdminGradingImageParams,
  ZAdminGradingParams,
  ZAdminGradingReportResponse,
  ZAdminHashParam,
  ZAdminOrdersRequest,
  ZAdminOrdersResponse,
  ZAdminPathResponse,
  ZAdminResetPasswordRequest,
  ZAdminResetPasswordResponse,
  ZAdminStatsResponse,
  ZAdminSubmissionsRequest,
  ZAdminSubmissionsResponse,
  ZAdminSubscriptionsResponse,
  ZAdminUpdateUserRequest,
  ZAdminUpdateUserResponse,
  ZAdminUserIdParams,
  ZAdminUserResponse,
  ZAdminUsersRequest,
  ZAdminUsersResponse,
  ZAnalysisStepsResponse,
  ZAuditTrailResponse,
} from '@contract/admin';
import type { ImageStore } from '../adapters/storage/port';
import { requireUser } from '../http/access';
import { notFound } from '../http/errors';
import { adminHashGuard, adminPrefix } from './path';
import type { AdminUserService } from './users';
import type { AdminSubmissionService } from './submissions';
import type { createAdminStats } from './stats';
import type { createAdminBillingService } from './billing';

export interface AdminRouteDeps {
  hash: string;
  users: AdminUserService;
  submissions: AdminSubmissionService;
  stats: ReturnType<typeof createAdminStats>;
  billing: ReturnType<typeof createAdminBillingService>;
  images: ImageStore;
}

const admin = { access: 'admin' as const };

export const adminRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, deps) => {
  // Runs after the global access guard (parent hooks first): only administrators reach this check.
  app.addHook('onRequest', adminHashGuard(deps.hash));

  app.get('/api/admin/path', {
    config: admin,
    schema: { tags: ['admin'], summary: "The install's admin API prefix (administrators only)", response: { 200: ZAdminPathResponse } },
    handler: async () => ({ prefix: adminPrefix(deps.hash), hash: deps.hash }),
  });

  app.get('/api/admin/:hash/stats', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Overview figures and live health checks',
      params: ZAdminHashParam,
      response: { 200: ZAdminStatsResponse },
    },
    handler: async () => deps.stats.stats(),
  });

  app.get('/api/admin/:hash/users', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Users, searched and paged',
      params: ZAdminHashParam,
      querystring: ZAdminUsersRequest,
      response: { 200: ZAdminUsersResponse },
    },
    handler: async (request) => deps.users.list(request.query),
  });

  app.get('/api/admin/:hash/users/:id', {
    config: admin,
    schema: { tags: ['admin'], summary: 'One user with their cards', params: ZAdminUserIdParams, response: { 200: ZAdminUserResponse } },
    handler: async (request) => deps.users.get(request.params.id),
  });

  app.put('/api/admin/:hash/users/:id', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Edit a user (audited; credits through the ledger)',
      params: ZAdminUserIdParams,
      body: ZAdminUpdateUserRequest,
      response: { 200: ZAdminUpdateUserResponse },
    },
    handler: async (request) => ({
      message: 'User updated successfully',
      user: await deps.users.update(requireUser(request), request.params.id, request.body),
    }),
  });

  app.post('/api/admin/:hash/users/:id/reset-password', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "Set a user's password and end their sessions",
      params: ZAdminUserIdParams,
      body: ZAdminResetPasswordRequest,
      response: { 200: ZAdminResetPasswordResponse },
    },
    handler: async (request) => {
      const sessionsEnded = await deps.users.resetPassword(requireUser(request), request.params.id, request.body.newPassword);
      return { message: 'Password reset successfully', sessionsEnded };
    },
  });

  app.get('/api/admin/:hash/submissions', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Card submissions, paged, by status',
      params: ZAdminHashParam,
      querystring: ZAdminSubmissionsRequest,
      response: { 200: ZAdminSubmissionsResponse },
    },
    handler: async (request) => deps.submissions.list(request.query),
  });

  app.get('/api/admin/:hash/grading-reports/:gradingId', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'The full grading report (grading id or submission id)',
      params: ZAdminGradingParams,
      response: { 200: ZAdminGradingReportResponse },
    },
    handler: async (request) => deps.submissions.report(request.params.gradingId),
  });

  app.get('/api/admin/:hash/grading/:gradingId/audit-trail', {
    config: admin,
    schema: { tags: ['admin'], summary: "A grading's audit trail", params: ZAdminGradingParams, response: { 200: ZAuditTrailResponse } },
    handler: async (request) => deps.submissions.auditTrail(request.params.gradingId),
  });

  app.get('/api/admin/:hash/grading/:gradingId/adjustments', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "A grading's image adjustments",
      params: ZAdminGradingParams,
      response: { 200: ZAdjustmentsResponse },
    },
    handler: async (request) => deps.submissions.adjustments(request.params.gradingId),
  });

  app.get('/api/admin/:hash/grading/:gradingId/adjustments-grouped', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "A grading's image adjustments by image type",
      params: ZAdminGradingParams,
      response: { 200: ZAdjustmentsGroupedResponse },
    },
    handler: async (request) => deps.submissions.adjustmentsGrouped(request.params.gradingId),
  });

  app.get('/api/admin/:hash/grading/:gradingId/analysis-steps', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "A grading's analysis steps with their times",
      params: ZAdminGradingParams,
      response: { 200: ZAnalysisStepsResponse },
    },
    handler: async (request) => deps.submissions.analysisSteps(request.params.gradingId),
  });

  // The engine's evidence images (straightened, annotated, corner and edge crops) of any grading.
  app.get('/api/admin/:hash/grading/:gradingId/images/:name', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'An evidence or uploaded image of a grading',
      params: ZAdminGradingImageParams,
      response: { 200: ZImageBytes },
    },
    handler: async (request, reply) => {
      const key = await deps.submissions.evidenceKey(request.params.gradingId, request.params.name);
      const image = key ? await deps.images.get(key) : null;
      if (!image) throw notFound('No such evidence image.');
      return reply.header('Content-Type', image.contentType).header('Cache-Control', 'private, max-age=86400').send(image.data);
    },
  });

  app.get('/api/admin/:hash/orders', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: 'Credit orders, paged',
      params: ZAdminHashParam,
      querystring: ZAdminOrdersRequest,
      response: { 200: ZAdminOrdersResponse },
    },
    handler: async (request) => deps.billing.orders(request.query),
  });

  // §7.3 puts this one outside {admin}.
  app.get('/api/admin/stripe-subscriptions', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "The payment provider's subscriptions, matched to users",
      response: { 200: ZAdminSubscriptionsResponse },
    },
    handler: async () => deps.billing.subscriptions(),
  });
};

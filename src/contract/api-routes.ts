/**
 * Every route of the API, declared once: for each "METHOD /path", who may call it (access), the zod
 * schemas of its path parameters, query, body and success answer, and the other answers it documents.
 * The server registers each route from its entry (src/server/http/contract-route.ts: validation,
 * serialization, the access guard and the OpenAPI document all read it), the web client takes its
 * types from it (src/web/lib/api-client.ts), and the web tests' mocks are checked against its response
 * schemas (src/web/test/mock-api.ts). Multipart uploads take FormData. Decision: docs/decisions/017.
 */
import { z } from 'zod';
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
} from './admin';
import {
  ZChangePasswordRequest,
  ZCurrentUserResponse,
  ZForgotPasswordRequest,
  ZLoginRedirectQuery,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZRevokeSessionsResponse,
  ZSessionListResponse,
  ZUpdateProfileRequest,
} from './auth';
import {
  ZAddBinderCardRequest,
  ZAddBinderCardResponse,
  ZBinderDetailResponse,
  ZBinderEntryParams,
  ZBinderListResponse,
  ZBinderParams,
  ZBinderResponse,
  ZBinderSubmissionParams,
  ZCreateBinderRequest,
  ZReorderBinderRequest,
  ZUpdateBinderCardRequest,
  ZUpdateBinderRequest,
} from './binders';
import { ZPublicBinderResponse, ZPublicCardResponse, ZSharedBinderParams, ZSharedCardParams, ZSharedImageParams } from './share';
import { ZSyncActionResponse, ZSyncEventListResponse, ZSyncIdParam, ZSyncLogListResponse, ZSyncLogResponse } from './catalogue-sync';
import {
  ZCatalogueCardParams,
  ZCatalogueCardResponse,
  ZCatalogueImageParams,
  ZCatalogueSearchRequest,
  ZCatalogueSearchResponse,
  ZCatalogueSetListResponse,
} from './catalogue';
import { ZCollectionSummaryResponse } from './collection';
import { ZHealthResponse } from './health';
import {
  ZCollectionCsv,
  ZConfirmImportRequest,
  ZConfirmImportResponse,
  ZImportParams,
  ZImportPreviewRequest,
  ZImportPreviewResponse,
} from './collection-io';
import { ZSetCompletionResponse } from './set-completion';
import { ZApiError, ZIdParam, ZImageBytes, ZMessageResponse, ZRedirect } from './common';
import { ZGradingReportResponse } from './grading-report';
import { ZGradingIdParam, ZGradingImageParams, ZGradingListResponse, ZGradingResponse } from './gradings';
import { ZManualGradeRequest, ZManualGradeResponse } from './manual-grade';
import { ZUserMessageListResponse } from './notifications';
import {
  ZBillingResponse,
  ZCheckoutResponse,
  ZCreditCheckoutRequest,
  ZLocalCardResponse,
  ZLocalClockAdvanceRequest,
  ZLocalClockResponse,
  ZLocalPayRequest,
  ZLocalPortalCardRequest,
  ZLocalRedirectResponse,
  ZLocalSessionParams,
  ZLocalSessionResponse,
  ZOrderListResponse,
  ZOrderResponse,
  ZPortalResponse,
  ZWebhookResponse,
} from './payments';
import { ZCardPriceHistoryResponse, ZPriceUpdateLastRunResponse, ZPriceUpdatePreviewResponse, ZPriceUpdateResponse } from './price-update';
import { ZTestDetectionRefusal, ZTestDetectionResponse } from './test-detection';
import {
  ZCollectionFacetsResponse,
  ZUpdateUserCardRequest,
  ZUserCardImageParams,
  ZUserCardListRequest,
  ZUserCardListResponse,
  ZUserCardParams,
  ZUserCardRawValueResponse,
  ZUserCardResponse,
} from './user-cards';
import { ZCardPrintingsResponse } from './printing';

type Schema = z.ZodType;
/**
 * Who may call a route (deny by default): `public` anyone (the session is still read, unless
 * `session: false`), `user` a signed-in user, `admin` an administrator. Writes also need the CSRF
 * token unless the route says `csrf: false` (only for callers that prove themselves otherwise).
 */
export type ApiAccess = 'public' | 'user' | 'admin';
export type ApiRouteSpec = {
  access: ApiAccess;
  /** false: never read the session cookie (machine-to-machine, or answers that must not depend on who asks). */
  session?: false;
  /** false: no CSRF token asked (the payment webhook, authenticated by its signature). */
  csrf?: false;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The body is a FormData (files), documented by the route's upload form, not validated as JSON. */
  multipart?: true;
  /** The success answer, sent with `status` (200 unless said). */
  response: Schema;
  status?: 201 | 202 | 302;
  /** Other answers the route gives on purpose beside the shared error body (304, a 202 still running, 422). */
  others?: Record<number, Schema>;
};

export const API_ROUTES = {
  'POST /api/auth/register': { access: 'public', body: ZRegisterRequest, response: ZCurrentUserResponse, status: 201 },
  'POST /api/auth/login': { access: 'public', body: ZLoginRequest, response: ZCurrentUserResponse },
  'GET /api/auth/user': { access: 'public', response: ZCurrentUserResponse },
  'POST /api/auth/logout': { access: 'public', response: ZMessageResponse },
  'POST /api/auth/forgot-password': { access: 'public', body: ZForgotPasswordRequest, response: ZMessageResponse },
  'POST /api/auth/reset-password': { access: 'public', body: ZResetPasswordRequest, response: ZMessageResponse },
  'PUT /api/auth/profile': { access: 'user', body: ZUpdateProfileRequest, response: ZCurrentUserResponse },
  'POST /api/auth/change-password': { access: 'user', body: ZChangePasswordRequest, response: ZMessageResponse },
  'GET /api/auth/sessions': { access: 'user', response: ZSessionListResponse },
  'POST /api/auth/sessions/revoke-others': { access: 'user', response: ZRevokeSessionsResponse },

  'POST /api/logout': { access: 'public', response: ZMessageResponse },
  // `next`: the page to come back to after signing in (a 401 mid-edit); only a same-site path is kept.
  'GET /api/login': { access: 'public', query: ZLoginRedirectQuery, response: ZRedirect, status: 302 },
  'GET /api/health': { access: 'public', response: ZHealthResponse, others: { 503: ZHealthResponse } },

  'GET /api/user-messages': { access: 'user', response: ZUserMessageListResponse },
  'POST /api/user-messages/:id/mark-read': { access: 'user', params: ZIdParam, response: ZMessageResponse },

  'GET /api/catalogue/search': { access: 'user', query: ZCatalogueSearchRequest, response: ZCatalogueSearchResponse },
  'GET /api/catalogue/sets': { access: 'user', response: ZCatalogueSetListResponse },
  'GET /api/catalogue/cards/:id': { access: 'user', params: ZCatalogueCardParams, response: ZCatalogueCardResponse },
  // The picture through our own server (fetched once from the catalogue host and kept), or a placeholder SVG.
  'GET /api/catalogue/cards/:id/image/:size': { access: 'user', params: ZCatalogueImageParams, response: ZImageBytes },

  'GET /api/collection/summary': { access: 'user', response: ZCollectionSummaryResponse },
  'GET /api/collection/set-completion': { access: 'user', response: ZSetCompletionResponse },
  'POST /api/user-cards': { access: 'user', multipart: true, response: ZUserCardResponse, status: 201 },
  'POST /api/user-cards/:id/photos': { access: 'user', params: ZUserCardParams, multipart: true, response: ZUserCardResponse },
  'GET /api/user-cards': { access: 'user', query: ZUserCardListRequest, response: ZUserCardListResponse },
  'GET /api/user-cards/facets': { access: 'user', response: ZCollectionFacetsResponse },
  'GET /api/user-cards/:id': { access: 'user', params: ZUserCardParams, response: ZUserCardResponse },
  'PATCH /api/user-cards/:id': { access: 'user', params: ZUserCardParams, body: ZUpdateUserCardRequest, response: ZUserCardResponse },
  'DELETE /api/user-cards/:id': { access: 'user', params: ZUserCardParams, response: ZMessageResponse },
  // Checked per photo inside: owner, administrator, or a card shown in a public binder.
  'GET /api/user-cards/:id/images/:name': { access: 'public', params: ZUserCardImageParams, response: ZImageBytes },
  'GET /api/user-cards/:id/price-history': { access: 'user', params: ZUserCardParams, response: ZCardPriceHistoryResponse },
  // CSV export and import (issue 15): the export is a file download (a link, not a fetch).
  'GET /api/user-cards/export.csv': { access: 'user', response: ZCollectionCsv },
  'POST /api/collection-imports': { access: 'user', multipart: true, response: ZImportPreviewResponse, status: 201 },
  'GET /api/collection-imports/:id': {
    access: 'user',
    params: ZImportParams,
    query: ZImportPreviewRequest,
    response: ZImportPreviewResponse,
  },
  'POST /api/collection-imports/:id/confirm': {
    access: 'user',
    params: ZImportParams,
    body: ZConfirmImportRequest,
    response: ZConfirmImportResponse,
  },
  'GET /api/user-cards/:id/raw-value': { access: 'user', params: ZUserCardParams, response: ZUserCardRawValueResponse },
  'GET /api/catalogue/cards/:id/printings': { access: 'user', params: ZCatalogueCardParams, response: ZCardPrintingsResponse },

  'GET /api/binders': { access: 'user', response: ZBinderListResponse },
  'POST /api/binders': { access: 'user', body: ZCreateBinderRequest, response: ZBinderResponse, status: 201 },
  // Public binders can be read by anyone with the link; private ones only by their owner.
  'GET /api/binders/:id': {
    access: 'public',
    params: ZBinderParams,
    response: ZBinderDetailResponse,
    others: { 304: z.null().describe('Not modified: the If-None-Match ETag is the current version.') },
  },
  'PATCH /api/binders/:id': { access: 'user', params: ZBinderParams, body: ZUpdateBinderRequest, response: ZBinderResponse },
  'DELETE /api/binders/:id': { access: 'user', params: ZBinderParams, response: ZMessageResponse },
  'POST /api/binders/:id/cards': {
    access: 'user',
    params: ZBinderParams,
    body: ZAddBinderCardRequest,
    response: ZAddBinderCardResponse,
    status: 201,
  },
  'PUT /api/binders/:id/cards/:cardId': {
    access: 'user',
    params: ZBinderEntryParams,
    body: ZUpdateBinderCardRequest,
    response: ZMessageResponse,
  },
  'DELETE /api/binders/:id/cards/:submissionId': { access: 'user', params: ZBinderSubmissionParams, response: ZMessageResponse },
  // The share pages' API (issue 15): the same answer for every caller, so the session is not even read.
  'GET /api/shared/binders/:id': { access: 'public', session: false, params: ZSharedBinderParams, response: ZPublicBinderResponse },
  'GET /api/shared/binders/:id/cards/:userCardId': {
    access: 'public',
    session: false,
    params: ZSharedCardParams,
    response: ZPublicCardResponse,
  },
  'GET /api/shared/binders/:id/cards/:userCardId/images/:name': {
    access: 'public',
    session: false,
    params: ZSharedImageParams,
    response: ZImageBytes,
  },
  'PUT /api/binders/:id/order': { access: 'user', params: ZBinderParams, body: ZReorderBinderRequest, response: ZMessageResponse },

  'POST /api/grading/manual-grade': { access: 'user', body: ZManualGradeRequest, response: ZManualGradeResponse },
  'POST /api/user-cards/:id/manual-grading': {
    access: 'user',
    params: ZUserCardParams,
    body: ZManualGradeRequest,
    response: ZGradingResponse,
    status: 201,
  },
  'POST /api/grading/test-detection': {
    access: 'user',
    multipart: true,
    response: ZTestDetectionResponse,
    others: { 422: ZTestDetectionRefusal },
  },
  'POST /api/user-cards/:id/grade': { access: 'user', params: ZUserCardParams, response: ZGradingResponse, status: 202 },
  'GET /api/user-cards/:id/gradings': { access: 'user', params: ZUserCardParams, response: ZGradingListResponse },
  'GET /api/gradings/:gradingId': { access: 'user', params: ZGradingIdParam, response: ZGradingResponse },
  'GET /api/gradings/:gradingId/report': { access: 'user', params: ZGradingIdParam, response: ZGradingReportResponse },
  'GET /api/gradings/:gradingId/images/:name': { access: 'user', params: ZGradingImageParams, response: ZImageBytes },

  'POST /api/payments/checkout/credits': { access: 'user', body: ZCreditCheckoutRequest, response: ZCheckoutResponse },
  'POST /api/payments/checkout/subscription': { access: 'user', response: ZCheckoutResponse },
  'GET /api/payments/billing': { access: 'user', response: ZBillingResponse },
  'GET /api/payments/orders': { access: 'user', response: ZOrderListResponse },
  'GET /api/payments/orders/:id': { access: 'user', params: ZIdParam, response: ZOrderResponse },
  // Cancels a pending order of the caller's (the checkout's cancel return); a second call answers the cancelled order.
  'POST /api/payments/orders/:id/cancel': { access: 'user', params: ZIdParam, response: ZOrderResponse },
  'POST /api/payments/orders/:id/checkout': { access: 'user', params: ZIdParam, response: ZCheckoutResponse },
  'POST /api/payments/subscription/cancel': { access: 'user', response: ZBillingResponse },
  'POST /api/payments/subscription/resume': { access: 'user', response: ZBillingResponse },
  'POST /api/payments/portal': { access: 'user', response: ZPortalResponse },
  'GET /api/payments/local/sessions/:id': { access: 'user', params: ZLocalSessionParams, response: ZLocalSessionResponse },
  'POST /api/payments/local/sessions/:id/pay': {
    access: 'user',
    params: ZLocalSessionParams,
    body: ZLocalPayRequest,
    response: ZLocalRedirectResponse,
  },
  'POST /api/payments/local/sessions/:id/cancel': { access: 'user', params: ZLocalSessionParams, response: ZLocalRedirectResponse },
  'POST /api/payments/local/portal/card': { access: 'user', body: ZLocalPortalCardRequest, response: ZLocalCardResponse },
  // Test-only (PAYMENTS_TEST_CLOCK, refused in production): registered only when the clock is on.
  'POST /api/payments/local/clock': { access: 'user', body: ZLocalClockAdvanceRequest, response: ZLocalClockResponse },
  // The provider calls it, not a browser: no session is read and no CSRF token asked; its signature is its only proof.
  'POST /api/payments/webhook': { access: 'public', session: false, csrf: false, response: ZWebhookResponse },

  // The back-office: `:hash` is the install's admin path segment, told to administrators by GET /api/admin/path.
  'GET /api/admin/path': { access: 'admin', response: ZAdminPathResponse },
  'GET /api/admin/:hash/stats': { access: 'admin', params: ZAdminHashParam, response: ZAdminStatsResponse },
  'GET /api/admin/:hash/users': { access: 'admin', params: ZAdminHashParam, query: ZAdminUsersRequest, response: ZAdminUsersResponse },
  'GET /api/admin/:hash/users/:id': { access: 'admin', params: ZAdminUserIdParams, response: ZAdminUserResponse },
  'PUT /api/admin/:hash/users/:id': {
    access: 'admin',
    params: ZAdminUserIdParams,
    body: ZAdminUpdateUserRequest,
    response: ZAdminUpdateUserResponse,
  },
  'POST /api/admin/:hash/users/:id/reset-password': {
    access: 'admin',
    params: ZAdminUserIdParams,
    body: ZAdminResetPasswordRequest,
    response: ZAdminResetPasswordResponse,
  },
  'GET /api/admin/:hash/submissions': {
    access: 'admin',
    params: ZAdminHashParam,
    query: ZAdminSubmissionsRequest,
    response: ZAdminSubmissionsResponse,
  },
  'GET /api/admin/:hash/grading-reports/:gradingId': {
    access: 'admin',
    params: ZAdminGradingParams,
    response: ZAdminGradingReportResponse,
  },
  'GET /api/admin/:hash/grading/:gradingId/audit-trail': { access: 'admin', params: ZAdminGradingParams, response: ZAuditTrailResponse },
  'GET /api/admin/:hash/grading/:gradingId/adjustments': { access: 'admin', params: ZAdminGradingParams, response: ZAdjustmentsResponse },
  'GET /api/admin/:hash/grading/:gradingId/adjustments-grouped': {
    access: 'admin',
    params: ZAdminGradingParams,
    response: ZAdjustmentsGroupedResponse,
  },
  'GET /api/admin/:hash/grading/:gradingId/analysis-steps': {
    access: 'admin',
    params: ZAdminGradingParams,
    response: ZAnalysisStepsResponse,
  },
  'GET /api/admin/:hash/grading/:gradingId/images/:name': { access: 'admin', params: ZAdminGradingImageParams, response: ZImageBytes },
  'GET /api/admin/:hash/orders': { access: 'admin', params: ZAdminHashParam, query: ZAdminOrdersRequest, response: ZAdminOrdersResponse },
  'GET /api/admin/stripe-subscriptions': { access: 'admin', response: ZAdminSubscriptionsResponse },
  'GET /api/admin/:hash/weekly-price-update/last-run': { access: 'admin', params: ZAdminHashParam, response: ZPriceUpdateLastRunResponse },
  'GET /api/admin/:hash/weekly-price-update/preview': { access: 'admin', params: ZAdminHashParam, response: ZPriceUpdatePreviewResponse },
  // Answers 200 when the run finished within the wait, 202 while it goes on: both carry this one schema.
  'POST /api/admin/:hash/weekly-price-update': {
    access: 'admin',
    params: ZAdminHashParam,
    response: ZPriceUpdateResponse,
    others: { 202: ZPriceUpdateResponse, 409: ZApiError },
  },

  // The catalogue sync, outside the hash prefix (spec §7.3).
  'GET /api/admin/sync/logs': { access: 'admin', response: ZSyncLogListResponse },
  'GET /api/admin/sync/logs/:id': { access: 'admin', params: ZSyncIdParam, response: ZSyncLogResponse },
  'GET /api/admin/sync/events/:id': { access: 'admin', params: ZSyncIdParam, response: ZSyncEventListResponse },
  'POST /api/admin/sync/start-sets': { access: 'admin', response: ZSyncActionResponse },
  'POST /api/admin/sync/start-cards': { access: 'admin', response: ZSyncActionResponse },
  'POST /api/admin/sync/start-full': { access: 'admin', response: ZSyncActionResponse },
  'POST /api/admin/sync/cancel/:id': { access: 'admin', params: ZSyncIdParam, response: ZSyncActionResponse },
  'POST /api/admin/sync/resume/:id': { access: 'admin', params: ZSyncIdParam, response: ZSyncActionResponse },
} as const satisfies Record<string, ApiRouteSpec>;

export type ApiRoute = keyof typeof API_ROUTES;
type Spec<R extends ApiRoute> = (typeof API_ROUTES)[R];

/** `{ id: string }` for '/api/binders/:id', and so on for every `:name` in the path. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no path parameters: the neutral element of `&`
      {};
type PathOf<R extends string> = R extends `${string} ${infer P}` ? P : never;

export type TApiParams<R extends ApiRoute> = PathParams<PathOf<R>>;
/** What the caller sends: the schema's input (before transforms such as dollars to cents). */
export type TApiBody<R extends ApiRoute> =
  Spec<R> extends { multipart: true } ? FormData : Spec<R> extends { body: infer B extends Schema } ? z.input<B> : undefined;
export type TApiQuery<R extends ApiRoute> = Spec<R> extends { query: infer Q extends Schema } ? Partial<z.input<Q>> : undefined;
/** What the server answers: the response schema's output, as the serializer sends it. */
export type TApiResponse<R extends ApiRoute> = z.output<Spec<R>['response']>;

/** The concrete URL of a route: its `:params` filled in (encoded) and its query string appended. */
export function apiUrl(route: ApiRoute, params?: Record<string, string>, query?: Record<string, unknown>): string {
  const path = route.slice(route.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of [v].flat()) search.append(k, String(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

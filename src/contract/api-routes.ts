/**
 * The API as the web app calls it: for each "METHOD /path", the zod schemas of its query, body and
 * success answer. The server's routes declare these same schema objects (src/server/http/api-routes.test.ts
 * fails when one differs), and the web client (src/web/lib/api-client.ts) takes its types from here, so
 * a renamed field breaks the web type check instead of a screen. Multipart uploads take FormData.
 */
import type { z } from 'zod';
import {
  ZAdjustmentsGroupedResponse,
  ZAdjustmentsResponse,
  ZAdminGradingReportResponse,
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
  ZBinderListResponse,
  ZBinderResponse,
  ZCreateBinderRequest,
  ZReorderBinderRequest,
  ZUpdateBinderCardRequest,
  ZUpdateBinderRequest,
} from './binders';
import { ZPublicBinderResponse, ZPublicCardResponse } from './share';
import { ZSyncActionResponse, ZSyncEventListResponse, ZSyncLogListResponse, ZSyncLogResponse } from './catalogue-sync';
import { ZCatalogueCardResponse, ZCatalogueSearchRequest, ZCatalogueSearchResponse, ZCatalogueSetListResponse } from './catalogue';
import { ZCollectionSummaryResponse } from './collection';
import {
  ZCollectionCsv,
  ZConfirmImportRequest,
  ZConfirmImportResponse,
  ZImportPreviewRequest,
  ZImportPreviewResponse,
} from './collection-io';
import { ZSetCompletionResponse } from './set-completion';
import { ZMessageResponse } from './common';
import { ZGradingReportResponse } from './grading-report';
import { ZGradingListResponse, ZGradingResponse } from './gradings';
import { ZManualGradeRequest, ZManualGradeResponse } from './manual-grade';
import { ZUserMessageListResponse } from './notifications';
import {
  ZBillingResponse,
  ZCheckoutResponse,
  ZCreditCheckoutRequest,
  ZLocalCardResponse,
  ZLocalPayRequest,
  ZLocalPortalCardRequest,
  ZLocalRedirectResponse,
  ZLocalSessionResponse,
  ZOrderListResponse,
  ZOrderResponse,
  ZPortalResponse,
} from './payments';
import { ZCardPriceHistoryResponse, ZPriceUpdateLastRunResponse, ZPriceUpdatePreviewResponse, ZPriceUpdateResponse } from './price-update';
import { ZTestDetectionResponse } from './test-detection';
import {
  ZCollectionFacetsResponse,
  ZUpdateUserCardRequest,
  ZUserCardListRequest,
  ZUserCardListResponse,
  ZUserCardResponse,
  ZUserCardRawValueResponse,
} from './user-cards';
import { ZCardPrintingsResponse } from './printing';

type Schema = z.ZodType;
/** `multipart`: the body is a FormData (files), documented by the route's upload form, not validated as JSON. */
export type ApiRouteSpec = { query?: Schema; body?: Schema; multipart?: true; response: Schema };

export const API_ROUTES = {
  'POST /api/auth/register': { body: ZRegisterRequest, response: ZCurrentUserResponse },
  'POST /api/auth/login': { body: ZLoginRequest, response: ZCurrentUserResponse },
  'GET /api/auth/user': { response: ZCurrentUserResponse },
  'POST /api/auth/logout': { response: ZMessageResponse },
  'POST /api/auth/forgot-password': { body: ZForgotPasswordRequest, response: ZMessageResponse },
  'POST /api/auth/reset-password': { body: ZResetPasswordRequest, response: ZMessageResponse },
  'PUT /api/auth/profile': { body: ZUpdateProfileRequest, response: ZCurrentUserResponse },
  'POST /api/auth/change-password': { body: ZChangePasswordRequest, response: ZMessageResponse },
  'GET /api/auth/sessions': { response: ZSessionListResponse },
  'POST /api/auth/sessions/revoke-others': { response: ZRevokeSessionsResponse },

  'POST /api/logout': { response: ZMessageResponse },

  'GET /api/user-messages': { response: ZUserMessageListResponse },
  'POST /api/user-messages/:id/mark-read': { response: ZMessageResponse },

  'GET /api/catalogue/search': { query: ZCatalogueSearchRequest, response: ZCatalogueSearchResponse },
  'GET /api/catalogue/sets': { response: ZCatalogueSetListResponse },
  'GET /api/catalogue/cards/:id': { response: ZCatalogueCardResponse },

  'GET /api/collection/summary': { response: ZCollectionSummaryResponse },
  'GET /api/collection/set-completion': { response: ZSetCompletionResponse },
  'POST /api/user-cards': { multipart: true, response: ZUserCardResponse },
  'POST /api/user-cards/:id/photos': { multipart: true, response: ZUserCardResponse },
  'GET /api/user-cards': { query: ZUserCardListRequest, response: ZUserCardListResponse },
  'GET /api/user-cards/facets': { response: ZCollectionFacetsResponse },
  'GET /api/user-cards/:id': { response: ZUserCardResponse },
  'PATCH /api/user-cards/:id': { body: ZUpdateUserCardRequest, response: ZUserCardResponse },
  'DELETE /api/user-cards/:id': { response: ZMessageResponse },
  'GET /api/user-cards/:id/price-history': { response: ZCardPriceHistoryResponse },
  // CSV export and import (issue 15): the export is a file download (a link, not a fetch).
  'GET /api/user-cards/export.csv': { response: ZCollectionCsv },
  'POST /api/collection-imports': { multipart: true, response: ZImportPreviewResponse },
  'GET /api/collection-imports/:id': { query: ZImportPreviewRequest, response: ZImportPreviewResponse },
  'POST /api/collection-imports/:id/confirm': { body: ZConfirmImportRequest, response: ZConfirmImportResponse },
  'GET /api/user-cards/:id/raw-value': { response: ZUserCardRawValueResponse },
  'GET /api/catalogue/cards/:id/printings': { response: ZCardPrintingsResponse },

  'GET /api/binders': { response: ZBinderListResponse },
  'POST /api/binders': { body: ZCreateBinderRequest, response: ZBinderResponse },
  'GET /api/binders/:id': { response: ZBinderDetailResponse },
  'PATCH /api/binders/:id': { body: ZUpdateBinderRequest, response: ZBinderResponse },
  'DELETE /api/binders/:id': { response: ZMessageResponse },
  'POST /api/binders/:id/cards': { body: ZAddBinderCardRequest, response: ZAddBinderCardResponse },
  'PUT /api/binders/:id/cards/:cardId': { body: ZUpdateBinderCardRequest, response: ZMessageResponse },
  'DELETE /api/binders/:id/cards/:submissionId': { response: ZMessageResponse },
  'GET /api/shared/binders/:id': { response: ZPublicBinderResponse },
  'GET /api/shared/binders/:id/cards/:userCardId': { response: ZPublicCardResponse },
  'PUT /api/binders/:id/order': { body: ZReorderBinderRequest, response: ZMessageResponse },

  'POST /api/grading/manual-grade': { body: ZManualGradeRequest, response: ZManualGradeResponse },
  'POST /api/user-cards/:id/manual-grading': { body: ZManualGradeRequest, response: ZGradingResponse },
  'POST /api/grading/test-detection': { multipart: true, response: ZTestDetectionResponse },
  'POST /api/user-cards/:id/grade': { response: ZGradingResponse },
  'GET /api/user-cards/:id/gradings': { response: ZGradingListResponse },
  'GET /api/gradings/:gradingId': { response: ZGradingResponse },
  'GET /api/gradings/:gradingId/report': { response: ZGradingReportResponse },

  'POST /api/payments/checkout/credits': { body: ZCreditCheckoutRequest, response: ZCheckoutResponse },
  'POST /api/payments/checkout/subscription': { response: ZCheckoutResponse },
  'GET /api/payments/billing': { response: ZBillingResponse },
  'GET /api/payments/orders': { response: ZOrderListResponse },
  'GET /api/payments/orders/:id': { response: ZOrderResponse },
  'POST /api/payments/orders/:id/cancel': { response: ZOrderResponse },
  'POST /api/payments/orders/:id/checkout': { response: ZCheckoutResponse },
  'POST /api/payments/subscription/cancel': { response: ZBillingResponse },
  'POST /api/payments/subscription/resume': { response: ZBillingResponse },
  'POST /api/payments/portal': { response: ZPortalResponse },
  'GET /api/payments/local/sessions/:id': { response: ZLocalSessionResponse },
  'POST /api/payments/local/sessions/:id/pay': { body: ZLocalPayRequest, response: ZLocalRedirectResponse },
  'POST /api/payments/local/sessions/:id/cancel': { response: ZLocalRedirectResponse },
  'POST /api/payments/local/portal/card': { body: ZLocalPortalCardRequest, response: ZLocalCardResponse },

  // The back-office: `:hash` is the install's admin path segment, told to administrators by GET /api/admin/path.
  'GET /api/admin/path': { response: ZAdminPathResponse },
  'GET /api/admin/:hash/stats': { response: ZAdminStatsResponse },
  'GET /api/admin/:hash/users': { query: ZAdminUsersRequest, response: ZAdminUsersResponse },
  'GET /api/admin/:hash/users/:id': { response: ZAdminUserResponse },
  'PUT /api/admin/:hash/users/:id': { body: ZAdminUpdateUserRequest, response: ZAdminUpdateUserResponse },
  'POST /api/admin/:hash/users/:id/reset-password': { body: ZAdminResetPasswordRequest, response: ZAdminResetPasswordResponse },
  'GET /api/admin/:hash/submissions': { query: ZAdminSubmissionsRequest, response: ZAdminSubmissionsResponse },
  'GET /api/admin/:hash/grading-reports/:gradingId': { response: ZAdminGradingReportResponse },
  'GET /api/admin/:hash/grading/:gradingId/audit-trail': { response: ZAuditTrailResponse },
  'GET /api/admin/:hash/grading/:gradingId/adjustments': { response: ZAdjustmentsResponse },
  'GET /api/admin/:hash/grading/:gradingId/adjustments-grouped': { response: ZAdjustmentsGroupedResponse },
  'GET /api/admin/:hash/grading/:gradingId/analysis-steps': { response: ZAnalysisStepsResponse },
  'GET /api/admin/:hash/orders': { query: ZAdminOrdersRequest, response: ZAdminOrdersResponse },
  'GET /api/admin/stripe-subscriptions': { response: ZAdminSubscriptionsResponse },
  'GET /api/admin/:hash/weekly-price-update/last-run': { response: ZPriceUpdateLastRunResponse },
  'GET /api/admin/:hash/weekly-price-update/preview': { response: ZPriceUpdatePreviewResponse },
  // Answers 200 when the run finished within the wait, 202 while it goes on: both carry this one schema.
  'POST /api/admin/:hash/weekly-price-update': { response: ZPriceUpdateResponse },

  // The catalogue sync, outside the hash prefix (spec §7.3).
  'GET /api/admin/sync/logs': { response: ZSyncLogListResponse },
  'GET /api/admin/sync/logs/:id': { response: ZSyncLogResponse },
  'GET /api/admin/sync/events/:id': { response: ZSyncEventListResponse },
  'POST /api/admin/sync/start-sets': { response: ZSyncActionResponse },
  'POST /api/admin/sync/start-cards': { response: ZSyncActionResponse },
  'POST /api/admin/sync/start-full': { response: ZSyncActionResponse },
  'POST /api/admin/sync/cancel/:id': { response: ZSyncActionResponse },
  'POST /api/admin/sync/resume/:id': { response: ZSyncActionResponse },
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

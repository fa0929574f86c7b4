import { z } from 'zod';

/** The grading companies a card can be valued for. */
export const PLATFORMS = ['PSA', 'BGS', 'CGC'] as const;
export const ZPlatform = z.enum(PLATFORMS);
export type TPlatform = z.infer<typeof ZPlatform>;

/** Money at the edge: a decimal string with two places ("1234.50"), as the spec's value fields. */
export const ZDecimalString = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

/**
 * Stable, machine-readable reasons for a 4xx/5xx answer. Clients branch on these (and on the status),
 * never on the message, which is a sentence for people and may be reworded.
 */
export const ERROR_CODES = [
  'validation',
  'unauthorized',
  'forbidden',
  'csrf_rejected',
  'not_found',
  'conflict',
  'payment_declined',
  'insufficient_credits',
  'payload_too_large',
  'unsupported_media_type',
  'image_rejected',
  'rate_limited',
  'upstream_unavailable',
  'service_busy',
  'internal',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

const CODE_BY_STATUS: Record<number, TErrorCode> = {
  400: 'validation',
  401: 'unauthorized',
  402: 'payment_declined',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation',
  429: 'rate_limited',
  502: 'upstream_unavailable',
  503: 'service_busy',
};
/** The code an answer carries when nothing more specific was said: the usual meaning of its status. */
export const codeForStatus = (status: number): TErrorCode => CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'validation');

/** Body of every 4xx/5xx answer from the API: one sentence a person can act on, its code, plus the failing field. */
export const ZApiError = z.object({
  code: ZErrorCode,
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/**
 * The OpenAPI document's tags: every operation carries exactly one, the feature it belongs to
 * (a test walks every route and fails on a missing or unknown tag).
 */
export const API_TAGS = [
  'auth',
  'account',
  'notifications',
  'catalogue',
  'cards',
  'collection',
  'binders',
  'gradings',
  'payments',
  'admin',
  'catalogue-sync',
  'price-update',
  'system',
] as const;
export type TApiTag = (typeof API_TAGS)[number];

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
/** ZMessage as a route's success answer; the entity keeps its own name because other schemas embed it. */
export const ZMessageResponse = ZMessage;
export type TMessageResponse = TMessage;

/** A redirect's (empty) body: the Location header says where to. */
export const ZRedirect = z.null().describe('Redirect: see the Location header');

/** Image bytes a route sends as is (never serialised): documented, not validated. */
export const ZImageBytes = z.unknown().describe('The image bytes (image/jpeg, image/png or image/webp)');

export const ZIdParam = z.object({ id: z.string().uuid('Not a valid id') });

export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './http-names';

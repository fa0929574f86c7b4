/**
 * Domain errors: what a service says went wrong, in words a person can act on, without knowing about
 * HTTP (decision 011). Services and jobs throw these; http/errors.ts alone turns them into statuses.
 * The message is shown to the user as is, so it never carries a secret, a code or SQL.
 */
import type { TErrorCode } from '@contract/common';

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'unprocessable'
  | 'rate_limited'
  | 'upstream_unavailable'
  | 'unavailable';

/** What a client may branch on beyond the kind (`insufficient_credits`); the kind's usual code otherwise. */
type Options = { field?: string; retryAfterSeconds?: number; code?: TErrorCode };

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly options: Options = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, field?: string) => new DomainError('invalid', message, { field });
export const unauthenticated = (message = 'Sign in to continue.') => new DomainError('unauthenticated', message);
export const paymentRequired = (message: string, field?: string, code?: TErrorCode) =>
  new DomainError('payment_required', message, { field, code });
export const refused = (message = "You don't have permission to do that.", field?: string) =>
  new DomainError('forbidden', message, { field });
/** Not there, or not yours: the two answer alike so that nobody learns another user's ids. */
export const missing = (message = 'Not found.') => new DomainError('not_found', message);
export const conflicting = (message: string, field?: string) => new DomainError('conflict', message, { field });
export const tooLarge = (message: string, field?: string) => new DomainError('too_large', message, { field });
export const unsupported = (message: string, field?: string) => new DomainError('unsupported', message, { field });
/** Well-formed but unusable (a CSV without a number column). */
export const unprocessable = (message: string, field?: string) => new DomainError('unprocessable', message, { field });
export const tooMany = (message: string, retryAfterSeconds: number) => new DomainError('rate_limited', message, { retryAfterSeconds });
export const upstreamDown = (message: string) => new DomainError('upstream_unavailable', message);
/** This server cannot take it now (busy, a store down): try again later. */
export const unavailable = (message: string, retryAfterSeconds?: number) => new DomainError('unavailable', message, { retryAfterSeconds });

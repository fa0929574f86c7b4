/**
 * Domain errors: what a service says went wrong, in words a person can act on, without knowing about
 * HTTP (decision 011). Services and jobs throw these; http/errors.ts alone turns them into statuses.
 * The message is shown to the user as is, so it never carries a secret, a code or SQL.
 */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'upstream_unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly options: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, field?: string) => new DomainError('invalid', message, { field });
export const refused = (message: string, field?: string) => new DomainError('forbidden', message, { field });
export const conflicting = (message: string, field?: string) => new DomainError('conflict', message, { field });
export const tooMany = (message: string, retryAfterSeconds: number) => new DomainError('rate_limited', message, { retryAfterSeconds });
export const upstreamDown = (message: string) => new DomainError('upstream_unavailable', message);

import { isSameSitePath } from '@contract/auth';

/** Only same-site paths may be a post-login destination (the contract's rule, shared with GET /api/login). */
export function safeNext(next: string | null, fallback = '/account/dashboard'): string {
  return next && isSameSitePath(next) ? next : fallback;
}

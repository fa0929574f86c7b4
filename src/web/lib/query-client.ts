import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TErrorCode } from '@contract/common';
import { ApiError, fetchQueryKey, isUnauthorized } from './api';
import { CURRENT_USER_KEY } from './auth';
import { saveOpenDrafts } from './drafts';
import { markSessionEnded, SESSION_ENDED } from './session-ended';

export const LOGIN_REDIRECT_DELAY_MS = 500;
let redirecting = false;

/** A full page load (leaves the app); an object so a test can watch it (jsdom cannot navigate). */
export const pageLoad = {
  goTo(href: string) {
    window.location.href = href;
  },
};

/** Spec §4/§8: a 401 shows the logout toast, then the browser goes to /api/login after 500 ms (with the page to come back to). */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast.error(SESSION_ENDED.title, { description: SESSION_ENDED.description });
  // What the user was typing is kept, sign-in brings them back to this page (issue 24), and the login
  // page says again why they are there (the toast is gone after the 500 ms).
  saveOpenDrafts();
  markSessionEnded();
  const here = window.location.pathname + window.location.search;
  setTimeout(() => pageLoad.goTo(`/api/login?next=${encodeURIComponent(here)}`), LOGIN_REDIRECT_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  // Known to be signed out (a deliberate logout sets the cached user to null): a request still in flight
  // from the page just left answers 401, and no session ended under anyone's feet — no toast, no login
  // redirect from the logout page.
  const signedOut = () => client.getQueryData(CURRENT_USER_KEY) === null;
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A 401 on the current-user lookup only means "signed out" (spec §4).
        if (query.queryKey[0] === CURRENT_USER_KEY[0]) return;
        if (isUnauthorized(error) && !signedOut()) handleUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.options.meta?.allowUnauthorized) return;
        if (isUnauthorized(error) && !signedOut()) handleUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: fetchQueryKey,
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * Answers a retry cannot change, so the binder area does not retry them:
 * - 401: spec §4 says so — the logout toast and the login redirect take over at once;
 * - 403 and 404: permission and existence are decided by the server and stay the same a second later
 *   (someone else's private binder answers 404 on purpose); retrying would only delay the error screen
 *   by the back-off (about 7 s) and repeat a request the server already refused.
 * Every other failure — network errors, 5xx, 408, 409, 429 and the rest — may pass, so it is retried.
 */
const NOT_RETRIED = new Set<TErrorCode>(['unauthorized', 'forbidden', 'csrf_rejected', 'not_found']);

/** Spec §4/§9: binder-area queries retry up to 3 times, except the answers above (by code; a body without one gets its status's). */
export const retryUpToThree = (failureCount: number, error: unknown): boolean =>
  failureCount < 3 && !(error instanceof ApiError && NOT_RETRIED.has(error.code));

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { allowUnauthorized?: boolean };
  }
}

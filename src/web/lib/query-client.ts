import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fetchQueryKey, isUnauthorized } from './api';
import { CURRENT_USER_KEY } from './auth';

export const LOGIN_REDIRECT_DELAY_MS = 500;
let redirecting = false;

/** Spec §4/§8: a 401 shows the logout toast, then the browser goes to /api/login after 500 ms. */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  setTimeout(() => {
    window.location.href = '/api/login';
  }, LOGIN_REDIRECT_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A 401 on the current-user lookup only means "signed out" (spec §4).
        if (query.queryKey[0] === CURRENT_USER_KEY[0]) return;
        if (isUnauthorized(error)) handleUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.options.meta?.allowUnauthorized) return;
        if (isUnauthorized(error)) handleUnauthorized();
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
}

/** Binder-area queries retry up to 3 times, never on 401 or other client errors (spec §9). */
export const retryUpToThree = (failureCount: number, error: unknown): boolean =>
  failureCount < 3 && !(error instanceof Error && /^4\d\d:/.test(error.message));

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { allowUnauthorized?: boolean };
  }
}

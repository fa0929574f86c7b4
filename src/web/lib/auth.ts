import { useQuery } from '@tanstack/react-query';
import type { TCurrentUserResponse } from '@contract/auth';
import { isAdministrator } from '@contract/auth-rules';
import { ApiError } from './api';
import { api } from './api-client';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

async function fetchCurrentUser(): Promise<TCurrentUserResponse | null> {
  try {
    return await api('GET /api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in state is the current-user lookup returning a record; a 401 means nobody (spec §4). */
export function useAuth() {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    retry: false,
    staleTime: 0,
    gcTime: 300_000,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: !!user,
    isAdmin: isAdministrator(user?.role),
  };
}

/** First letter of the first name, else of the email, else 'U' (spec §2.6). */
export function avatarLetter(user: Pick<TCurrentUserResponse, 'firstName' | 'email'> | null): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

/**
 * A deliberate logout leaves a signed-in page for /logout-success or `/`. The user is forgotten at once
 * (the cache notifies synchronously) while the router's navigation runs in a transition, so the guard
 * of the page being left renders once without a user and would send the browser to /login?next=… instead
 * (issue 24: where the admin Logout used to end). The guard of that path waits a moment instead: long
 * enough for a slow phone's transition (2 s was outlasted on a loaded 2-core machine; the window holds
 * only for the one path just left, which nobody stays on after a logout).
 */
const LEAVING_GRACE_MS = 10_000;
let leaving: { path: string; until: number } | null = null;
export function markLeaving(path: string): void {
  leaving = { path, until: Date.now() + LEAVING_GRACE_MS };
}
export function isLeaving(path: string): boolean {
  return !!leaving && leaving.path === path && Date.now() < leaving.until;
}

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

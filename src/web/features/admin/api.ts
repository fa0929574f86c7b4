/**
 * The back-office's reads and writes. Every `{admin}` URL is built from the prefix the server hands to
 * administrators (GET /api/admin/path, docs/decisions/007-admin-path.md), and every answer is parsed
 * through the contract: a drift between server and screen shows as an error, not as a blank field.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZAdminPathResponse } from '@contract/admin';
import { apiRequest } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';

export const ADMIN_PATH_KEY = ['/api/admin/path'] as const;

/** The `{admin}` prefix, asked once per session (it never changes for an install). */
export function useAdminPrefix() {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: ADMIN_PATH_KEY,
    queryFn: async () => ZAdminPathResponse.parse(await apiRequest('GET', ADMIN_PATH_KEY[0])).prefix,
    enabled: isAdmin,
    staleTime: Infinity,
  });
}

export const getParsed = async <S extends z.ZodTypeAny>(schema: S, url: string): Promise<z.infer<S>> =>
  schema.parse(await apiRequest('GET', url));

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * One `{admin}` read: keyed by its path under the prefix (so mutations can invalidate by it), waiting for
 * the prefix, and keeping the previous page on screen while the next one loads.
 */
export function useAdminQuery<S extends z.ZodTypeAny>(
  schema: S,
  path: string,
  params: Record<string, string | number | undefined> = {},
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  const prefix = useAdminPrefix().data;
  return useQuery({
    queryKey: ['admin', path, params],
    queryFn: () => getParsed(schema, `${prefix}${path}${query(params)}`),
    enabled: !!prefix && (options.enabled ?? true),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: options.refetchInterval,
  });
}

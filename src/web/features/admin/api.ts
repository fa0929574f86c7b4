/**
 * The back-office's reads and writes. Every `{admin}` route takes the install's hash, which the server
 * hands to administrators (GET /api/admin/path, docs/decisions/007-admin-path.md), and every answer is
 * parsed through the contract's schema: a drift between server and screen shows as an error, not as a blank field.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API_ROUTES, type ApiRoute, type TApiParams, type TApiQuery, type TApiResponse } from '@contract/api-routes';
import { api, type ApiCallOptions } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';

export const ADMIN_PATH_KEY = ['/api/admin/path'] as const;

/** Calls a route and parses its answer with the route's own response schema (a drift fails loudly). */
export async function parsedApi<R extends ApiRoute>(route: R, options?: ApiCallOptions<R>): Promise<TApiResponse<R>> {
  const schema: z.ZodType = API_ROUTES[route].response;
  const call = api as (r: R, o?: ApiCallOptions<R>) => Promise<unknown>;
  return schema.parse(await call(route, options)) as TApiResponse<R>;
}

/** The `{admin}` hash, asked once per session (it never changes for an install). */
export function useAdminHash() {
  const { isAdmin } = useAuth();
  return useQuery({
    queryKey: ADMIN_PATH_KEY,
    queryFn: () => parsedApi('GET /api/admin/path'),
    select: (path) => path.hash,
    enabled: isAdmin,
    staleTime: Infinity,
  });
}

const ADMIN_BASE = '/api/admin/:hash';
type AdminGetRoute = Extract<ApiRoute, `GET ${typeof ADMIN_BASE}/${string}`>;

/**
 * One `{admin}` read: keyed by its path under the prefix (`/users/<id>`, so mutations can invalidate by it),
 * waiting for the hash, and keeping the previous page on screen while the next one loads.
 */
export function useAdminQuery<R extends AdminGetRoute>(
  route: R,
  params: Omit<TApiParams<R>, 'hash'>,
  query?: TApiQuery<R>,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  const hash = useAdminHash().data;
  const path = route
    .slice(`GET ${ADMIN_BASE}`.length)
    .replace(/:(\w+)/g, (_, name: string) => String((params as Record<string, string>)[name]));
  return useQuery({
    queryKey: ['admin', path, query ?? {}],
    queryFn: () => parsedApi(route, { params: { ...params, hash: hash! }, query } as unknown as ApiCallOptions<R>),
    enabled: !!hash && (options.enabled ?? true),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: options.refetchInterval,
  });
}

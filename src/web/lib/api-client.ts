/**
 * The typed way to call the API: a route name from the contract's API_ROUTES ('GET /api/binders/:id'),
 * its path parameters, query and body, and an answer typed from the route's response schema. No call
 * site picks its own generic, so a field renamed in the contract fails the web type check.
 */
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { apiUrl, type ApiRoute, type TApiBody, type TApiParams, type TApiQuery, type TApiResponse } from '@contract/api-routes';
import { apiRequest } from './api';

// `{} extends T` asks whether every field of T is optional (then the argument may be left out).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type ParamsOption<R extends ApiRoute> = {} extends TApiParams<R> ? { params?: undefined } : { params: TApiParams<R> };
type BodyOption<R extends ApiRoute> = TApiBody<R> extends undefined ? { body?: undefined } : { body: TApiBody<R> };
type QueryOption<R extends ApiRoute> = TApiQuery<R> extends undefined ? { query?: undefined } : { query?: TApiQuery<R> };
export type ApiCallOptions<R extends ApiRoute> = ParamsOption<R> & BodyOption<R> & QueryOption<R>;
/** The options argument, optional when the route needs neither parameters nor a body. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type OptionsArg<R extends ApiRoute> = {} extends ApiCallOptions<R> ? [options?: ApiCallOptions<R>] : [options: ApiCallOptions<R>];

/** Calls one route of the contract and answers its typed response (errors throw ApiError, as apiRequest). */
export function api<R extends ApiRoute>(route: R, ...[options]: OptionsArg<R>): Promise<TApiResponse<R>> {
  const o = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  const method = route.slice(0, route.indexOf(' '));
  return apiRequest<TApiResponse<R>>(method, apiUrl(route, o.params, o.query), o.body);
}

type GetRoute = Extract<ApiRoute, `GET ${string}`>;

/**
 * useQuery for a GET route of the contract. The caller still names the cache key (the app's keys
 * are shared with invalidations: `['/api/user-cards']` also refreshes each card's own key).
 */
export function useApiQuery<R extends GetRoute>(
  route: R,
  options: ApiCallOptions<R> & { queryKey: QueryKey } & Omit<UseQueryOptions<TApiResponse<R>>, 'queryKey' | 'queryFn'>,
) {
  const {
    params,
    query,
    body: _body,
    queryKey,
    ...rest
  } = options as ApiCallOptions<R> & { params?: unknown; query?: unknown; body?: unknown; queryKey: QueryKey };
  const call = { params, query } as unknown as ApiCallOptions<R>;
  return useQuery<TApiResponse<R>>({ ...(rest as object), queryKey, queryFn: () => api(route, ...([call] as OptionsArg<R>)) });
}

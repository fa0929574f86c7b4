/**
 * Registers a route from its one declaration in the contract (API_ROUTES): method, path, access,
 * session and CSRF rules, and the zod schemas of params, query, body and answers all come from there,
 * so the server cannot declare a route differently from what the web client is typed against. The
 * feature adds only what is the server's own: the handler, the OpenAPI words (tags, summary) and
 * per-route plugin options (rate limits, the upload form). Decision: docs/decisions/017.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROUTES, type ApiRoute } from '@contract/api-routes';

type Spec<R extends ApiRoute> = (typeof API_ROUTES)[R];
type Field<R extends ApiRoute, K extends string> = Spec<R> extends { [P in K]: infer S } ? S : undefined;
type StatusOf<R extends ApiRoute> = Spec<R> extends { status: infer S extends number } ? S : 200;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no other answers: the neutral element of `&`
type Others<R extends ApiRoute> = Spec<R> extends { others: infer O } ? O : {};

/** The Fastify schema a contract entry becomes; the zod type provider types the handler from it. */
export type ContractSchema<R extends ApiRoute> = {
  params: Field<R, 'params'>;
  querystring: Field<R, 'query'>;
  body: Field<R, 'body'>;
  response: { [S in StatusOf<R>]: Spec<R>['response'] } & Others<R>;
};

/** Any Fastify instance that uses the zod type provider (a feature plugin's `app`). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type ContractHandler<R extends ApiRoute> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a feature says about its route beyond the contract. Access, session and CSRF are not among them. */
export interface ContractRouteOptions<R extends ApiRoute> {
  tags: string[];
  summary: string;
  config?: Omit<FastifyContextConfig, 'access' | 'session' | 'csrf' | 'contractRoute'>;
  handler: ContractHandler<R>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API_ROUTES entry this route was registered from (route-table tests check every /api route has one). */
    contractRoute?: ApiRoute;
  }
}

/** The schema part of a contract entry, as Fastify wants it (only the keys the entry has). */
export function contractSchema<R extends ApiRoute>(name: R): ContractSchema<R> {
  const spec: (typeof API_ROUTES)[ApiRoute] = API_ROUTES[name];
  const schema: Record<string, unknown> = {
    response: { [('status' in spec && spec.status) || 200]: spec.response, ...('others' in spec ? spec.others : {}) },
  };
  if ('params' in spec) schema.params = spec.params;
  if ('query' in spec) schema.querystring = spec.query;
  if ('body' in spec) schema.body = spec.body;
  return schema as ContractSchema<R>;
}

/** Registers `name` ("METHOD /path" of API_ROUTES) on `app` with the feature's handler. */
export function contractRoute<R extends ApiRoute>(app: ZodApp, name: R, options: ContractRouteOptions<R>): void {
  const spec: (typeof API_ROUTES)[ApiRoute] = API_ROUTES[name];
  const [method, url] = name.split(' ') as [string, string];
  const rules: FastifyContextConfig = { access: spec.access, contractRoute: name };
  if ('session' in spec) rules.session = spec.session;
  if ('csrf' in spec) rules.csrf = spec.csrf;
  app.route<RouteGenericInterface, ContextConfigDefault, ContractSchema<R>>({
    method,
    url,
    config: { ...options.config, ...rules },
    // The OpenAPI words ride along with the schemas; Fastify's schema type has no room for them.
    schema: { tags: options.tags, summary: options.summary, ...contractSchema(name) } as ContractSchema<R>,
    handler: options.handler,
  });
}

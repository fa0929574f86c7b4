import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ApiAccess } from '@contract/api-routes';
import { isAdministrator } from '@contract/auth';
import { SESSION_COOKIE } from '@contract/common';
import type { LoadedSession, SessionStore, SessionUser } from '../auth/sessions';
import { forbidden, unauthorized } from './errors';

/**
 * Who may call a route. Every route must say (deny by default): one that does not stops the boot.
 * - `public`, `user`, `admin`: API routes, declared in the contract (API_ROUTES, registered through
 *   contract-route.ts); the session is loaded, answers are private (no-store).
 * - `asset`: a file anybody may fetch (the web app's build, the API docs); no session is read.
 */
export type Access = ApiAccess | 'asset';
const ACCESS: readonly Access[] = ['public', 'user', 'admin', 'asset'];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** false: never read the session cookie (public machine-to-machine endpoints such as payment webhooks). */
    session?: boolean;
  }
  interface FastifyRequest {
    session: LoadedSession | null;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  return requireSession(request).user;
}

export function requireSession(request: FastifyRequest): LoadedSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** `false` when the route opted out of CSRF (see security/csrf.ts); the access test lists them. */
  csrf?: boolean;
  /** `false` when the route never reads the session cookie. */
  session?: boolean;
  /** The API_ROUTES entry the route was registered from (every /api route has one: contract-route.test.ts). */
  contractRoute?: string;
  /** The route's schemas, as registered. */
  schema?: { params?: unknown; body?: unknown; querystring?: unknown; response?: Record<string, unknown> };
}

/**
 * The access the MATCHED route declares. Decisions never look at the URL text: the router decodes
 * `%61pi` to `api`, so a prefix test on `request.url` was a way around every check. Undefined for a
 * URL no route matched (the not-found handler answers those; no handler of ours runs).
 */
export function routeAccess(request: FastifyRequest): Access | undefined {
  if (request.is404) return undefined;
  return request.routeOptions.config?.access;
}

/** An API answer (anything but a static file): it may depend on who asks. */
export const isApiRoute = (request: FastifyRequest) => {
  const access = routeAccess(request);
  return access !== undefined && access !== 'asset';
};

/**
 * Registers plugins whose routes we cannot annotate ourselves (static files, swagger-ui) in a scope
 * that gives each of their routes `defaults` (e.g. `{ access: 'asset' }`).
 */
export function withRouteConfig(defaults: FastifyContextConfig, body: (scope: FastifyInstance) => PromiseLike<unknown>) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...defaults, ...route.config };
    });
    await body(scope);
  };
}

/** Registers the session loader and the per-route guard; returns the table of routes and their access. */
export function installAccessControl(app: FastifyInstance, sessions: SessionStore): RouteAccess[] {
  const table: RouteAccess[] = [];
  const routes: RouteOptions[] = [];
  app.decorateRequest('session', null);

  // Every route of every scope, checked once all are added: a plugin scope (withRouteConfig) fills in
  // `access` in its own onRoute hook, which runs after this one.
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onReady', async () => {
    for (const route of routes) {
      const access = route.config?.access;
      if (!access || !ACCESS.includes(access)) {
        throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} does not declare its access (deny by default)`);
      }
      for (const method of [route.method].flat())
        if (method !== 'HEAD')
          table.push({
            method,
            url: route.url,
            access,
            csrf: route.config?.csrf,
            session: route.config?.session,
            contractRoute: route.config?.contractRoute,
            schema: route.schema as RouteAccess['schema'],
          });
    }
  });

  // Runs before body validation, so a signed-out caller learns nothing about a route's input rules.
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.is404) return;
    const access = routeAccess(request);
    if (access === 'asset') return;
    // A public route that declares `session: false` (the payment webhook) never reads the cookie.
    if (access === 'public' && request.routeOptions.config?.session === false) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.session = await sessions.load(token);
    if (access === 'public') return;
    if (access !== 'user' && access !== 'admin') throw forbidden();
    const user = requireUser(request);
    if (access === 'admin' && !isAdministrator(user.role)) throw forbidden();
  });
  return table;
}

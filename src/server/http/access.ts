import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdministrator } from '@contract/auth';
import { SESSION_COOKIE } from '@contract/common';
import type { LoadedSession, SessionStore, SessionUser } from '../auth/sessions';
import { forbidden, unauthorized } from './errors';

/** Who may call a route. Every /api route must say; a route that does not fails the boot. */
export type Access = 'public' | 'user' | 'admin';

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
  if (!request.session) throw unauthorized();
  return request.session.user;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** Registers the session loader and the per-route guard; returns the table of routes and their access. */
export function installAccessControl(app: FastifyInstance, sessions: SessionStore): RouteAccess[] {
  const table: RouteAccess[] = [];
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access (deny by default)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });

  // Runs before body validation, so a signed-out caller learns nothing about a route's input rules.
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.url.startsWith('/api')) return;
    const config = request.routeOptions.config;
    if (config?.session === false && config.access === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.session = await sessions.load(token);
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = requireUser(request);
    if (access === 'admin' && !isAdministrator(user.role)) throw forbidden();
  });
  return table;
}

/**
 * Security headers with @fastify/helmet: the site's Content-Security-Policy, a route's own where it
 * needs one (route config `helmet`, e.g. the API docs), and the fixed headers below. Only the headers
 * the app has always sent are turned on: helmet's other defaults (Cross-Origin-Resource-Policy above
 * all, which would stop other sites from showing a shared card's image) are switched off on purpose.
 */
import helmet, { type FastifyHelmetRouteOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiRoute } from '../http/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's helmet options when the site's do not fit (the API docs' CSP). */
    helmet?: FastifyHelmetRouteOptions['helmet'];
  }
}

/** A policy written as its lines ("script-src 'self'"), as helmet's directives. */
const directives = (lines: string[]): Record<string, string[]> =>
  Object.fromEntries(lines.map((line) => [line.split(' ')[0], line.split(' ').slice(1)]));
/** The header helmet sends for those lines. */
const headerOf = (lines: string[]) => lines.join(';');

// Everything, catalogue pictures included (they come through /api/catalogue/cards/{id}/image), is our own origin.
const CSP_LINES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

/**
 * Swagger UI (/api/docs) loads its own scripts and styles from /api/docs/static (no inline script:
 * @fastify/swagger-ui's csp.json lists no hashes), draws icons from data: URIs and fetches the spec and
 * "Try it out" calls from this origin. Its example highlighter writes inline style attributes (seen
 * blocked in Chromium with style-src 'self'), so styles, and only styles, may be inline. Its
 * validator badge (validator.swagger.io) is switched off.
 */
const DOCS_CSP_LINES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];
export const DOCS_CSP = headerOf(DOCS_CSP_LINES);
/** The route config of the API docs' routes. */
export const DOCS_HELMET: FastifyHelmetRouteOptions['helmet'] = {
  contentSecurityPolicy: { useDefaults: false, directives: directives(DOCS_CSP_LINES) },
};

/** Answers of API routes may depend on who asks: no shared cache or browser history keeps them. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: directives(CSP_LINES) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Sent below, on HTTPS answers only.
    strictTransportSecurity: false,
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onSend', async (request, reply) => {
    // Decided by the matched route, not the URL. A route that chose its own policy (private photos
    // cached an hour, a versioned document with an ETag) keeps it.
    if (isApiRoute(request) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
  });
}

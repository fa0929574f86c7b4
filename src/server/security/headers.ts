import type { FastifyInstance } from 'fastify';
import { isApiRoute } from '../http/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's Content-Security-Policy when the site's default does not fit (the API docs). */
    csp?: string;
  }
}

// Everything, catalogue pictures included (they come through /api/catalogue/cards/{id}/image), is our own origin.
const CSP = [
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
].join('; ');

/**
 * Swagger UI (/api/docs) loads its own scripts and styles from /api/docs/static (no inline script:
 * @fastify/swagger-ui's csp.json lists no hashes), draws icons from data: URIs and fetches the spec and
 * "Try it out" calls from this origin. Its example highlighter writes inline style attributes (seen
 * blocked in Chromium with style-src 'self'), so styles, and only styles, may be inline. Its
 * validator badge (validator.swagger.io) is switched off.
 */
export const DOCS_CSP = [
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
].join('; ');

/** Answers of API routes may depend on who asks: no shared cache or browser history keeps them. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Content-Security-Policy', request.is404 ? CSP : (request.routeOptions.config?.csp ?? CSP));
    // Decided by the matched route, not the URL. A route that chose its own policy (private photos
    // cached an hour, a versioned document with an ETag) keeps it.
    if (isApiRoute(request) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
  });
}

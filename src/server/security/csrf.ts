import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/common';
import { HttpError } from '../http/errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF token: every response sets a random, readable `csrf_token` cookie if missing,
 * and every unsafe /api request must echo it in the `x-csrf-token` header. Another site can make the
 * browser send our cookies, but it can't read them to fill the header. SameSite=Lax is the second wall.
 */
export function installCsrf(app: FastifyInstance, opts: { secureCookies: (req: { protocol: string }) => boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    let token = request.cookies[CSRF_COOKIE];
    if (!token) {
      token = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: opts.secureCookies(request),
      });
    }
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent || !request.cookies[CSRF_COOKIE] || !same(sent, request.cookies[CSRF_COOKIE]!)) {
      throw new HttpError(403, 'Your session security token is missing or out of date. Reload the page and try again.');
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false only for endpoints authenticated by other means (payment webhooks). */
    csrf?: boolean;
  }
}

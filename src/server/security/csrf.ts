import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@contract/common';
import { HttpError } from '../http/errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Two walls on every write (POST/PUT/PATCH/DELETE) a route matched, decided from the MATCHED ROUTE
 * (never the URL text, which the router decodes: `/%61pi/…` reaches `/api/…` routes):
 *
 * 1. Double-submit token: every response sets a random, readable `csrf_token` cookie if missing, and
 *    every write must echo it in `x-csrf-token`. Another site can make the browser send our cookies,
 *    but it can't read them to fill the header. Sign-in and registration need it too (login CSRF).
 * 2. Where the request says where it comes from, it must come from us: `Sec-Fetch-Site` must be
 *    `same-origin` (or `none`, typed by the user), and `Origin`, when sent, must name this host (or
 *    PUBLIC_URL). Requests with neither header (curl, scripts) pass on the token alone: browsers send
 *    at least one of them on every cross-site write, so only non-browser clients lack both.
 *
 * SameSite=Lax cookies are a third wall. A route may opt out with `config.csrf: false` only when it
 * is authenticated by other means (payment webhooks).
 */
export const CROSS_SITE_MESSAGE = 'This request came from another website, so it was refused. Open GradeVault itself and try again.';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const effectivePort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * Whether an Origin names the host this request was sent to. The Host header carries no scheme, and
 * behind a TLS proxy that is not trusted (TRUST_PROXY unset) the request looks like plain http, so a
 * Host without a port accepts an Origin on its scheme's default port, and an explicit port must match.
 */
function sameHost(origin: URL, host: string): boolean {
  let target: URL;
  try {
    target = new URL(`${origin.protocol}//${host}`);
  } catch {
    return false;
  }
  if (origin.hostname !== target.hostname) return false;
  const hostPort = /:(\d+)$/.exec(host)?.[1];
  return hostPort ? hostPort === effectivePort(origin) : origin.port === '';
}

/** True when a browser tells us this write was started by another site. */
function isCrossSite(request: FastifyRequest, publicUrl: URL | undefined): boolean {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const raw = header(request, 'origin');
  if (raw === undefined) return false;
  let origin: URL;
  try {
    origin = new URL(raw);
  } catch {
    return true; // `null` (sandboxed frames, privacy redirects) or garbage: not provably us
  }
  if (publicUrl && origin.origin === publicUrl.origin) return false;
  return !sameHost(origin, request.host);
}

export function installCsrf(app: FastifyInstance, opts: { secureCookies: (req: { protocol: string }) => boolean; publicUrl?: string }) {
  const publicUrl = opts.publicUrl ? new URL(opts.publicUrl) : undefined;
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
    // An unmatched URL runs no handler of ours: the not-found handler answers it.
    if (!UNSAFE.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (isCrossSite(request, publicUrl)) throw new HttpError(403, CROSS_SITE_MESSAGE, undefined, 'csrf_rejected');
    const sent = header(request, CSRF_HEADER);
    if (!sent || !request.cookies[CSRF_COOKIE] || !same(sent, request.cookies[CSRF_COOKIE])) {
      throw new HttpError(
        403,
        'Your session security token is missing or out of date. Reload the page and try again.',
        undefined,
        'csrf_rejected',
      );
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false only for endpoints authenticated by other means (payment webhooks). */
    csrf?: boolean;
  }
}

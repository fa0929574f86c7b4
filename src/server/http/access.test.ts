/**
 * Deny-by-default, walked over every route the app registered (its own route table) and every way
 * of spelling a URL that a router, a proxy or a browser might treat differently: percent-encoded
 * letters and slashes, doubled and trailing slashes, other cases, dot segments, backslashes. The
 * requests go over a real loopback socket, because app.inject resolves dot segments itself.
 *
 * For each spelling and caller, no handler may run unless the access of the route the spelling
 * matched admits the caller and, for writes, the CSRF token came along from our own site; an
 * unmatched API spelling is a 404 in JSON, never the web app and never a 500.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@contract/common';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createSessionStore, type SessionStore } from '../auth/sessions';
import { CROSS_SITE_MESSAGE } from '../security/csrf';
import { TestClient, TestClock } from '../test/app';
import { openTestDatabase } from '../test/db';
import { buildUser } from '../test/factories';
import { installAccessControl, type Access } from './access';

const WEB_DIST = path.resolve(`.tmp/access-web-${process.pid}`);
const CSRF_MESSAGE = /session security token/;
const clock = new TestClock();
let app: FastifyInstance;
let database: Database;
let sessions: SessionStore;
let base: { host: string; port: number };
/** Probe ids whose request reached a route handler (the preHandler hook runs right before it). */
const reached = new Set<string>();
/** The access of the route each probe actually matched (a spelling may match another route: `/api/binders/` is `/api/binders/:id`). */
const matched = new Map<string, Access | undefined>();
/** Probes whose matched route opted out of CSRF (`config.csrf: false`: a provider's webhook, proved by its signature). */
const csrfExempt = new Set<string>();

beforeAll(async () => {
  fs.mkdirSync(path.join(WEB_DIST, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(WEB_DIST, 'index.html'), '<!doctype html><title>GradeVault web app</title>');
  fs.writeFileSync(path.join(WEB_DIST, 'assets', 'app-1234.js'), 'console.log(1)');
  database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT: 'false' });
  app = await buildApp(
    { config, database, clock, mail: { transport: 'outbox', send: async () => undefined }, secret: 'test-secret-test-secret-test-secret!' },
    { logger: false, webDist: WEB_DIST },
  );
  // Always there, so the admin rows of the walk are never vacuous; the app's own admin routes (under
  // /api/admin, a filled-in :hash being a wrong one: 404 before any handler) join the walk from the route table by themselves, and the last test prefers them.
  app.get('/api/test/admin-only', { config: { access: 'admin' } }, async () => ({ secret: true }));
  app.post('/api/test/admin-write', { config: { access: 'admin' } }, async () => ({ secret: true }));
  app.addHook('preHandler', async (request) => {
    const probe = request.headers['x-probe'];
    if (typeof probe === 'string' && !request.is404) reached.add(probe);
  });
  app.addHook('onResponse', async (request) => {
    const probe = request.headers['x-probe'];
    if (typeof probe === 'string') matched.set(probe, request.is404 ? undefined : request.routeOptions.config?.access);
    if (typeof probe === 'string' && !request.is404 && request.routeOptions.config?.csrf === false) csrfExempt.add(probe);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = { host: '127.0.0.1', port: (app.server.address() as { port: number }).port };
  sessions = createSessionStore(database.db, clock, config.sessionDays);
}, 60_000);
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(WEB_DIST, { recursive: true, force: true });
});

const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const fill = (url: string) => url.replace(/:[A-Za-z]+/g, ZERO_ID).replace(/\*$/, 'x.js');
const encode = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** The ways of writing one path that should not all be the same thing to every layer. */
function spellings(url: string): Record<string, string> {
  const [, first = '', ...rest] = url.split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const mixed = url.replace(/[a-z]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c));
  return {
    plain: url,
    'encoded first letter': `/${encode(first[0] ?? 'a')}${first.slice(1)}${tail}`,
    'every segment encoded': url.replace(/\/([a-z])/g, (_m, c: string) => `/${encode(c)}`),
    'encoded slash': `/${first}%2F${rest.join('%2F')}`,
    'encoded slash lower': `/${first}%2f${rest.join('/')}`,
    'double slash': `/${first}/${tail}`,
    'leading double slash': `/${url}`,
    'trailing slash': `${url}/`,
    'upper case': `/${first.toUpperCase()}${tail}`,
    'mixed case': mixed,
    'dot segment': `/${first}/.${tail}`,
    'dot-dot segment': `/${first}/x/..${tail}`,
    'encoded dot-dot': `/${first}/x/%2e%2e${tail}`,
    'leading dot-dot': `/x/..${url}`,
    backslash: `/${first}\\${rest.join('\\')}`,
    'double-encoded letter': `/%25${encode(first[0] ?? 'a').slice(1)}${first.slice(1)}${tail}`,
  };
}

type Caller = 'anonymous' | 'user' | 'admin' | 'user without token' | 'user from another site' | 'user, cross-site fetch';
let probeId = 0;
/** One session per kind of caller, made again after a handler ran (logout and revoke-others end sessions). */
const sessionOf = new Map<'user' | 'admin', string>();
async function session(role: 'user' | 'admin') {
  let token = sessionOf.get(role);
  if (!token) {
    const user = await buildUser(database.db, { role });
    token = await sessions.create(user.id, { userAgent: 'access walk' });
    sessionOf.set(role, token);
  }
  return token;
}

async function send(method: string, rawPath: string, caller: Caller) {
  const probe = String(++probeId);
  const cookies: Record<string, string> = { [CSRF_COOKIE]: 'walk-token' };
  const headers: Record<string, string> = { 'x-probe': probe, [CSRF_HEADER]: 'walk-token', host: `${base.host}:${base.port}` };
  const role = caller === 'admin' ? 'admin' : 'user';
  if (caller !== 'anonymous') cookies[SESSION_COOKIE] = await session(role);
  if (caller === 'user without token') delete headers[CSRF_HEADER];
  if (caller === 'user from another site') headers.origin = 'https://evil.example';
  if (caller === 'user, cross-site fetch') headers['sec-fetch-site'] = 'cross-site';
  headers.cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const body = method === 'GET' ? undefined : '{}';
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(body.length) });
  const res = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = http.request({ ...base, method, path: rawPath, headers, agent: false }, (r) => {
      let text = '';
      r.on('data', (d: Buffer) => (text += d.toString()));
      r.on('end', () => resolve({ status: r.statusCode ?? 0, type: String(r.headers['content-type'] ?? ''), body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
  if (reached.has(probe) && caller !== 'anonymous') sessionOf.delete(role);
  return { ...res, reachedHandler: reached.has(probe), matchedAccess: matched.get(probe), csrfExempt: csrfExempt.has(probe) };
}

function admits(access: Access, caller: Caller): boolean {
  if (access === 'public' || access === 'asset') return true;
  if (caller === 'anonymous') return false;
  return access === 'user' || caller === 'admin';
}

it('walks every route and every spelling: no handler runs without the right role, CSRF token and origin', async () => {
  const table = app.routeAccess;
  expect(table.filter((r) => r.access === 'user').length).toBeGreaterThan(25);
  const failures: string[] = [];
  let requests = 0;
  let handlersRun = 0;
  /** Plain-spelling outcomes per matched access and caller: proves each branch of `admits` ran both ways. */
  const outcomes = new Map<string, number>();
  const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

  for (const route of table) {
    const unsafe = route.method !== 'GET';
    const callers: Caller[] = unsafe
      ? ['anonymous', 'user', 'admin', 'user without token', 'user from another site', 'user, cross-site fetch']
      : ['anonymous', 'user', 'admin'];
    for (const [spelling, rawPath] of Object.entries(spellings(fill(route.url)))) {
      for (const caller of callers) {
        const res = await send(route.method, rawPath, caller);
        requests++;
        if (res.reachedHandler) handlersRun++;
        if (res.status >= 500) failures.push(`server error: ${caller}: ${route.method} ${rawPath} → ${res.status}`);
        // Judged by the route the spelling matched. None: the not-found handler answered, which must
        // be a JSON 404 for an API spelling (a web page's spelling may get the web app).
        if (res.matchedAccess === undefined) {
          if (res.reachedHandler) failures.push(`handler ran for an unmatched URL: ${route.method} ${rawPath}`);
          if (route.url.startsWith('/api') && (res.status !== 404 || !res.type.includes('application/json')))
            failures.push(`unmatched API spelling not a JSON 404: ${caller}: ${route.method} ${rawPath} → ${res.status} ${res.type}`);
          continue;
        }
        const where = `${caller}: ${route.method} ${rawPath} (${spelling} of ${route.url}, matched a ${res.matchedAccess} route) → ${res.status} ${res.body.slice(0, 80)}`;
        const allowed = admits(res.matchedAccess, caller);
        const writeRefused = unsafe && !res.csrfExempt && caller !== 'user' && caller !== 'admin' && caller !== 'anonymous';
        if (res.reachedHandler && (!allowed || writeRefused)) failures.push(`handler ran: ${where}`);
        // A refused caller learns nothing about the route's input: 401 or 403, never a validation 400.
        if ((!allowed || writeRefused) && ![401, 403].includes(res.status)) failures.push(`not refused: ${where}`);
        if (
          writeRefused &&
          res.status === 403 &&
          !(caller === 'user without token' ? CSRF_MESSAGE : new RegExp(CROSS_SITE_MESSAGE.slice(0, 30))).test(res.body)
        )
          failures.push(`wrong refusal: ${where}`);
        if (res.matchedAccess !== 'asset' && res.type.includes('text/html')) failures.push(`web app served for an API route: ${where}`);
        if (spelling === 'plain' && !allowed && res.status !== (caller === 'anonymous' ? 401 : 403)) failures.push(`plain URL: ${where}`);
        if (spelling === 'plain') count(`${res.matchedAccess} ${caller} ${res.reachedHandler ? 'reached' : 'refused'}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // The walk is not vacuous: allowed callers do reach handlers, through the plain and the decoded spellings.
  expect(requests).toBeGreaterThan(2000);
  expect(handlersRun).toBeGreaterThan(100);
  // Each access level was walked both ways: admitted callers reached a handler, the others were refused.
  const branches = [
    'admin admin reached',
    'admin user refused',
    'admin anonymous refused',
    'user user reached',
    'user anonymous refused',
    'public anonymous reached',
  ];
  expect(branches.filter((key) => !outcomes.get(key))).toEqual([]);
  // Every administrator route of the app itself (not only the test's) was part of the walk.
  const adminRoutes = table.filter((r) => r.access === 'admin').length;
  expect(outcomes.get('admin user refused')).toBe(adminRoutes);
}, 240_000);

it('lets only the payment webhook opt out of CSRF: a public route whose signature is its proof', () => {
  const exempt = app.routeAccess.filter((r) => r.csrf === false).map((r) => `${r.method} ${r.url} (${r.access})`);
  expect(exempt).toEqual(['POST /api/payments/webhook (public)']);
});

it('answers an unmatched API spelling with 404 JSON and other unknown pages with the web app', async () => {
  for (const p of ['/%61pi/nothing-here', '/API/auth/user', '//api/auth/user', '/web/../api/x', '/%2561pi/auth/user', '/api']) {
    const res = await send('GET', p, 'anonymous');
    expect([p, res.status, res.type.includes('application/json')]).toEqual([p, 404, true]);
  }
  const page = await send('GET', '/account/collection', 'anonymous');
  expect([page.status, page.body]).toEqual([200, expect.stringContaining('GradeVault web app')]);
  expect((await send('GET', '/%61pi/auth/sessions', 'anonymous')).status).toBe(401);
});

it('keeps the plain answers: 401 signed out, 403 for a user on an admin route, and admins reach it', async () => {
  expect((await new TestClient(app).get('/api/user-cards')).statusCode).toBe(401);
  // The app's own admin list route once there is one; the test-only route until then.
  const adminGet = app.routeAccess.find(
    (r) => r.access === 'admin' && r.method === 'GET' && r.url.startsWith('/api/admin') && !r.url.includes(':'),
  );
  const url = adminGet?.url ?? '/api/test/admin-only';
  expect((await send('GET', url, 'anonymous')).status).toBe(401);
  expect((await send('GET', url, 'user')).status).toBe(403);
  const asAdmin = await send('GET', url, 'admin');
  expect([asAdmin.status, asAdmin.reachedHandler]).toEqual([200, true]);
});

it('refuses to boot a route that does not declare who may call it', async () => {
  const bare = Fastify();
  installAccessControl(bare, {} as SessionStore);
  bare.get('/api/forgotten', async () => 'oops');
  await expect(bare.ready()).rejects.toThrow(/does not declare its access/);
  const assets = Fastify();
  installAccessControl(assets, {} as SessionStore);
  assets.get('/robots.txt', async () => 'no api prefix, still needs a declaration');
  await expect(assets.ready()).rejects.toThrow(/does not declare its access/);
});

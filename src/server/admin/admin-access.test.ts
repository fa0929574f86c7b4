/**
 * Deny-by-default over the back-office: every admin route the app registered × {signed out, user,
 * admin, super_admin}, with the right hash and a wrong one. Only administrators with the right hash
 * reach a handler; nobody else learns anything (401/403/404 with a generic message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';

let ctx: TestContext;
let hash: string;
let clients: Record<'signedOut' | 'user' | 'admin' | 'super_admin', TestClient>;
let fill: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
  const user = await signedInClient(ctx);
  const admin = await signedInClient(ctx, { role: 'admin' });
  const superAdmin = await signedInClient(ctx, { role: 'super_admin' });
  clients = { signedOut: new TestClient(ctx.app), user: user.client, admin: admin.client, super_admin: superAdmin.client };
  hash = (await admin.client.get('/api/admin/path')).json<{ hash: string }>().hash;
  const card = await buildUserCard(ctx.database.db, user.user.id);
  const grading = await buildGrading(ctx.database.db, card);
  fill = { id: user.user.id, gradingId: grading.gradingId, name: 'frontAnnotated' };
}, 60_000);
afterAll(async () => ctx?.close());

const adminRoutes = () => ctx.app.routeAccess.filter((r) => r.url.startsWith('/api/admin'));
const urlOf = (url: string, withHash: string) => url.replace(':hash', withHash).replace(/:(\w+)/g, (_, k: string) => fill[k] ?? 'x');
// Valid bodies, so a write that is let through is told apart from one refused by validation.
const bodyOf = (url: string) =>
  url.endsWith('reset-password')
    ? { newPassword: 'secret123' }
    : url.endsWith('/users/:id')
      ? { username: 'walked_user', email: 'walked@example.test', credits: 0, role: 'user', firstName: null, lastName: null }
      : undefined;

describe('admin routes', () => {
  it('are all declared admin and include every §7.3 endpoint', () => {
    const routes = adminRoutes();
    expect(routes.every((r) => r.access === 'admin')).toBe(true);
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/path',
      'GET /api/admin/:hash/stats',
      'GET /api/admin/:hash/users',
      'GET /api/admin/:hash/users/:id',
      'PUT /api/admin/:hash/users/:id',
      'POST /api/admin/:hash/users/:id/reset-password',
      'GET /api/admin/:hash/submissions',
      'GET /api/admin/:hash/grading-reports/:gradingId',
      'GET /api/admin/:hash/grading/:gradingId/audit-trail',
      'GET /api/admin/:hash/grading/:gradingId/adjustments',
      'GET /api/admin/:hash/grading/:gradingId/adjustments-grouped',
      'GET /api/admin/:hash/grading/:gradingId/analysis-steps',
      'GET /api/admin/:hash/orders',
      'GET /api/admin/stripe-subscriptions',
    ])
      expect(urls).toContain(expected);
  });

  it('answer 401 signed out and 403 to a user, whatever the hash, before validation', async () => {
    for (const route of adminRoutes()) {
      for (const h of [hash, 'wrong-hash-wrong-hash']) {
        const url = urlOf(route.url, h);
        const out = await clients.signedOut.request(route.method as 'GET', url, bodyOf(route.url));
        expect(out.statusCode, `${route.method} ${url} signed out`).toBe(401);
        const user = await clients.user.request(route.method as 'GET', url, bodyOf(route.url));
        expect(user.statusCode, `${route.method} ${url} user`).toBe(403);
        expect(user.body).not.toContain(hash);
      }
    }
  });

  it('answer 404 to an administrator with a wrong hash, like an unknown URL', async () => {
    for (const route of adminRoutes().filter((r) => r.url.includes(':hash'))) {
      for (const role of ['admin', 'super_admin'] as const) {
        const url = urlOf(route.url, 'wrong-hash-wrong-hash');
        const res = await clients[role].request(route.method as 'GET', url, bodyOf(route.url));
        expect(res.statusCode, `${route.method} ${url} ${role}`).toBe(404);
        expect(res.json()).toEqual({ code: 'not_found', message: `No such endpoint: ${route.method} ${url.split('?')[0]}` });
      }
    }
  });

  it('let admin and super_admin through with the right hash', async () => {
    for (const route of adminRoutes().filter((r) => r.method === 'GET')) {
      for (const role of ['admin', 'super_admin'] as const) {
        const url = urlOf(route.url, hash);
        const res = await clients[role].request('GET', url);
        // A made-up id (a sync log, an evidence image of a factory grading) is the handler's own 404,
        // never the wrong-hash one: the route was reached.
        if (/:(?!hash\b)\w+/.test(route.url) && res.statusCode === 404) {
          expect(res.json<{ code: string; message: string }>().code).toBe('not_found');
          expect(res.body).not.toContain('No such endpoint');
        } else expect(res.statusCode, `${url} ${role}: ${res.body}`).toBe(200);
      }
    }
  });

  it('keeps the hash out of the public API document', async () => {
    const res = await clients.signedOut.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(hash);
  });
});

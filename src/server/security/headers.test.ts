/**
 * Private answers stay out of caches, the API docs get a CSP of their own, and writes from another
 * site are refused by their Origin / Sec-Fetch-Site as well as by the CSRF token.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { CROSS_SITE_MESSAGE } from './csrf';
import { DOCS_CSP, PRIVATE_CACHE_CONTROL } from './headers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', PUBLIC_URL: 'https://cards.example.com' });
});
afterAll(() => ctx.close());

it('sends Cache-Control: private, no-store on every API answer whose route did not choose its own', async () => {
  const { client } = await signedInClient(ctx);
  const routes = ctx.app.routeAccess.filter((r) => r.method === 'GET' && r.access !== 'asset' && !r.url.includes(':'));
  expect(routes.map((r) => r.url)).toEqual(
    expect.arrayContaining(['/api/auth/user', '/api/user-cards', '/api/auth/sessions', '/api/user-messages', '/api/collection/summary']),
  );
  const answers = [];
  for (const route of routes) answers.push([route.url, (await client.get(route.url)).headers['cache-control']]);
  expect(answers).toEqual(routes.map((r) => [r.url, PRIVATE_CACHE_CONTROL]));
  // Refusals too: a 401 is about who asks.
  expect((await new TestClient(ctx.app).get('/api/auth/user')).headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
});

it('gives /api/docs a CSP that lets swagger-ui run from its own files only', async () => {
  for (const url of ['/api/docs', '/api/docs/static/swagger-ui.css', '/api/docs/static/swagger-initializer.js']) {
    const page = await new TestClient(ctx.app).get(url);
    expect([url, page.statusCode, page.headers['content-security-policy']]).toEqual([url, 200, DOCS_CSP]);
  }
  expect(DOCS_CSP).toMatch(/script-src 'self'(;|$)/);
  expect((await new TestClient(ctx.app).get('/api/docs/json')).headers['content-security-policy']).toBe(DOCS_CSP);
  expect((await new TestClient(ctx.app).get('/api/health')).headers['content-security-policy']).not.toBe(DOCS_CSP);
});

it('refuses a cookie-authenticated write from another site by Origin or Sec-Fetch-Site, beside the token', async () => {
  const { client } = await signedInClient(ctx);
  const create = (headers: Record<string, string>) => client.request('POST', '/api/binders', { name: 'Holos' }, headers);
  const refused: Array<Record<string, string>> = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://localhost.evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'same-site', origin: 'http://localhost:80' },
    { origin: 'http://localhost:3000' }, // another port of the same host
  ];
  for (const headers of refused) {
    const res = await create(headers);
    expect([headers, res.statusCode, json(res).message]).toEqual([headers, 403, CROSS_SITE_MESSAGE]);
  }
  const allowed: Array<Record<string, string>> = [
    {}, // no browser headers (curl, scripts): the token alone decides
    { origin: 'http://localhost' },
    { origin: 'http://localhost:80' },
    { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
    { 'sec-fetch-site': 'none' },
    { origin: 'https://cards.example.com' }, // PUBLIC_URL
  ];
  for (const headers of allowed) expect([headers, (await create(headers)).statusCode]).toEqual([headers, 201]);
  // The token is still required with a same-origin header.
  const noToken = await ctx.app.inject({
    method: 'POST',
    url: '/api/binders',
    payload: { name: 'x' },
    headers: { 'sec-fetch-site': 'same-origin' },
    cookies: client.cookies,
  });
  expect(noToken.statusCode).toBe(403);
  expect(json(noToken).message).toMatch(/security token/);
});

it('sends the same security headers on API answers, refusals, 404s and the docs, and none of helmet’s other defaults', async () => {
  const { client } = await signedInClient(ctx);
  const answers = [
    await client.get('/api/auth/user'),
    await new TestClient(ctx.app).get('/api/auth/user'), // a 401
    await new TestClient(ctx.app).get('/api/no-such-route'), // a 404
    await new TestClient(ctx.app).get('/api/docs'),
  ];
  expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 200]);
  for (const { headers } of answers) {
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
    });
    for (const absent of [
      'strict-transport-security', // HTTPS answers only
      'cross-origin-resource-policy', // would stop other sites from showing a shared card's image
      'cross-origin-embedder-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ])
      expect([absent, headers[absent]]).toEqual([absent, undefined]);
  }
  const siteCsp = answers[0].headers['content-security-policy'];
  expect(siteCsp).toBe(
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-ancestors 'none';base-uri 'self';form-action 'self';object-src 'none'",
  );
  expect(answers[1].headers['content-security-policy']).toBe(siteCsp);
  expect(answers[2].headers['content-security-policy']).toBe(siteCsp);
  expect(answers[3].headers['content-security-policy']).toBe(DOCS_CSP);
});

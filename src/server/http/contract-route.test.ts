/**
 * Every API route is declared once, in the contract's API_ROUTES, and the server registers it from
 * there: a route added with a bare `app.get('/api/…')` (so with its own access or schemas), or a
 * contract entry nobody serves, fails here. The schemas and access the server runs with are the
 * contract entry's own objects, not copies.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute, type ApiRouteSpec } from '@contract/api-routes';
import { createTestApp, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  // The test clock's route is registered only when the clock is on: on, so every entry is served.
  ctx = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_TEST_CLOCK: 'true', DATA_DIR: `.tmp/test-data-${process.pid}` });
}, 60_000);
afterAll(() => ctx.close());

/** Not API routes of ours: the OpenAPI document and its viewer (swagger-ui's own files). */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

it('registers every /api route from its contract entry, and serves every entry', () => {
  const api = ctx.app.routeAccess.filter((r) => isApi(r.url));
  const bare = api.filter((r) => r.contractRoute !== `${r.method} ${r.url}`).map((r) => `${r.method} ${r.url}`);
  expect(bare).toEqual([]);
  const served = new Set(api.map((r) => r.contractRoute));
  expect(Object.keys(API_ROUTES).filter((name) => !served.has(name as ApiRoute))).toEqual([]);
  expect(api.length).toBe(Object.keys(API_ROUTES).length);
});

it('runs each route with the access rules and the very schema objects of its contract entry', () => {
  const problems: string[] = [];
  for (const route of ctx.app.routeAccess.filter((r) => isApi(r.url))) {
    const name = `${route.method} ${route.url}`;
    const spec: ApiRouteSpec = API_ROUTES[name as ApiRoute];
    if (route.access !== spec.access) problems.push(`${name}: access ${route.access}, contract ${spec.access}`);
    if (route.schema?.params !== spec.params) problems.push(`${name}: params differ`);
    if (route.schema?.querystring !== spec.query) problems.push(`${name}: query differs`);
    if (route.schema?.body !== spec.body) problems.push(`${name}: body differs`);
    if (route.schema?.response?.[String(spec.status ?? 200)] !== spec.response) problems.push(`${name}: success response differs`);
    if ((route.csrf ?? true) !== (spec.csrf ?? true)) problems.push(`${name}: CSRF rule differs`);
    if ((route.session ?? true) !== (spec.session ?? true)) problems.push(`${name}: session rule differs`);
  }
  expect(problems).toEqual([]);
});

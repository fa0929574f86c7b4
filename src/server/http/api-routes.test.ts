/**
 * The contract's API_ROUTES (what the web client's types come from) and the server's routes declare
 * the same schema objects: same query, same body, same success answer. A route changed on one side
 * only fails here, before a screen reads a field that is no longer sent.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ROUTES, type ApiRouteSpec } from '@contract/api-routes';
import { createTestApp, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` });
}, 60_000);
afterAll(() => ctx.close());

it('declares on the server exactly the schemas the contract gives the web client', () => {
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(API_ROUTES) as [string, ApiRouteSpec][]) {
    const [method, url] = name.split(' ');
    const route = ctx.app.routeAccess.find((r) => r.method === method && r.url === url);
    if (!route) {
      problems.push(`${name}: no such route`);
      continue;
    }
    // Every 2xx answer has the one schema (the weekly price update answers 200 or 202 with the same).
    const success = Object.entries(route.schema?.response ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    if (success.length === 0 || success.some(([, schema]) => schema !== spec.response)) problems.push(`${name}: success response differs`);
    if (route.schema?.body !== spec.body) problems.push(`${name}: body differs`);
    if (route.schema?.querystring !== spec.query) problems.push(`${name}: query differs`);
  }
  expect(problems).toEqual([]);
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../test/app';
import { installAccessControl } from './access';
import type { SessionStore } from '../auth/sessions';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

it('walks every route: signed-out callers get 401 and users get 403 where they must', async () => {
  const table = ctx.app.routeAccess;
  expect(table.length).toBeGreaterThan(10);
  const user = await signedInClient(ctx);
  for (const route of table) {
    const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const anonymous = await new TestClient(ctx.app).request(method, fill(route.url), {});
    if (route.access !== 'public') expect([route.url, anonymous.statusCode]).toEqual([route.url, 401]);
    if (route.access === 'admin') {
      const asUser = await user.client.request(method, fill(route.url), {});
      expect([route.url, asUser.statusCode]).toEqual([route.url, 403]);
    }
  }
});

it('refuses to boot a route that does not declare who may call it', async () => {
  const app = Fastify();
  installAccessControl(app, {} as SessionStore);
  expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/does not declare its access/);
});

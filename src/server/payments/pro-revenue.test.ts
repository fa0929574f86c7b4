/**
 * Issue 24.6: a Pro payment is revenue. Bought on the embedded provider, its paid invoice is stored
 * once (a replayed event adds nothing), the admin overview's Total Revenue counts it beside credit
 * packs, and the collector's Billing lists it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZAdminStatsResponse } from '@contract/admin';
import type { TBillingResponse, TCheckoutResponse } from '@contract/payments';
import { localProviderEvents, subscriptionPayments } from '../db/schema';
import { TOTALS_TTL_MS } from '../admin/stats';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { openPrivateTestDatabase } from '../test/private-database';

let ctx: TestContext;
beforeAll(async () => {
  // Its own database: Total Revenue sums every payment, and on PostgreSQL other files make payments too.
  ctx = await createTestApp({ RATE_LIMIT: 'false' }, undefined, { database: await openPrivateTestDatabase() });
}, 60_000);
afterAll(() => ctx?.close());

it('counts a Pro payment in Total Revenue once and lists it on Billing', async () => {
  const admin = await signedInClient(ctx, { role: 'admin' });
  const prefix = (await admin.client.get('/api/admin/path')).json<{ prefix: string }>().prefix;
  const revenue = async () => {
    ctx.clock.advance(TOTALS_TTL_MS + 1); // past the shared totals' cache
    return ZAdminStatsResponse.parse((await admin.client.get(`${prefix}/stats`)).json()).totalRevenue;
  };
  expect(await revenue()).toBe(0);

  const { client } = await signedInClient(ctx);
  const checkout = json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription'));
  const paid = await client.post(`/api/payments/local/sessions/${checkout.url.split('/').pop()!}/pay`, {
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.statusCode).toBe(200);
  await ctx.app.localPayments!.deliverPending();

  expect(await revenue()).toBe(19.99);
  const billing = json<TBillingResponse>(await client.get('/api/payments/billing'));
  expect(billing.accountType).toBe('pro');
  expect(billing.proPayments).toEqual([{ id: expect.any(String), amount: 1999, currency: 'usd', paidAt: expect.any(String) }]);

  // The same invoice.paid delivered again (a provider retry) is not counted twice.
  const rows = await ctx.database.db.select().from(subscriptionPayments);
  expect(rows).toHaveLength(1);
  const events = await ctx.database.db.select().from(localProviderEvents);
  expect(events.length).toBeGreaterThan(0);
  await ctx.database.db.update(localProviderEvents).set({ deliveredAt: null });
  await ctx.app.localPayments!.deliverPending();
  expect(await ctx.database.db.select().from(subscriptionPayments)).toHaveLength(1);
  expect(await revenue()).toBe(19.99);
});

/**
 * Issue 23.6: 40 credit checkouts in a row made 40 pending orders and 40 provider sessions. A
 * collector's open checkout for the same package is handed back, one that ended is marked expired and
 * replaced, and checkouts are limited per collector (10 in 10 minutes) in the shared limit store.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckoutResponse } from '@contract/payments';
import { localProviderObjects, orders } from '../db/schema';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

const sessionIdOf = (url: string) => url.split('/').pop()!;

describe('credit checkouts', () => {
  it('40 in a row: one order and one provider session, then 429 past the limit', async () => {
    const { client, user } = await signedInClient(ctx);
    const codes: number[] = [];
    const urls = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const res = await client.post('/api/payments/checkout/credits', { package: 'standard' });
      codes.push(res.statusCode);
      if (res.statusCode === 200) urls.add(json<TCheckoutResponse>(res).url);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes.slice(10)).toEqual(Array(30).fill(429));
    expect(urls.size).toBe(1);
    const mine = await ctx.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(mine).toHaveLength(1);
    const sessions = await ctx.database.db
      .select()
      .from(localProviderObjects)
      .where(and(eq(localProviderObjects.kind, 'checkout_session'), eq(localProviderObjects.id, sessionIdOf([...urls][0]))));
    expect(sessions).toHaveLength(1);
  });

  it('another package is another checkout; a cancelled checkout is not handed back but replaced', async () => {
    const { client, user } = await signedInClient(ctx);
    const small = json<TCheckoutResponse>(await client.post('/api/payments/checkout/credits', { package: 'small' }));
    const large = json<TCheckoutResponse>(await client.post('/api/payments/checkout/credits', { package: 'large' }));
    expect(large.orderId).not.toBe(small.orderId);
    // The collector leaves the hosted page with Cancel; the page it returns to cancels the order (issue 24.7).
    await client.post(`/api/payments/local/sessions/${sessionIdOf(small.url)}/cancel`);
    expect((await client.post(`/api/payments/orders/${small.orderId}/cancel`)).statusCode).toBe(200);
    const again = json<TCheckoutResponse>(await client.post('/api/payments/checkout/credits', { package: 'small' }));
    expect(again.orderId).not.toBe(small.orderId);
    const [old] = await ctx.database.db.select().from(orders).where(eq(orders.id, small.orderId!));
    expect(old.status).toBe('cancelled');
    expect(
      (await ctx.database.db.select().from(orders).where(eq(orders.userId, user.id))).filter((o) => o.status === 'pending'),
    ).toHaveLength(2);
  });

  it('the other calls that reach the provider are limited too: 30 portal sessions in 10 minutes', async () => {
    const { client } = await signedInClient(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await client.post('/api/payments/portal')).statusCode);
    // No payment method yet: 404 with a sentence, until the limit answers first.
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(codes.slice(30)).toEqual([429, 429]);
  });
});

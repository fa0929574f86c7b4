/**
 * The whole money path on the embedded provider: checkout → hosted page → signed event → webhook →
 * credits; declines; Pro bought, cancelled at period end, ended on the provider's clock; a failed
 * renewal kept Pro through the grace period only.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillingResponse, TCheckoutResponse, TLocalSessionResponse } from '@contract/payments';
import type { TUserMessage } from '@contract/notifications';
import type { TAdminSubscriptionsResponse } from '@contract/admin';
import {
  creditLedger,
  localProviderEvents,
  localProviderObjects,
  orders,
  providerSubscriptions,
  subscriptionCheckouts,
  users,
} from '../db/schema';
import { createTestApp, json, signedInClient, type TestClient, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', PRO_GRACE_DAYS: '7' });
}, 60_000);
afterAll(() => ctx.close());

const DAY = 86_400_000;
const sessionIdOf = (url: string) => url.split('/').pop()!;
const settle = () => ctx.app.localPayments!.deliverPending();
const billing = async (c: TestClient) => json<TBillingResponse>(await c.get('/api/payments/billing'));

async function subscribe(c: TestClient) {
  const checkout = json<TCheckoutResponse>(await c.post('/api/payments/checkout/subscription'));
  const paid = await c.post(`/api/payments/local/sessions/${sessionIdOf(checkout.url)}/pay`, { cardNumber: '4242 4242 4242 4242' });
  expect(paid.statusCode).toBe(200);
  await settle();
}

describe('credit packs on the embedded provider', () => {
  it('the Standard pack: the hosted page pays, the signed event grants 20 credits once, the order completes', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 2 });
    const res = await client.post('/api/payments/checkout/credits', { package: 'standard' });
    expect(res.statusCode).toBe(200);
    const checkout = json<TCheckoutResponse>(res);
    expect(checkout.url).toMatch(/^\/pay\/local\/cs_local_/);
    const session = json<TLocalSessionResponse>(await client.get(`/api/payments/local/sessions/${sessionIdOf(checkout.url)}`));
    expect(session).toMatchObject({ mode: 'payment', status: 'open', amount: 2999, currency: 'usd' });

    // Before the webhook lands, nothing is granted: the order is pending.
    const pay = await client.post(`/api/payments/local/sessions/${session.id}/pay`, { cardNumber: '4242424242424242' });
    expect(json(pay)).toEqual({ redirectUrl: expect.stringMatching(new RegExp(`/checkout/success\\?order=${checkout.orderId}$`)) });
    await settle();

    const after = await billing(client);
    expect(after.credits).toBe(22);
    expect(after.orders[0]).toMatchObject({
      id: checkout.orderId,
      package: 'standard',
      credits: 20,
      amount: 2999,
      currency: 'usd',
      status: 'completed',
    });
    expect(after.ledger[0]).toMatchObject({ delta: 20, reason: 'purchase', package: 'standard' });
    // The user's starting credits have a ledger line of their own (reason 'admin'); one purchase line.
    const ledger = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'purchase')));
    expect(ledger).toHaveLength(1);

    // Paying the same session again is refused; nothing more is granted.
    expect((await client.post(`/api/payments/local/sessions/${session.id}/pay`, { cardNumber: '4242424242424242' })).statusCode).toBe(409);
    await settle();
    expect((await billing(client)).credits).toBe(22);
  });

  it('a declined card changes nothing; Cancel goes back with the order, which the owner cancels once', async () => {
    const { client } = await signedInClient(ctx, { credits: 0 });
    const checkout = json<TCheckoutResponse>(await client.post('/api/payments/checkout/credits', { package: 'small' }));
    const id = sessionIdOf(checkout.url);
    const declined = await client.post(`/api/payments/local/sessions/${id}/pay`, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(json(declined)).toMatchObject({ message: 'Your card was declined. Try another card.' });
    const unknownCard = await client.post(`/api/payments/local/sessions/${id}/pay`, { cardNumber: '5555555555554444' });
    expect(unknownCard.statusCode).toBe(400);
    await settle();
    let b = await billing(client);
    expect(b.credits).toBe(0);
    expect(b.orders[0]).toMatchObject({ status: 'pending' });

    const cancel = json<{ redirectUrl: string }>(await client.post(`/api/payments/local/sessions/${id}/cancel`));
    expect(cancel.redirectUrl).toMatch(new RegExp(`/account/checkout/credits\\?package=small&canceled=1&order=${checkout.orderId}$`));
    // Another collector cannot touch it.
    const { client: other } = await signedInClient(ctx);
    expect((await other.post(`/api/payments/orders/${checkout.orderId}/cancel`)).statusCode).toBe(404);
    // The page the cancel URL opens cancels it; a second return changes nothing.
    expect(json(await client.post(`/api/payments/orders/${checkout.orderId}/cancel`))).toMatchObject({ status: 'cancelled' });
    expect(json(await client.post(`/api/payments/orders/${checkout.orderId}/cancel`))).toMatchObject({ status: 'cancelled' });
    await settle();
    b = await billing(client);
    expect(b.orders[0]).toMatchObject({ id: checkout.orderId, status: 'cancelled' });
    expect(b.credits).toBe(0);
    // A cancelled order is not handed back as an open checkout: the next purchase is a new order.
    const next = json<TCheckoutResponse>(await client.post('/api/payments/checkout/credits', { package: 'small' }));
    expect(next.orderId).not.toBe(checkout.orderId);
    // Only a pending order is cancelled: a completed one stays completed.
    await client.post(`/api/payments/local/sessions/${sessionIdOf(next.url)}/pay`, { cardNumber: '4242 4242 4242 4242' });
    await settle();
    expect(json(await client.post(`/api/payments/orders/${next.orderId}/cancel`))).toMatchObject({ status: 'completed' });
  });

  it('an event the webhook did not accept is delivered again on the next tick, and granted once', async () => {
    const local = ctx.app.localPayments!;
    const realDelivery = async (payload: string, signature: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        })
      ).statusCode;
    const { client } = await signedInClient(ctx, { credits: 0 });
    const checkout = json<TCheckoutResponse>(await client.post('/api/payments/checkout/credits', { package: 'large' }));
    local.setDeliver(async () => 503); // the app is briefly down
    try {
      await client.post(`/api/payments/local/sessions/${sessionIdOf(checkout.url)}/pay`, { cardNumber: '4242424242424242' });
      await settle();
      expect((await billing(client)).credits).toBe(0);
    } finally {
      local.setDeliver(realDelivery);
    }
    await local.tick();
    await local.tick();
    const b = await billing(client);
    expect(b.credits).toBe(60);
    expect(b.orders[0].status).toBe('completed');
  });

  it('an unknown package is refused with a sentence, and no order is made', async () => {
    const { client, user } = await signedInClient(ctx);
    const res = await client.post('/api/payments/checkout/credits', { package: 'huge' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/Choose a credit package/);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });
});

describe('Pro on the embedded provider', () => {
  it('subscribe → Pro; cancel at period end keeps Pro until the period ends, then starter with the credits kept', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 4 });
    await subscribe(client);
    let b = await billing(client);
    expect(b.accountType).toBe('pro');
    expect(b.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, plan: 'Pro', amount: 1999 });

    // A second subscription is refused while one is live.
    expect((await client.post('/api/payments/checkout/subscription')).statusCode).toBe(409);

    b = json<TBillingResponse>(await client.post('/api/payments/subscription/cancel'));
    expect(b).toMatchObject({ accountType: 'pro', subscription: { cancelAtPeriodEnd: true } });
    await settle();
    b = json<TBillingResponse>(await client.post('/api/payments/subscription/resume'));
    expect(b.subscription?.cancelAtPeriodEnd).toBe(false);
    b = json<TBillingResponse>(await client.post('/api/payments/subscription/cancel'));
    await settle();

    await ctx.app.localPayments!.advance(20 * DAY);
    expect((await billing(client)).accountType).toBe('pro');
    await ctx.app.localPayments!.advance(12 * DAY);
    b = await billing(client);
    expect(b).toMatchObject({ accountType: 'starter', credits: 4, subscription: { status: 'canceled' } });

    const titles = json<TUserMessage[]>(await client.get('/api/user-messages')).map((m) => m.title);
    expect(titles).toEqual(['Pro has ended', 'Pro will end', 'Pro resumed', 'Pro will end', 'Welcome to Pro']);
    const [row] = await ctx.database.db.select({ accountType: users.accountType }).from(users).where(eq(users.id, user.id));
    expect(row.accountType).toBe('starter');
  });

  it('one Pro subscription per collector: an open checkout is handed back, not doubled', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 0 });
    const first = json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription'));
    const second = json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription'));
    expect(second.url).toBe(first.url);
    await client.post(`/api/payments/local/sessions/${sessionIdOf(first.url)}/pay`, { cardNumber: '4242 4242 4242 4242' });
    // Paid, its subscription not arrived yet: refused, not a new checkout.
    expect((await client.post('/api/payments/checkout/subscription')).statusCode).toBe(409);
    await settle();
    expect((await billing(client)).accountType).toBe('pro');
    expect((await client.post('/api/payments/checkout/subscription')).statusCode).toBe(409);
    // Once that subscription has ended, subscribing again opens a new checkout.
    json<TBillingResponse>(await client.post('/api/payments/subscription/cancel'));
    await settle();
    await ctx.app.localPayments!.advance(32 * DAY, user.email);
    expect((await billing(client)).accountType).toBe('starter');
    const renewed = await client.post('/api/payments/checkout/subscription');
    expect(renewed.statusCode).toBe(200);
    expect(json<TCheckoutResponse>(renewed).url).not.toBe(first.url);
    // A checkout the collector cancelled is replaced by a new one.
    const { client: other } = await signedInClient(ctx, { credits: 0 });
    const a = json<TCheckoutResponse>(await other.post('/api/payments/checkout/subscription'));
    await other.post(`/api/payments/local/sessions/${sessionIdOf(a.url)}/cancel`);
    const b = json<TCheckoutResponse>(await other.post('/api/payments/checkout/subscription'));
    expect(b.url).not.toBe(a.url);
  });

  it('a second subscription that still arrives is canceled at the provider, and the admin monitor says so', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 0 });
    // Two checkouts opened at the same instant (the open-checkout row is gone between them).
    const one = json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription'));
    await ctx.database.db.delete(subscriptionCheckouts).where(eq(subscriptionCheckouts.userId, user.id));
    const two = json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription'));
    expect(two.url).not.toBe(one.url);
    for (const c of [one, two]) {
      expect(
        (await client.post(`/api/payments/local/sessions/${sessionIdOf(c.url)}/pay`, { cardNumber: '4242424242424242' })).statusCode,
      ).toBe(200);
      await settle();
    }
    await settle();
    const mirror = await ctx.database.db.select().from(providerSubscriptions).where(eq(providerSubscriptions.userId, user.id));
    expect(mirror.map((s) => s.status).sort()).toEqual(['active', 'canceled']);
    const kept = mirror.find((s) => s.status === 'active')!;
    const dropped = mirror.find((s) => s.status === 'canceled')!;
    expect(dropped.duplicateOf).toBe(kept.id);
    expect(kept.duplicateOf).toBeNull();
    // Canceled at the provider itself, not only in our mirror: it will never renew.
    const [onProvider] = await ctx.database.db.select().from(localProviderObjects).where(eq(localProviderObjects.id, dropped.id));
    expect(onProvider.data.status).toBe('canceled');
    const b = await billing(client);
    expect(b).toMatchObject({ accountType: 'pro', subscription: { id: kept.id, status: 'active' } });
    const titles = json<TUserMessage[]>(await client.get('/api/user-messages')).map((m) => m.title);
    expect(titles).toEqual(['Second Pro subscription canceled', 'Welcome to Pro']);

    const admin = await signedInClient(ctx, { role: 'admin' });
    const monitor = json<TAdminSubscriptionsResponse>(await admin.client.get('/api/admin/stripe-subscriptions'));
    expect(monitor.subscriptions.find((s) => s.id === dropped.id)).toMatchObject({ status: 'canceled', duplicateOf: kept.id });
    expect(monitor.subscriptions.find((s) => s.id === kept.id)).toMatchObject({ status: 'active', duplicateOf: null });
  });

  it('renews a due subscription once when two workers tick at the same time', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 0 });
    await subscribe(client);
    const first = (await billing(client)).subscription!;
    const [customer] = await ctx.database.db
      .select({ id: localProviderObjects.id })
      .from(localProviderObjects)
      .where(and(eq(localProviderObjects.kind, 'customer'), sql`${localProviderObjects.data}->>'email' = ${user.email}`));
    const invoicesPaid = async () =>
      (
        await ctx.database.db
          .select({ id: localProviderEvents.id })
          .from(localProviderEvents)
          .where(
            and(
              sql`${localProviderEvents.payload}::jsonb->>'type' = 'invoice.paid'`,
              sql`${localProviderEvents.payload}::jsonb->'data'->'object'->>'customer' = ${customer.id}`,
            ),
          )
      ).length;
    const before = await invoicesPaid();
    // The customer's clock moves past the period end without a renewal yet; then two ticks race.
    await ctx.database.db
      .update(localProviderObjects)
      .set({ data: sql`jsonb_set(${localProviderObjects.data}, '{test_clock_ms}', to_jsonb(${32 * DAY}::bigint))` })
      .where(eq(localProviderObjects.id, customer.id));
    await Promise.all([ctx.app.localPayments!.tick(), ctx.app.localPayments!.tick()]);
    await settle();
    expect(await invoicesPaid()).toBe(before + 1);
    // Both paid months are Pro payments on Billing (issue 24.6), the renewal once.
    expect((await billing(client)).proPayments.map((p) => p.amount)).toEqual([1999, 1999]);
    const renewed = (await billing(client)).subscription!;
    const moved = new Date(renewed.currentPeriodEnd!).getTime() - new Date(first.currentPeriodEnd!).getTime();
    expect(moved).toBeGreaterThanOrEqual(28 * DAY);
    expect(moved).toBeLessThanOrEqual(31 * DAY);
  });

  it('renews on its clock; a failed renewal keeps Pro through the grace period, then the job returns the account to starter', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 1 });
    await subscribe(client);
    const first = (await billing(client)).subscription!;
    await ctx.app.localPayments!.advance(32 * DAY);
    const renewed = (await billing(client)).subscription!;
    expect(renewed.status).toBe('active');
    expect(new Date(renewed.currentPeriodEnd!).getTime()).toBeGreaterThan(new Date(first.currentPeriodEnd!).getTime());

    const portal = json<{ url: string }>(await client.post('/api/payments/portal'));
    const customer = new URL(portal.url, 'http://x').searchParams.get('customer')!;
    expect((await client.post('/api/payments/local/portal/card', { customer, cardNumber: '4000000000000002' })).statusCode).toBe(200);

    await ctx.app.localPayments!.advance(31 * DAY);
    const b = await billing(client);
    expect(b.subscription).toMatchObject({ status: 'past_due' });
    expect(b.accountType).toBe('pro');
    expect(json<TUserMessage[]>(await client.get('/api/user-messages'))[0].title).toBe('Payment for Pro failed');

    // The app's own clock passes the grace period (the provider is still retrying).
    ctx.clock.advance(110 * DAY);
    expect(await ctx.app.paymentsJob.demotePastGrace()).toBeGreaterThanOrEqual(1);
    // (The session itself has expired by now: read the account directly.)
    const [row] = await ctx.database.db
      .select({ accountType: users.accountType, credits: users.credits })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ accountType: 'starter', credits: 1 });
  });
});

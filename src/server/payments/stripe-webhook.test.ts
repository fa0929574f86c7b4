/**
 * The `stripe` adapter against a loopback Stripe-protocol peer: the official SDK's real requests,
 * Stripe-signed events, exactly-once grants under concurrent duplicates, order independence for
 * subscription events, refusals that change nothing, and the reconcile job's auto-pagination.
 */
import { PassThrough } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillingResponse, TCheckoutResponse } from '@contract/payments';
import { creditLedger, orders, paymentEvents, providerSubscriptions, users } from '../db/schema';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { startStripePeer, stripeSubscription, type StripePeer } from '../test/stripe-peer';

let ctx: TestContext;
let peer: StripePeer;
const logs: string[] = [];
beforeAll(async () => {
  peer = await startStripePeer();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
  ctx = await createTestApp({ RATE_LIMIT: 'false', ...peer.env }, undefined, { logStream: stream });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await peer.close();
});

const deliver = (e: { payload: string; headers: Record<string, string> }) =>
  ctx.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: e.payload, headers: e.headers });

async function buyStandard() {
  const { client, user } = await signedInClient(ctx, { credits: 1 });
  const checkout = json<TCheckoutResponse>(await client.post('/api/payments/checkout/credits', { package: 'standard' }));
  const session = [...peer.sessions.values()].find((s) => (s.metadata as Record<string, string>).orderId === checkout.orderId)!;
  return { client, user, checkout, session };
}
const completed = (session: Record<string, unknown>) => ({
  ...session,
  status: 'complete',
  payment_status: 'paid',
  payment_intent: 'pi_test_1',
  customer: 'cus_test_buyer',
});
const creditsOf = async (userId: string) =>
  (await ctx.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c;

describe('checkout through the SDK', () => {
  it('sends the server-side price and binds the order and user in metadata', async () => {
    const { checkout, session, user } = await buyStandard();
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const call = peer.calls.find((c) => c.path === '/v1/checkout/sessions' && c.form.get('metadata[orderId]') === checkout.orderId)!;
    expect(call.form.get('mode')).toBe('payment');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('2999');
    expect(call.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(call.form.get('metadata[userId]')).toBe(user.id);
    expect(session.success_url).toMatch(new RegExp(`/checkout/success\\?order=${checkout.orderId}$`));
  });

  it('one checkout.session.completed delivered 10 times at once grants once', async () => {
    const { session, user, checkout } = await buyStandard();
    const event = peer.signedEvent('checkout.session.completed', completed(session));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await creditsOf(user.id)).toBe(21);
    expect(
      await ctx.database.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'purchase'))),
    ).toHaveLength(1);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, checkout.orderId!));
    expect(order).toMatchObject({ status: 'completed', providerPaymentId: 'pi_test_1', providerCustomerId: 'cus_test_buyer' });
    // A later replay with a new event id (Stripe resends as a new event only by mistake) still finds the order complete.
    expect((await deliver(peer.signedEvent('checkout.session.completed', completed(session)))).statusCode).toBe(200);
    expect(await creditsOf(user.id)).toBe(21);
  });
});

describe('Pro through the SDK', () => {
  it('subscription checkout, then cancel at period end, resume and the portal go to the API; Pro follows the provider', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 2 });
    const checkout = json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription'));
    expect(checkout.orderId).toBeNull();
    const call = peer.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(
      Object.fromEntries(
        [
          'mode',
          'line_items[0][price_data][unit_amount]',
          'line_items[0][price_data][recurring][interval]',
          'subscription_data[metadata][userId]',
        ].map((k) => [k, call.form.get(k)]),
      ),
    ).toEqual({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[metadata][userId]': user.id,
    });

    // Stripe completes the checkout; the handler fetches the subscription it names.
    const sub = stripeSubscription({ userId: user.id });
    peer.subscriptions.set(String(sub.id), sub);
    const session = [...peer.sessions.values()].at(-1)!;
    expect(
      (
        await deliver(
          peer.signedEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid', subscription: sub.id }),
        )
      ).statusCode,
    ).toBe(200);
    const billing = async () => json<TBillingResponse>(await client.get('/api/payments/billing'));
    expect(await billing()).toMatchObject({ accountType: 'pro', subscription: { id: sub.id, status: 'active', cancelAtPeriodEnd: false } });

    const cancelled = json<TBillingResponse>(await client.post('/api/payments/subscription/cancel'));
    expect(peer.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${String(sub.id)}` });
    expect(peer.calls.at(-1)!.form.get('cancel_at_period_end')).toBe('true');
    expect(cancelled).toMatchObject({ accountType: 'pro', subscription: { cancelAtPeriodEnd: true } });
    expect(json<TBillingResponse>(await client.post('/api/payments/subscription/resume')).subscription?.cancelAtPeriodEnd).toBe(false);

    const portal = json<{ url: string }>(await client.post('/api/payments/portal'));
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(peer.calls.at(-1)!.form.get('customer')).toBe((sub.customer as { id: string }).id);

    // The provider ends it: whatever event says so, the account returns to starter with its credits.
    sub.status = 'canceled';
    expect(
      (
        await deliver(
          peer.signedEvent('invoice.payment_failed', {
            id: 'in_x',
            object: 'invoice',
            parent: { subscription_details: { subscription: sub.id } },
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await billing()).toMatchObject({ accountType: 'starter', credits: 2, subscription: { status: 'canceled' } });
  });

  it('the provider being down leaves no order behind and says so', async () => {
    const down = await createTestApp({ RATE_LIMIT: 'false', ...peer.env, STRIPE_API_BASE: 'http://127.0.0.1:9' });
    try {
      const { client, user } = await signedInClient(down, { credits: 0 });
      const res = await client.post('/api/payments/checkout/credits', { package: 'large' });
      expect(res.statusCode).toBe(502);
      expect(json(res).message).toMatch(/could not be reached. Nothing was charged/);
      expect(await down.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    } finally {
      await down.close();
    }
  }, 60_000);
});

describe('one Pro subscription per collector on Stripe', () => {
  it('an open checkout is handed back; a second subscription arriving by webhook is canceled at Stripe (DELETE) and marked', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 0 });
    const first = json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription'));
    const sessionsBefore = peer.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    expect(json<TCheckoutResponse>(await client.post('/api/payments/checkout/subscription')).url).toBe(first.url);
    expect(peer.calls.filter((c) => c.path === '/v1/checkout/sessions').length).toBe(sessionsBefore);

    const a = stripeSubscription({ userId: user.id, start: Math.floor(Date.now() / 1000) - 60 });
    const b = stripeSubscription({ userId: user.id });
    peer.subscriptions.set(String(a.id), a);
    peer.subscriptions.set(String(b.id), b);
    expect((await deliver(peer.signedEvent('customer.subscription.created', a))).statusCode).toBe(200);
    expect((await deliver(peer.signedEvent('customer.subscription.created', b))).statusCode).toBe(200);
    expect(peer.calls.some((c) => c.method === 'DELETE' && c.path.startsWith(`/v1/subscriptions/${String(b.id)}`))).toBe(true);
    expect(peer.calls.some((c) => c.method === 'DELETE' && c.path.startsWith(`/v1/subscriptions/${String(a.id)}`))).toBe(false);
    const rows = await ctx.database.db.select().from(providerSubscriptions).where(eq(providerSubscriptions.userId, user.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.duplicateOf]]))).toEqual({
      [String(a.id)]: ['active', null],
      [String(b.id)]: ['canceled', a.id],
    });
    // Replays and later events of either change nothing more.
    expect(
      (
        await deliver(
          peer.signedEvent('invoice.paid', { id: 'in_y', object: 'invoice', parent: { subscription_details: { subscription: b.id } } }),
        )
      ).statusCode,
    ).toBe(200);
    const [u] = await ctx.database.db.select({ accountType: users.accountType }).from(users).where(eq(users.id, user.id));
    expect(u.accountType).toBe('pro');
  });
});

describe('the webhook route', () => {
  it('needs no session and no CSRF token (its route config says so), and ignores a cookie it is sent', async () => {
    const { session, user } = await buyStandard();
    const e = peer.signedEvent('checkout.session.completed', completed(session));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: e.payload,
      headers: e.headers,
      cookies: { sid: 'not-a-session', csrf_token: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(await creditsOf(user.id)).toBe(21);
    const route = ctx.app.routeAccess.find((r) => r.url === '/api/payments/webhook');
    expect(route).toMatchObject({ method: 'POST', access: 'public' });
  });
});

describe('refusals change nothing and say why in the log', () => {
  type Session = Record<string, unknown>;
  async function unchanged(run: (session: Session) => Promise<{ statusCode: number }>, status: number, logLine: RegExp) {
    const count = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents))[0].n;
    const before = await count();
    const { session, user, checkout } = await buyStandard();
    logs.length = 0;
    expect((await run(session)).statusCode).toBe(status);
    expect(logs.some((l) => logLine.test(l))).toBe(true);
    expect(logs.join('\n')).not.toContain('whsec_');
    expect(await count()).toBe(before);
    expect(await creditsOf(user.id)).toBe(1);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, checkout.orderId!));
    expect(order.status).toBe('pending');
  }
  const metadataOf = (s: Session) => s.metadata as Record<string, string>;

  it('a bad signature → 400', () =>
    unchanged(
      (s) => deliver(peer.signedEvent('checkout.session.completed', completed(s), { secret: 'whsec_someone_else' })),
      400,
      /signature check failed/,
    ));

  it('a stale timestamp (older than 5 minutes) → 400', () =>
    unchanged(
      (s) => deliver(peer.signedEvent('checkout.session.completed', completed(s), { timestamp: Math.floor(Date.now() / 1000) - 301 })),
      400,
      /Timestamp outside the tolerance zone/,
    ));

  it('a missing signature header → 400', () =>
    unchanged(
      (s) => {
        const e = peer.signedEvent('checkout.session.completed', completed(s));
        return ctx.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: e.payload,
          headers: { 'content-type': 'application/json' },
        });
      },
      400,
      /missing Stripe-Signature header/,
    ));

  it('a body changed after signing → 400', () =>
    unchanged(
      (s) => {
        const e = peer.signedEvent('checkout.session.completed', completed(s));
        return deliver({ ...e, payload: e.payload.replace('"paid"', '"paid" ') });
      },
      400,
      /signature check failed/,
    ));

  it('an unknown event type → 200, ignored', () =>
    unchanged(() => deliver(peer.signedEvent('charge.refund.updated', { id: 're_1', object: 'refund' })), 200, /event type not handled/));

  it('an unknown order → 200, nothing changed', () =>
    unchanged(
      (s) =>
        deliver(
          peer.signedEvent('checkout.session.completed', {
            ...completed(s),
            metadata: { orderId: '00000000-0000-4000-8000-000000000000', userId: metadataOf(s).userId },
          }),
        ),
      200,
      /no order matches this checkout session/,
    ));

  it('an order bound to another user in the metadata → 200, nothing changed', () =>
    unchanged(
      (s) =>
        deliver(
          peer.signedEvent('checkout.session.completed', {
            ...completed(s),
            metadata: { ...metadataOf(s), userId: '00000000-0000-4000-8000-000000000000' },
          }),
        ),
      200,
      /no order matches this checkout session/,
    ));
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('order independence', () => {
  it('all 24 orderings of created / updated / invoice.paid / deleted end in the same state', async () => {
    const orderings = permutations(['created', 'updated', 'invoice.paid', 'deleted']);
    expect(orderings).toHaveLength(24);
    const finals = new Set<string>();
    for (const ordering of orderings) {
      const { user } = await signedInClient(ctx, { credits: 5 });
      // The provider's truth: this subscription was created, changed, paid and finally deleted.
      const sub = stripeSubscription({ userId: user.id, status: 'canceled' });
      peer.subscriptions.set(String(sub.id), sub);
      // Each event carries the snapshot of its own moment, as Stripe's do.
      const payloads: Record<string, () => ReturnType<StripePeer['signedEvent']>> = {
        created: () => peer.signedEvent('customer.subscription.created', { ...sub, status: 'active' }),
        updated: () => peer.signedEvent('customer.subscription.updated', { ...sub, status: 'active', cancel_at_period_end: true }),
        'invoice.paid': () =>
          peer.signedEvent('invoice.paid', {
            id: 'in_test',
            object: 'invoice',
            parent: { subscription_details: { subscription: sub.id } },
          }),
        deleted: () => peer.signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }),
      };
      for (const step of ordering) expect((await deliver(payloads[step]())).statusCode).toBe(200);
      const [mirror] = await ctx.database.db
        .select()
        .from(providerSubscriptions)
        .where(eq(providerSubscriptions.id, String(sub.id)));
      const [u] = await ctx.database.db
        .select({ accountType: users.accountType, credits: users.credits })
        .from(users)
        .where(eq(users.id, user.id));
      finals.add(
        JSON.stringify({ status: mirror.status, linked: mirror.userId === user.id, accountType: u.accountType, credits: u.credits }),
      );
    }
    expect([...finals]).toEqual([JSON.stringify({ status: 'canceled', linked: true, accountType: 'starter', credits: 5 })]);
  });
});

describe('the reconcile job', () => {
  it('repairs a missed webhook by listing every subscription, page after page', async () => {
    const { user } = await signedInClient(ctx, { credits: 0 });
    const { user: byEmail } = await signedInClient(ctx, { credits: 0 });
    const tag = Math.random().toString(36).slice(2, 8);
    for (let i = 0; i < 140; i += 1) {
      const s = stripeSubscription({ email: `orphan-${tag}-${i}@elsewhere.test` });
      peer.subscriptions.set(String(s.id), s);
    }
    const missed = stripeSubscription({ userId: user.id });
    const matchedByEmail = stripeSubscription({ email: byEmail.email.toUpperCase() });
    peer.subscriptions.set(String(missed.id), missed);
    peer.subscriptions.set(String(matchedByEmail.id), matchedByEmail);
    const listCallsBefore = peer.calls.filter((c) => c.path.startsWith('/v1/subscriptions?')).length;

    const report = await ctx.app.paymentsJob.reconcile();
    expect(report.subscriptions).toBe(peer.subscriptions.size);
    const listCalls = peer.calls.filter((c) => c.path.startsWith('/v1/subscriptions?')).slice(listCallsBefore);
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
    expect(listCalls[1].path).toMatch(/starting_after=sub_test_/);

    for (const [u, s] of [
      [user, missed],
      [byEmail, matchedByEmail],
    ] as const) {
      const [row] = await ctx.database.db
        .select()
        .from(providerSubscriptions)
        .where(eq(providerSubscriptions.id, String(s.id)));
      expect(row).toMatchObject({ status: 'active', userId: u.id, amount: 1999, currency: 'usd' });
      const [acc] = await ctx.database.db.select({ accountType: users.accountType }).from(users).where(eq(users.id, u.id));
      expect(acc.accountType).toBe('pro');
    }
    const orphans = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(providerSubscriptions)
      .where(sql`${providerSubscriptions.userId} is null and ${providerSubscriptions.customerEmail} like ${`orphan-${tag}-%`}`);
    expect(orphans[0].n).toBe(140);
  });

  it('completes an order whose webhook never came', async () => {
    const { session, user, checkout } = await buyStandard();
    peer.sessions.set(String(session.id), completed(session));
    ctx.clock.advance(11 * 60_000);
    const report = await ctx.app.paymentsJob.reconcile();
    expect(report.orders).toBeGreaterThanOrEqual(1);
    expect(await creditsOf(user.id)).toBe(21);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, checkout.orderId!));
    expect(order.status).toBe('completed');
  });
});

/**
 * Checkout, billing and plan management for the signed-in user. Prices come from plans.ts on the
 * server; the browser only names a package. Credits are never granted here: only a verified
 * provider event does that (webhook.ts).
 */
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { CREDIT_PACKAGES, PRO_PLAN, type TCreditPackageId } from '@contract/plans';
import { ALREADY_PRO_MESSAGE, type TBillingResponse, type TCheckoutResponse, type TOrder } from '@contract/payments';
import type { Db } from '../db/client';
import { creditLedger, orders, providerSubscriptions, subscriptionCheckouts, subscriptionPayments, users } from '../db/schema';
import type { PaymentProvider } from '../adapters/payments/port';
import { conflicting, missing, upstreamDown } from '../domain-errors';
import { LIVE_STATUSES, graceEndsAt } from './entitlement';
import { cancelPendingOrder, ordersOf, setOrderStatus, toOrder } from './orders';
import { currentSubscription, syncSubscription, type SyncContext } from './subscriptions';

const PROVIDER_DOWN = 'The payment provider could not be reached. Nothing was charged; please try again in a minute.';
const LEDGER_LIMIT = 50;
/** An open checkout younger than this is handed back (Stripe's sessions live 24 hours). */
const REUSE_CHECKOUT_MS = 23 * 3_600_000;

export interface PaymentServiceDeps {
  db: Db;
  provider: PaymentProvider;
  context(): SyncContext;
  changed(userId: string): void;
  log: { error(obj: object, msg: string): void };
}

async function customerIdOf(db: Db, userId: string): Promise<string | null> {
  const sub = await currentSubscription(db, userId);
  if (sub?.customerId) return sub.customerId;
  const [o] = await db
    .select({ id: orders.providerCustomerId })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.providerCustomerId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return o?.id ?? null;
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, provider } = deps;

  async function user(userId: string) {
    const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!u) throw missing('No such user.');
    return u;
  }
  async function liveSubscription(userId: string) {
    const [s] = await db
      .select()
      .from(providerSubscriptions)
      .where(and(eq(providerSubscriptions.userId, userId), inArray(providerSubscriptions.status, [...LIVE_STATUSES])))
      .orderBy(desc(providerSubscriptions.updatedAt))
      .limit(1);
    return s ?? null;
  }

  return {
    /**
     * Creates the order, then the provider's checkout for it; a provider failure leaves no order
     * behind. A collector's order for the same package whose checkout is still open is handed back
     * instead (40 clicks made 40 orders and 40 provider sessions, issue 23.6); one whose checkout
     * has ended is marked expired, and a new one is made.
     */
    async checkoutCredits(userId: string, packageId: TCreditPackageId, origin: string): Promise<TCheckoutResponse> {
      const pkg = CREDIT_PACKAGES.find((p) => p.id === packageId)!;
      const u = await user(userId);
      const open = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.package, pkg.id),
            eq(orders.status, 'pending'),
            isNotNull(orders.providerSessionId),
            gt(orders.createdAt, new Date(deps.context().now.getTime() - REUSE_CHECKOUT_MS)),
          ),
        )
        .orderBy(desc(orders.createdAt));
      for (const o of open) {
        let status: string;
        try {
          status = (await provider.retrieveCheckout(o.providerSessionId!)).status;
        } catch (err) {
          deps.log.error({ err, orderId: o.id }, 'payments: reading an open checkout failed');
          throw upstreamDown(PROVIDER_DOWN);
        }
        if (status === 'open' && o.checkoutUrl) return { url: o.checkoutUrl, orderId: o.id };
        if (status === 'expired') await setOrderStatus(db, o.id, 'expired');
      }
      const [order] = await db
        .insert(orders)
        .values({ userId, package: pkg.id, credits: pkg.credits, amount: pkg.priceCents, currency: 'usd', provider: provider.kind })
        .returning();
      try {
        const session = await provider.createCheckout({
          mode: 'payment',
          productName: `${pkg.name} pack — ${pkg.credits} grading credits`,
          amount: pkg.priceCents,
          currency: 'usd',
          customerEmail: u.email,
          customerId: await customerIdOf(db, userId),
          successUrl: `${origin}/checkout/success?order=${order.id}`,
          cancelUrl: `${origin}/account/checkout/credits?package=${pkg.id}&canceled=1&order=${order.id}`,
          metadata: { orderId: order.id, userId, kind: 'credits' },
        });
        await db
          .update(orders)
          .set({ providerSessionId: session.id, checkoutUrl: session.url, providerCustomerId: session.customerId })
          .where(eq(orders.id, order.id));
        return { url: session.url, orderId: order.id };
      } catch (err) {
        await db.delete(orders).where(eq(orders.id, order.id));
        deps.log.error({ err, orderId: order.id }, 'payments: creating a checkout failed');
        throw upstreamDown(PROVIDER_DOWN);
      }
    },

    /**
     * One Pro subscription per collector: refused when they have one, and a checkout still open is
     * handed back instead of a second one (two open checkouts paid one after the other made two
     * subscriptions). A checkout that completed but whose subscription has not arrived yet is refused
     * too. What still slips through (two first clicks at the same instant) the webhook cancels.
     */
    async checkoutPro(userId: string, origin: string): Promise<TCheckoutResponse> {
      const u = await user(userId);
      if (u.accountType === 'pro' || (await liveSubscription(userId))) throw conflicting(ALREADY_PRO_MESSAGE);
      const [open] = await db.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.userId, userId)).limit(1);
      if (open) {
        let status: string | null = null;
        try {
          status = (await provider.retrieveCheckout(open.sessionId)).status;
        } catch (err) {
          deps.log.error({ err }, 'payments: reading the open subscription checkout failed');
          throw upstreamDown(PROVIDER_DOWN);
        }
        if (status === 'open') return { url: open.url, orderId: null };
        if (status === 'complete') throw conflicting(ALREADY_PRO_MESSAGE);
      }
      try {
        const session = await provider.createCheckout({
          mode: 'subscription',
          productName: PRO_PLAN.name,
          amount: PRO_PLAN.priceCents,
          currency: 'usd',
          interval: PRO_PLAN.interval,
          customerEmail: u.email,
          customerId: await customerIdOf(db, userId),
          successUrl: `${origin}/subscription/success?subscription=pending`,
          cancelUrl: `${origin}/account/checkout/subscriptions?canceled=1`,
          metadata: { userId, kind: 'pro' },
        });
        const row = { userId, sessionId: session.id, url: session.url, createdAt: new Date() };
        await db.insert(subscriptionCheckouts).values(row).onConflictDoUpdate({ target: subscriptionCheckouts.userId, set: row });
        return { url: session.url, orderId: null };
      } catch (err) {
        deps.log.error({ err }, 'payments: creating a subscription checkout failed');
        throw upstreamDown(PROVIDER_DOWN);
      }
    },

    listOrders: (userId: string) => ordersOf(db, userId),

    async order(userId: string, orderId: string): Promise<TOrder> {
      const [o] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .limit(1);
      if (!o) throw missing('No such order.');
      return toOrder(o);
    },

    /** The checkout's Cancel brought the collector back: their pending order is cancelled (orders.ts). */
    async cancelOrder(userId: string, orderId: string): Promise<TOrder> {
      const o = await cancelPendingOrder(db, userId, orderId);
      if (!o) throw missing('No such order.');
      return toOrder(o);
    },

    /** The checkout page of one of the caller's unpaid orders, to finish paying it. */
    async resumeOrder(userId: string, orderId: string): Promise<TCheckoutResponse> {
      const [o] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .limit(1);
      if (!o) throw missing('No such order.');
      if (o.status !== 'pending' || !o.providerSessionId || !o.checkoutUrl)
        throw conflicting('This order cannot be paid any more. Start a new purchase.');
      const session = await provider.retrieveCheckout(o.providerSessionId);
      if (session.status !== 'open') throw conflicting('This checkout has ended. Start a new purchase.');
      return { url: o.checkoutUrl, orderId: o.id };
    },

    async billing(userId: string): Promise<TBillingResponse> {
      const u = await user(userId);
      const sub = await currentSubscription(db, userId);
      const ledger = await db
        .select({
          id: creditLedger.id,
          delta: creditLedger.delta,
          reason: creditLedger.reason,
          createdAt: creditLedger.createdAt,
          package: orders.package,
        })
        .from(creditLedger)
        .leftJoin(orders, eq(orders.id, creditLedger.orderId))
        .where(eq(creditLedger.userId, userId))
        .orderBy(desc(creditLedger.createdAt))
        .limit(LEDGER_LIMIT);
      const { graceDays } = deps.context();
      return {
        accountType: u.accountType,
        credits: u.credits,
        provider: provider.kind,
        subscription: sub && {
          id: sub.id,
          status: sub.status,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          plan: sub.plan,
          amount: sub.amount,
          currency: sub.currency,
          currentPeriodStart: sub.currentPeriodStart?.toISOString() ?? null,
          currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
          graceEndsAt: graceEndsAt(sub, graceDays)?.toISOString() ?? null,
        },
        ledger: ledger.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
        orders: await ordersOf(db, userId),
        proPayments: (
          await db
            .select({
              id: subscriptionPayments.id,
              amount: subscriptionPayments.amount,
              currency: subscriptionPayments.currency,
              paidAt: subscriptionPayments.paidAt,
            })
            .from(subscriptionPayments)
            .where(eq(subscriptionPayments.userId, userId))
            .orderBy(desc(subscriptionPayments.paidAt))
            .limit(LEDGER_LIMIT)
        ).map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
      };
    },

    /** Cancel at period end (true) or resume (false); the mirror follows the provider's answer at once. */
    async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<TBillingResponse> {
      const sub = await liveSubscription(userId);
      if (!sub) throw missing('You have no Pro subscription to change.');
      let updated;
      try {
        updated = await provider.setCancelAtPeriodEnd(sub.id, cancel);
      } catch (err) {
        deps.log.error({ err, subscriptionId: sub.id }, 'payments: changing the subscription failed');
        throw upstreamDown('The payment provider could not be reached. Your plan is unchanged; please try again in a minute.');
      }
      await db.transaction((tx) => syncSubscription(tx, updated, deps.context()));
      deps.changed(userId);
      return this.billing(userId);
    },

    async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
      const customerId = await customerIdOf(db, userId);
      if (!customerId) throw missing('There is no payment method on file yet: it is saved with your first purchase.');
      try {
        return await provider.createPortalSession(customerId, returnUrl);
      } catch (err) {
        deps.log.error({ err }, 'payments: opening the customer portal failed');
        throw upstreamDown(PROVIDER_DOWN);
      }
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * What a verified provider event does. Exactly once: the event id is inserted in the same
 * transaction as its effect, so a replay, a duplicate or a concurrent twin finds the id taken and
 * does nothing. Order independence: subscription events never trust their payload's state; the
 * current subscription is fetched from the provider and mirrored (subscriptions.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders, paymentEvents, providerSubscriptions, subscriptionPayments } from '../db/schema';
import type { Tx } from '../db/client';
import type { PaymentProvider, ProviderEvent, ProviderSubscription } from '../adapters/payments/port';
import { invoiceSubscriptionId, normaliseCheckout } from '../adapters/payments/normalise';
import { completeOrderAndGrant, setOrderStatus } from './orders';
import { cancelDuplicateSubscriptions, syncSubscription, type SyncContext } from './subscriptions';

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored' | 'unknown-order';

export interface WebhookDeps {
  db: Db;
  provider: PaymentProvider;
  context(): SyncContext;
  /** Users whose balance or plan changed (their cached sessions must reload). */
  changed(userId: string): void;
  log: FastifyBaseLogger;
}

function subscriptionIdOf(event: ProviderEvent): string | null {
  const o = event.object;
  if (event.type.startsWith('customer.subscription.')) return String(o.id);
  if (event.type.startsWith('invoice.')) return invoiceSubscriptionId(o);
  if (event.type.startsWith('checkout.session.') && o.mode === 'subscription') return normaliseCheckout(o).subscriptionId;
  return null;
}

export async function handleEvent(deps: WebhookDeps, event: ProviderEvent): Promise<WebhookOutcome> {
  const { db, log } = deps;
  const logFields = { eventId: event.id, type: event.type };
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
    log.info(logFields, 'payment webhook: event type not handled, ignored');
    return 'ignored';
  }

  // The provider's current subscription, fetched before the transaction (a network call never holds a lock).
  const subId = subscriptionIdOf(event);
  let sub: ProviderSubscription | null = null;
  if (subId) sub = await deps.provider.retrieveSubscription(subId);

  let order: typeof orders.$inferSelect | undefined;
  const session = event.type.startsWith('checkout.session.') ? normaliseCheckout(event.object) : null;
  if (session?.mode === 'payment') {
    const orderId = session.metadata.orderId ?? '';
    [order] = /^[0-9a-f-]{36}$/i.test(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)).limit(1) : [];
    // Bound by the metadata our server set: the order and its user must both match.
    if (!order || order.userId !== session.metadata.userId) {
      log.warn({ ...logFields, sessionId: session.id }, 'payment webhook: no order matches this checkout session, nothing changed');
      return 'unknown-order';
    }
  }

  const ctx = deps.context();
  const touched: string[] = [];
  const outcome = await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh.length) return 'duplicate' as const;
    if (order && session) {
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        if (session.paymentStatus === 'unpaid') await setOrderStatus(tx, order.id, 'processing');
        else {
          const credited = await completeOrderAndGrant(
            tx,
            order.id,
            { paymentId: session.paymentId, customerId: session.customerId },
            ctx.now,
          );
          if (credited) touched.push(credited);
        }
      } else if (event.type === 'checkout.session.async_payment_failed') await setOrderStatus(tx, order.id, 'failed');
      else if (event.type === 'checkout.session.expired') await setOrderStatus(tx, order.id, 'expired');
    }
    if (sub) {
      const userId = await syncSubscription(tx, sub, ctx);
      if (userId) touched.push(userId);
      if (event.type === 'invoice.paid') await recordSubscriptionPayment(tx, deps.provider.kind, sub.id, event.object, ctx.now);
    }
    return 'handled' as const;
  });
  if (sub && outcome === 'handled') touched.push(...(await cancelDuplicateSubscriptions(db, deps.provider, () => deps.context(), log)));
  for (const id of touched) deps.changed(id);
  if (outcome === 'duplicate') log.info(logFields, 'payment webhook: event already handled, ignored');
  return outcome;
}

/**
 * A paid Pro invoice is revenue (issue 24.6): stored once per invoice id with the user the mirrored
 * subscription links to. The amount is what was paid (`amount_paid`, else `amount_due`), in minor units.
 */
async function recordSubscriptionPayment(tx: Tx, provider: string, subscriptionId: string, invoice: Record<string, unknown>, now: Date) {
  const amount = Number(invoice.amount_paid ?? invoice.amount_due);
  if (!Number.isInteger(amount) || amount <= 0 || typeof invoice.id !== 'string') return;
  const [mirror] = await tx
    .select({ userId: providerSubscriptions.userId })
    .from(providerSubscriptions)
    .where(eq(providerSubscriptions.id, subscriptionId));
  const transitions = invoice.status_transitions as { paid_at?: unknown } | undefined;
  const paidAt = typeof transitions?.paid_at === 'number' ? new Date(transitions.paid_at * 1000) : now;
  await tx
    .insert(subscriptionPayments)
    .values({
      id: invoice.id,
      userId: mirror?.userId ?? null,
      subscriptionId,
      provider,
      amount,
      currency: typeof invoice.currency === 'string' ? invoice.currency : 'usd',
      paidAt,
    })
    .onConflictDoNothing();
}

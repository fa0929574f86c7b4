/**
 * The payments job. Webhooks can be lost (an outage, a misconfigured endpoint), so the provider stays
 * the source of truth: every so often the job lists ALL its subscriptions (auto-pagination) into the
 * mirror, re-reads checkouts of orders still unpaid, and returns past_due accounts whose grace is over
 * to starter. Everything it does is idempotent (same code as the webhook), so several workers may run it.
 */
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import type { PaymentProvider } from '../adapters/payments/port';
import type { LocalProvider } from '../adapters/payments/local';
import { createNotificationService } from '../notifications/service';
import { completeOrderAndGrant, setOrderStatus } from './orders';
import { cancelDuplicateSubscriptions, refreshAccountType, syncSubscription, usersPastGrace, type SyncContext } from './subscriptions';

/** An unpaid order younger than this may still be on its checkout page: leave it alone. */
const ORDER_SETTLE_MS = 10 * 60_000;
const TICK_MS = 60_000;
const RECONCILE_EVERY_TICKS = 15;

export interface PaymentsJobDeps {
  db: Db;
  provider: PaymentProvider;
  local: LocalProvider | null;
  context(): SyncContext;
  changed(userId: string): void;
  log: FastifyBaseLogger;
}

export interface ReconcileReport {
  subscriptions: number;
  orders: number;
  demoted: number;
}

export function createPaymentsJob(deps: PaymentsJobDeps) {
  const { db, provider, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let ticks = 0;

  async function reconcileSubscriptions(): Promise<number> {
    let seen = 0;
    for await (const sub of provider.listSubscriptions()) {
      const userId = await db.transaction((tx) => syncSubscription(tx, sub, deps.context()));
      if (userId) deps.changed(userId);
      seen += 1;
    }
    for (const userId of await cancelDuplicateSubscriptions(db, provider, () => deps.context(), log)) deps.changed(userId);
    return seen;
  }

  async function reconcileOrders(): Promise<number> {
    const ctx = deps.context();
    const stale = await db
      .select()
      .from(orders)
      .where(
        and(
          inArray(orders.status, ['pending', 'processing']),
          isNotNull(orders.providerSessionId),
          eq(orders.provider, provider.kind),
          lt(orders.createdAt, new Date(ctx.now.getTime() - ORDER_SETTLE_MS)),
        ),
      );
    let repaired = 0;
    for (const order of stale) {
      let session;
      try {
        session = await provider.retrieveCheckout(order.providerSessionId!);
      } catch (err) {
        // One unreadable checkout (deleted, another account's) must not stop the repair of the others.
        log.warn({ err, orderId: order.id }, "payments: reconcile could not read this order's checkout; skipped");
        continue;
      }
      if (session.status === 'complete' && session.paymentStatus === 'paid') {
        const userId = await db.transaction((tx) =>
          completeOrderAndGrant(tx, order.id, { paymentId: session.paymentId, customerId: session.customerId }, ctx.now),
        );
        if (userId) {
          deps.changed(userId);
          repaired += 1;
        }
      } else if (session.status === 'expired') {
        await setOrderStatus(db, order.id, 'expired');
        repaired += 1;
      }
    }
    return repaired;
  }

  /** past_due beyond the grace period → starter, with a notification. */
  async function demotePastGrace(): Promise<number> {
    const ctx = deps.context();
    let demoted = 0;
    for (const userId of await usersPastGrace(db, ctx)) {
      const changed = await db.transaction(async (tx) => {
        if (!(await refreshAccountType(tx, userId, ctx))) return false;
        await createNotificationService(tx).notify(userId, {
          title: 'Pro has ended',
          message:
            'We could not collect the Pro payment before the grace period ended. Your account is back on Starter with the credits you had.',
        });
        return true;
      });
      if (changed) {
        deps.changed(userId);
        demoted += 1;
      }
    }
    return demoted;
  }

  async function reconcile(): Promise<ReconcileReport> {
    const report = { subscriptions: await reconcileSubscriptions(), orders: await reconcileOrders(), demoted: await demotePastGrace() };
    log.info(report, 'payments: reconciled with the provider');
    return report;
  }

  async function tick(): Promise<void> {
    // The embedded provider runs its renewals and retries its deliveries on this beat.
    if (deps.local) await deps.local.tick();
    await demotePastGrace();
    if (ticks++ % RECONCILE_EVERY_TICKS === 0) await reconcile();
  }

  return {
    reconcile,
    demotePastGrace,
    tick,
    start() {
      if (timer) return;
      const run = () => void tick().catch((err) => log.error({ err }, 'payments job failed; will retry'));
      timer = setInterval(run, TICK_MS);
      timer.unref();
      run();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type PaymentsJob = ReturnType<typeof createPaymentsJob>;

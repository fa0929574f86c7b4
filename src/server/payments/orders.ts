import { desc, eq, sql, and } from 'drizzle-orm';
import type { TOrder } from '@contract/payments';
import type { DbOrTx } from '../db/client';
import { orders } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export const toOrder = (o: OrderRow): TOrder => ({
  id: o.id,
  package: o.package,
  credits: o.credits,
  amount: o.amount,
  currency: o.currency,
  status: o.status,
  createdAt: o.createdAt.toISOString(),
  completedAt: o.completedAt?.toISOString() ?? null,
});

/**
 * Completes an order and grants its credits in ONE statement: the status flip, the balance and the
 * ledger row happen together or not at all, and only for an order not completed yet, so a replayed
 * or concurrent delivery finds nothing to do. Answers the user credited, or null.
 */
export async function completeOrderAndGrant(
  tx: DbOrTx,
  orderId: string,
  ids: { paymentId: string | null; customerId: string | null },
  now: Date,
): Promise<string | null> {
  const result = await tx.execute<{ user_id: string }>(sql`
    with done as (
      update ${orders}
         set status = 'completed', completed_at = ${now.toISOString()}::timestamptz,
             provider_payment_id = coalesce(${ids.paymentId}, provider_payment_id),
             provider_customer_id = coalesce(${ids.customerId}, provider_customer_id)
       where id = ${orderId} and status <> 'completed'
       returning id, user_id, credits
    ), credited as (
      update users set credits = users.credits + done.credits, updated_at = ${now.toISOString()}::timestamptz
        from done where users.id = done.user_id
       returning users.id
    )
    insert into credit_ledger (user_id, delta, reason, order_id)
    select done.user_id, done.credits, 'purchase', done.id from done join credited on credited.id = done.user_id
    returning user_id`);
  const rows = (result as { rows: { user_id: string }[] }).rows;
  return rows[0]?.user_id ?? null;
}

/** Moves an unfinished order to another state (processing, failed, expired); a completed order never moves back. */
export async function setOrderStatus(tx: DbOrTx, orderId: string, status: 'processing' | 'failed' | 'expired') {
  await tx
    .update(orders)
    .set({ status })
    // A cancelled order stays cancelled when the provider later expires its session.
    .where(and(eq(orders.id, orderId), sql`${orders.status} not in ('completed', 'cancelled')`));
}

/**
 * The collector came back through the checkout's Cancel: their order, if still pending, is cancelled.
 * Idempotent (a second return, or one after the session expired or was paid, changes nothing); a
 * payment that still arrives on the session completes the order (completeOrderAndGrant).
 */
export async function cancelPendingOrder(tx: DbOrTx, userId: string, orderId: string): Promise<OrderRow | undefined> {
  await tx
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'pending')));
  const [o] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return o;
}

export async function ordersOf(db: DbOrTx, userId: string, limit = 50): Promise<TOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
  return rows.map(toOrder);
}

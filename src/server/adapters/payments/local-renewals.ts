/**
 * The embedded provider's subscription clock: renewals that are due are paid or fail (a declining
 * test card), failed ones are retried and finally canceled, and a subscription set to cancel ends at
 * its period's end; each change is saved with the events Stripe would send.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localProviderObjects } from '../../db/schema';
import { newId, seconds, type LocalBooks, type Obj } from './local-books';

/** Like Stripe's default smart retries: a failed renewal is retried every 3 days, 3 times, then the subscription is canceled. */
export const LOCAL_RETRY_DAYS = 3;
export const LOCAL_MAX_RETRIES = 3;

/** A month after `s` (seconds), by the calendar: a subscription's period. */
export const addMonth = (s: number) => {
  const d = new Date(s * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return seconds(d);
};

/** Answers `renewDue`: runs what is due now, and whether anything was (call again until false). */
export function createLocalRenewals(db: Db, now: () => Date, { load, save, emit, withCustomer }: LocalBooks) {
  async function renewDue(): Promise<boolean> {
    const base = seconds(now());
    const subs = await db.select().from(localProviderObjects).where(eq(localProviderObjects.kind, 'subscription'));
    let changed = false;
    for (const row of subs) {
      const sub = row.data;
      const item = ((sub.items as Obj).data as Obj[])[0];
      const status = String(sub.status);
      if (!['active', 'trialing', 'past_due'].includes(status)) continue;
      // A customer may carry its own test clock (as Stripe's test clocks attach to customers).
      const owner = (await load(String(sub.customer), 'customer')) ?? {};
      const t = base + Math.floor(Number(owner.test_clock_ms ?? 0) / 1000);
      const periodEnd = Number(item.current_period_end);
      const retryAt = Number(sub.local_next_retry ?? 0);
      const due = status === 'past_due' ? retryAt <= t : periodEnd <= t;
      if (!due) continue;
      changed = true;
      await db.transaction(async (tx) => {
        // Another worker process (PostgreSQL) may have renewed it since the read above: take the row
        // and go on only if it is still what was judged due, so a period never moves twice.
        const [locked] = await tx
          .select()
          .from(localProviderObjects)
          .where(and(eq(localProviderObjects.id, row.id), eq(localProviderObjects.kind, 'subscription')))
          .for('update');
        if (!locked || JSON.stringify(locked.data) !== JSON.stringify(row.data)) return;
        const customer = (await load(String(sub.customer), 'customer', tx)) ?? {};
        const declines = Boolean((customer.card as Obj | undefined)?.declines);
        const invoice = {
          id: newId('in'),
          object: 'invoice',
          customer: sub.customer,
          amount_due: Number((item.price as Obj).unit_amount),
          currency: (item.price as Obj).currency,
          parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
        };
        if (status !== 'past_due' && sub.cancel_at_period_end) {
          Object.assign(sub, { status: 'canceled', canceled_at: t, ended_at: periodEnd });
          await save(tx, 'subscription', sub);
          await emit(tx, 'customer.subscription.deleted', await withCustomer(sub, tx));
          return;
        }
        if (status !== 'past_due') {
          // The period moves on whether or not the renewal invoice is paid, as on Stripe.
          item.current_period_start = periodEnd;
          item.current_period_end = addMonth(periodEnd);
        }
        if (!declines) {
          Object.assign(sub, { status: 'active', local_retries: 0, local_next_retry: null });
          await save(tx, 'subscription', sub);
          await emit(tx, 'invoice.paid', { ...invoice, status: 'paid', amount_paid: invoice.amount_due });
          await emit(tx, 'customer.subscription.updated', await withCustomer(sub, tx));
          return;
        }
        const retries = status === 'past_due' ? Number(sub.local_retries ?? 0) + 1 : 0;
        if (retries >= LOCAL_MAX_RETRIES) {
          Object.assign(sub, { status: 'canceled', canceled_at: t, ended_at: t });
          await save(tx, 'subscription', sub);
          await emit(tx, 'invoice.payment_failed', { ...invoice, status: 'open' });
          await emit(tx, 'customer.subscription.deleted', await withCustomer(sub, tx));
          return;
        }
        Object.assign(sub, { status: 'past_due', local_retries: retries, local_next_retry: t + LOCAL_RETRY_DAYS * 86_400 });
        await save(tx, 'subscription', sub);
        await emit(tx, 'invoice.payment_failed', { ...invoice, status: 'open' });
        await emit(tx, 'customer.subscription.updated', await withCustomer(sub, tx));
      });
    }
    return changed;
  }

  return renewDue;
}

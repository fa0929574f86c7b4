/**
 * The subscription mirror. Every path that learns about a provider subscription (webhook, checkout
 * completion, cancel/resume, the reconcile job) hands the provider's CURRENT object to
 * `syncSubscription`, which upserts the mirror, links a user, recomputes Pro and writes the one
 * notification the change deserves. Because it works from state, not from events, the order in which
 * events arrive cannot change the outcome.
 */
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { providerSubscriptions, subscriptionCheckouts, users } from '../db/schema';
import type { PaymentProvider, ProviderSubscription } from '../adapters/payments/port';
import { createNotificationService } from '../notifications/service';
import { LIVE_STATUSES, givesPro, graceEndsAt } from './entitlement';
import { subscriptionNotice } from './notices';

export interface SyncContext {
  now: Date;
  graceDays: number;
  provider: 'stripe' | 'local';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user a subscription belongs to: our own metadata first, else the customer's email; none = orphan. */
async function linkedUserId(tx: DbOrTx, sub: ProviderSubscription, existing: string | null): Promise<string | null> {
  const fromMetadata = sub.metadata.userId;
  if (fromMetadata && UUID.test(fromMetadata)) {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, fromMetadata)).limit(1);
    if (u) return u.id;
  }
  if (existing) return existing;
  if (sub.customerEmail) {
    const [u] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${sub.customerEmail.toLowerCase()}`)
      .limit(1);
    if (u) return u.id;
  }
  return null;
}

/** Sets accountType from the user's subscriptions; answers whether it changed. */
export async function refreshAccountType(tx: DbOrTx, userId: string, ctx: SyncContext): Promise<boolean> {
  const subs = await tx.select().from(providerSubscriptions).where(eq(providerSubscriptions.userId, userId));
  if (!subs.length) return false;
  const pro = subs.some((s) => givesPro(s, ctx.now, ctx.graceDays));
  const changed = await tx
    .update(users)
    .set({ accountType: pro ? 'pro' : 'starter', updatedAt: ctx.now })
    .where(and(eq(users.id, userId), sql`${users.accountType} <> ${pro ? 'pro' : 'starter'}`))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Upserts the mirror from the provider's object; answers the linked user (for cache invalidation). */
export async function syncSubscription(tx: DbOrTx, sub: ProviderSubscription, ctx: SyncContext): Promise<string | null> {
  // One writer per subscription at a time (concurrent events for the same subscription queue here).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sub.id}))`);
  const [before] = await tx.select().from(providerSubscriptions).where(eq(providerSubscriptions.id, sub.id)).limit(1);
  // Canceled is final on the provider: an older snapshot fetched before it must not bring it back.
  if (before?.status === 'canceled' && sub.status !== 'canceled') return before.userId;
  const userId = await linkedUserId(tx, sub, before?.userId ?? null);
  const values = {
    id: sub.id,
    userId,
    provider: ctx.provider,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    plan: sub.plan,
    amount: sub.amount,
    currency: sub.currency,
    customerId: sub.customerId,
    customerEmail: sub.customerEmail,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    updatedAt: ctx.now,
  };
  if (userId) {
    // One decision per user at a time: two subscriptions of one user arriving together must not
    // both find the other missing and both stay.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-subscriptions:${userId}`}))`);
  }
  await tx.insert(providerSubscriptions).values(values).onConflictDoUpdate({ target: providerSubscriptions.id, set: values });
  if (!userId) return null;
  // The checkout that made it has done its work: a later "Subscribe" (after this one ends) starts afresh.
  if (isLive(sub.status)) await tx.delete(subscriptionCheckouts).where(eq(subscriptionCheckouts.userId, userId));
  const duplicateOf = before?.duplicateOf ?? (await duplicatedSubscription(tx, userId, sub));
  if (duplicateOf && !before?.duplicateOf)
    await tx.update(providerSubscriptions).set({ duplicateOf }).where(eq(providerSubscriptions.id, sub.id));
  await refreshAccountType(tx, userId, ctx);
  const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  // A duplicate's own changes say nothing to the collector (their first subscription goes on); its
  // cancellation gets one notice of its own.
  const notice = duplicateOf
    ? duplicateNotice(before ?? null, sub)
    : subscriptionNotice(before ?? null, sub, {
        graceEnd: graceEndsAt({ ...sub, updatedAt: ctx.now }, ctx.graceDays),
        credits: user?.credits ?? 0,
      });
  if (notice) await createNotificationService(tx).notify(userId, notice);
  return userId;
}

const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * One Pro subscription per user: a live subscription that arrives while its user already has another
 * live one (not itself a duplicate) is the duplicate. Answers the one it duplicates.
 */
async function duplicatedSubscription(tx: DbOrTx, userId: string, sub: ProviderSubscription): Promise<string | null> {
  if (!isLive(sub.status)) return null;
  const [other] = await tx
    .select({ id: providerSubscriptions.id })
    .from(providerSubscriptions)
    .where(
      and(
        eq(providerSubscriptions.userId, userId),
        ne(providerSubscriptions.id, sub.id),
        inArray(providerSubscriptions.status, [...LIVE_STATUSES]),
        isNull(providerSubscriptions.duplicateOf),
      ),
    )
    .orderBy(providerSubscriptions.createdAt)
    .limit(1);
  return other?.id ?? null;
}

function duplicateNotice(before: { status: string } | null, sub: ProviderSubscription) {
  if (sub.status !== 'canceled' || before?.status === 'canceled') return null;
  return {
    title: 'Second Pro subscription canceled',
    message:
      'You already had Pro, so the second Pro subscription you started was canceled at once and will not renew. Your Pro plan goes on as before.',
  };
}

/**
 * Cancels at the provider every duplicate subscription still live in the mirror, and mirrors the
 * answer. Run after each webhook that touched a subscription and by the payments job, so a cancel
 * that failed (the provider unreachable) is tried again. Network calls happen outside transactions.
 */
export async function cancelDuplicateSubscriptions(
  db: Db,
  provider: PaymentProvider,
  ctx: () => SyncContext,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): Promise<string[]> {
  const live = await db
    .select({ id: providerSubscriptions.id, userId: providerSubscriptions.userId, duplicateOf: providerSubscriptions.duplicateOf })
    .from(providerSubscriptions)
    .where(and(isNotNull(providerSubscriptions.duplicateOf), inArray(providerSubscriptions.status, [...LIVE_STATUSES])));
  const touched: string[] = [];
  for (const row of live) {
    try {
      const canceled = await provider.cancelSubscription(row.id);
      const userId = await db.transaction((tx) => syncSubscription(tx, canceled, ctx()));
      if (userId) touched.push(userId);
      log.info({ subscriptionId: row.id, duplicateOf: row.duplicateOf }, 'payments: duplicate Pro subscription canceled at the provider');
    } catch (err) {
      log.warn({ err, subscriptionId: row.id }, 'payments: canceling a duplicate subscription failed; the payments job tries again');
    }
  }
  return touched;
}

/** The user's subscription that decides Pro: a live one first, else the newest. */
export async function currentSubscription(db: DbOrTx, userId: string) {
  const subs = await db.select().from(providerSubscriptions).where(eq(providerSubscriptions.userId, userId));
  const rank = (s: (typeof subs)[number]) => ((LIVE_STATUSES as readonly string[]).includes(s.status) ? 1 : 0);
  return subs.sort((a, b) => rank(b) - rank(a) || b.updatedAt.getTime() - a.updatedAt.getTime())[0] ?? null;
}

/** Users on past_due subscriptions whose grace is over: the job returns them to starter. */
export async function usersPastGrace(db: DbOrTx, ctx: SyncContext): Promise<string[]> {
  const rows = await db
    .select()
    .from(providerSubscriptions)
    .where(inArray(providerSubscriptions.status, ['past_due']));
  return [...new Set(rows.filter((s) => s.userId && !givesPro(s, ctx.now, ctx.graceDays)).map((s) => s.userId!))];
}

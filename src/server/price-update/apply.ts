/**
 * Writes pricing groups' new values: every holder's grading, a price-history row per (card, platform,
 * grade) — one price per run: a unit this run priced already keeps that price —, the notifications Pro
 * holders get for a move above 10 %, and the run's progress, in ONE transaction. `applyBatch` writes a
 * whole batch so; `applyQuote` and `recordFailure` are the one-card-per-transaction fallback.
 * The progress write is fenced by the run's claim, so a run that lost its claim (another process took
 * it over after a stall) writes nothing; and since the cursor moves in the same transaction as the
 * prices, a resumed run never prices a group twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { gradings, priceHistory, priceUpdateRuns, userMessages } from '../db/schema';
import { PLATFORMS, type Platform, type PriceQuote } from './model/port';
import { displayedPlatform } from '../grading/displayed';
import type { PricingGroup } from './rules';
import { LostClaim } from '../jobs/lease';

/** A move in a card's value that Pro holders hear about. */
export const NOTIFY_MOVE = 0.1;
/** At most this many error lines are kept on a run (the count is in the stats). */
export const MAX_ERRORS_KEPT = 200;

export type RunStats = (typeof priceUpdateRuns.$inferSelect)['stats'];

export const lostClaim = () => new LostClaim('the price update run was taken over by another process');

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Moves the run's cursor and stats; throws LostClaim (rolling the transaction back) when the claim is gone. */
async function advance(tx: Tx, run: { id: string; claimId: string }, cursor: string, stats: RunStats, error?: string) {
  const [row] = await tx
    .update(priceUpdateRuns)
    .set({
      cursor,
      stats,
      ...(error
        ? {
            errors: sql`case when jsonb_array_length(${priceUpdateRuns.errors}) < ${MAX_ERRORS_KEPT} then ${priceUpdateRuns.errors} || ${JSON.stringify([error])}::jsonb else ${priceUpdateRuns.errors} end`,
          }
        : {}),
    })
    .where(and(eq(priceUpdateRuns.id, run.id), eq(priceUpdateRuns.claimId, run.claimId), eq(priceUpdateRuns.status, 'running')))
    .returning({ id: priceUpdateRuns.id });
  if (!row) throw lostClaim();
}

/** One card's values as written: the quote, except where this run already priced that (card, platform, grade). */
async function resolveValues(tx: Tx, run: { id: string; source: string }, priced: Priced[], now: Date) {
  const unit = (cardKey: string, p: Platform, grade: number) => `${cardKey}|${p}|${grade}`;
  const keys = [...new Set(priced.map(({ group }) => group.cardKey))];
  const known = new Map<string, string>();
  const existing = await tx
    .select({ cardKey: priceHistory.cardKey, platform: priceHistory.platform, grade: priceHistory.grade, value: priceHistory.value })
    .from(priceHistory)
    .where(and(eq(priceHistory.runId, run.id), inArray(priceHistory.cardKey, keys)));
  for (const e of existing) known.set(unit(e.cardKey, e.platform, e.grade), e.value);
  const history: (typeof priceHistory.$inferInsert)[] = [];
  const values = priced.map(
    ({ group, quote }) =>
      Object.fromEntries(
        PLATFORMS.map((p) => {
          const k = unit(group.cardKey, p, group.grades[p]);
          let v = known.get(k);
          if (v === undefined) {
            v = quote.graded[p].toFixed(2);
            known.set(k, v);
            history.push({
              runId: run.id,
              cardKey: group.cardKey,
              platform: p,
              grade: group.grades[p],
              value: v,
              source: run.source,
              recordedAt: now,
            });
          }
          return [p, v];
        }),
      ) as Record<Platform, string>,
  );
  if (history.length) await tx.insert(priceHistory).values(history).onConflictDoNothing();
  return values;
}

/** One group in its own transaction (the fallback when a batch fails). */
export async function applyQuote(
  db: Db,
  run: { id: string; claimId: string; startedAt: Date; source: string },
  group: PricingGroup,
  quote: PriceQuote,
  stats: RunStats,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [values] = await resolveValues(tx, run, [{ group, quote }], now);
    for (const h of group.holders) {
      // The run's start time, not the clock: next week's run, exactly 7 days later, covers it again (rules.ts).
      await tx
        .update(gradings)
        .set({ psaEstimatedValue: values.PSA, bgsEstimatedValue: values.BGS, cgcEstimatedValue: values.CGC, pricedAt: run.startedAt })
        .where(eq(gradings.id, h.gradingId));
      const notice = moveNotice(group, h, values);
      if (notice) await tx.insert(userMessages).values(notice);
    }
    await advance(tx, run, group.groupKey, stats);
  });
}

/** Records a group that could not be priced: its cards keep their old values. */
export async function recordFailure(db: Db, run: { id: string; claimId: string }, group: PricingGroup, error: string, stats: RunStats) {
  await db.transaction((tx) => advance(tx, run, group.groupKey, stats, errorLine(group, error)));
}

export type Priced = { group: PricingGroup; quote: PriceQuote };
export type Unpriced = { group: PricingGroup; error: string };

const errorLine = (group: PricingGroup, error: string) =>
  `${group.cardName} (${group.cardSet} ${group.cardNumber}, PSA ${group.grades.PSA}/BGS ${group.grades.BGS}/CGC ${group.grades.CGC}): ${error}`;

/** The notification a Pro holder gets for a move above 10 % on the platform their card shows, or null. */
function moveNotice(group: PricingGroup, h: PricingGroup['holders'][number], values: Record<Platform, string>) {
  if (!h.holderPro) return null;
  const p = displayedPlatform(h);
  const before = h.values[p];
  const after = Number(values[p]);
  if (before === null || before <= 0 || Math.abs(after - before) / before <= NOTIFY_MOVE) return null;
  const pct = ((after - before) / before) * 100;
  return {
    userId: h.userId,
    title: after > before ? 'Card value up' : 'Card value down',
    message: `${group.cardName} (${p} ${group.grades[p]}): ${usd(before)} → ${usd(after)} (${pct > 0 ? '+' : ''}${pct.toFixed(1)}%) in this week's price update.`,
    relatedCardId: h.userCardId,
  };
}

/**
 * A whole batch in one transaction, with set-based statements (a handful per batch, not per card):
 * every card in it is written whole or not at all, as with a transaction per card, at a fraction of
 * the round trips. The caller falls back to one transaction per card if the batch fails.
 */
export async function applyBatch(
  db: Db,
  run: { id: string; claimId: string; startedAt: Date; source: string },
  priced: Priced[],
  unpriced: Unpriced[],
  cursor: string,
  stats: RunStats,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (priced.length) {
      const values = await resolveValues(tx, run, priced, now);
      const updates = priced.flatMap(({ group }, i) =>
        group.holders.map((h) => ({ id: h.gradingId, psa: values[i].PSA, bgs: values[i].BGS, cgc: values[i].CGC })),
      );
      // The run's start time, not the clock: next week's run, exactly 7 days later, covers it again (rules.ts).
      await tx.execute(sql`
        UPDATE gradings g SET psa_estimated_value = v.psa, bgs_estimated_value = v.bgs, cgc_estimated_value = v.cgc, priced_at = ${run.startedAt.toISOString()}::timestamptz
        FROM json_to_recordset(${JSON.stringify(updates)}::json) AS v(id uuid, psa numeric, bgs numeric, cgc numeric)
        WHERE g.id = v.id`);
      const notices = priced.flatMap(({ group }, i) => group.holders.map((h) => moveNotice(group, h, values[i])).filter((n) => n !== null));
      if (notices.length) await tx.insert(userMessages).values(notices);
    }
    const [row] = await tx
      .update(priceUpdateRuns)
      .set({
        cursor,
        stats,
        ...(unpriced.length
          ? { errors: sql`(${priceUpdateRuns.errors} || ${JSON.stringify(unpriced.map((u) => errorLine(u.group, u.error)))}::jsonb)` }
          : {}),
      })
      .where(and(eq(priceUpdateRuns.id, run.id), eq(priceUpdateRuns.claimId, run.claimId), eq(priceUpdateRuns.status, 'running')))
      .returning({ id: priceUpdateRuns.id, errors: priceUpdateRuns.errors });
    if (!row) throw lostClaim();
    if (row.errors.length > MAX_ERRORS_KEPT)
      await tx
        .update(priceUpdateRuns)
        .set({ errors: row.errors.slice(0, MAX_ERRORS_KEPT) })
        .where(eq(priceUpdateRuns.id, run.id));
  });
}

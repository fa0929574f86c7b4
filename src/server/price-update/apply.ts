/**
 * Writes one pricing group's new values: every holder's grading, one price-history row per platform,
 * the notifications Pro holders get for a move above 10 %, and the run's progress, in ONE transaction.
 * The progress write is fenced by the run's claim, so a run that lost its claim (another process took
 * it over after a stall) writes nothing; and since the cursor moves in the same transaction as the
 * prices, a resumed run never prices a group twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { gradings, priceHistory, priceUpdateRuns, userMessages } from '../db/schema';
import { PLATFORMS, type Platform, type PriceQuote } from './model/port';
import type { PricingGroup } from './rules';

/** A move in a card's value that Pro holders hear about. */
export const NOTIFY_MOVE = 0.1;
/** At most this many error lines are kept on a run (the count is in the stats). */
export const MAX_ERRORS_KEPT = 200;

export type RunStats = (typeof priceUpdateRuns.$inferSelect)['stats'];

export class LostClaim extends Error {
  constructor() {
    super('the price update run was taken over by another process');
  }
}

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const shownPlatform = (p: string | null): Platform => (p === 'BGS' || p === 'CGC' ? p : 'PSA');

/** Moves the run's cursor and stats; throws LostClaim (rolling the transaction back) when the claim is gone. */
async function advance(tx: Tx, run: { id: string; claimId: string }, cursor: string, stats: RunStats, error?: string) {
  const [row] = await tx
    .update(priceUpdateRuns)
    .set({
      cursor,
      stats,
      ...(error ? { errors: sql`case when jsonb_array_length(${priceUpdateRuns.errors}) < ${MAX_ERRORS_KEPT} then ${priceUpdateRuns.errors} || ${JSON.stringify([error])}::jsonb else ${priceUpdateRuns.errors} end` } : {}),
    })
    .where(and(eq(priceUpdateRuns.id, run.id), eq(priceUpdateRuns.claimId, run.claimId), eq(priceUpdateRuns.status, 'running')))
    .returning({ id: priceUpdateRuns.id });
  if (!row) throw new LostClaim();
}

export async function applyQuote(
  db: Db,
  run: { id: string; claimId: string; startedAt: Date; source: string },
  group: PricingGroup,
  quote: PriceQuote,
  stats: RunStats,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = Object.fromEntries(PLATFORMS.map((p) => [p, quote.graded[p].toFixed(2)])) as Record<Platform, string>;
    const written = await tx
      .insert(priceHistory)
      .values(PLATFORMS.map((p) => ({ runId: run.id, cardKey: group.cardKey, platform: p, grade: group.grades[p], value: values[p], source: run.source, recordedAt: now })))
      .onConflictDoNothing()
      .returning({ id: priceHistory.id });
    // Already written by this run (an earlier life of it): the cursor says otherwise only if it was
    // rolled back, which it was not, since both commit together. Belt and braces: never write twice.
    if (written.length === 0) return advance(tx, run, group.groupKey, stats);
    for (const h of group.holders) {
      // The run's start time, not the clock: next week's run, exactly 7 days later, covers it again (rules.ts).
      await tx.update(gradings).set({ psaEstimatedValue: values.PSA, bgsEstimatedValue: values.BGS, cgcEstimatedValue: values.CGC, pricedAt: run.startedAt }).where(eq(gradings.id, h.gradingId));
      if (!h.holderPro) continue;
      const p = shownPlatform(h.recommendedPlatform);
      const before = h.values[p];
      const after = quote.graded[p];
      if (before === null || before <= 0 || Math.abs(after - before) / before <= NOTIFY_MOVE) continue;
      const pct = ((after - before) / before) * 100;
      await tx.insert(userMessages).values({
        userId: h.userId,
        title: after > before ? 'Card value up' : 'Card value down',
        message: `${group.cardName} (${p} ${group.grades[p]}): ${usd(before)} → ${usd(after)} (${pct > 0 ? '+' : ''}${pct.toFixed(1)}%) in this week's price update.`,
        relatedCardId: h.userCardId,
      });
    }
    await advance(tx, run, group.groupKey, stats);
  });
}

/** Records a group that could not be priced: its cards keep their old values. */
export async function recordFailure(db: Db, run: { id: string; claimId: string }, group: PricingGroup, error: string, stats: RunStats) {
  await db.transaction((tx) => advance(tx, run, group.groupKey, stats, `${group.cardName} (${group.cardSet} ${group.cardNumber}, PSA ${group.grades.PSA}/BGS ${group.grades.BGS}/CGC ${group.grades.CGC}): ${error}`));
}

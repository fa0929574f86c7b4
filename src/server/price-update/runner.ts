/**
 * The weekly price update job. Its `price_update_runs` row is the job: a partial unique index allows
 * one `running` row, so two starts (two processes, two admins) cannot both run; the loser gets 409.
 * The row is held by the shared job runner (jobs/runner.ts), like a grading: a claim id fences every
 * write, and a lease renewed by a heartbeat tells other processes the run is alive. A process that dies
 * leaves a lapsed lease; the next start, or any process's resume tick, claims the run again and carries
 * on after its cursor. A start inserts its row already claimed and hands it to the runner (`adopt`).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TPriceUpdateLastRunResponse, TPriceUpdatePreviewResponse, TPriceUpdateResponse } from '@contract/price-update';
import type { Db } from '../db/client';
import { cards, cardSets, priceUpdateRuns } from '../db/schema';
import type { Clock } from '../deps';
import { conflicting } from '../domain-errors';
import type { MarketPriceSource } from '../pricing/port';
import { leaseLapsed, LostClaim } from '../jobs/lease';
import { createJobRunner, JobStopping, type JobContext } from '../jobs/runner';
import { applyBatch, applyQuote, lostClaim, recordFailure, type Priced, type RunStats, type Unpriced } from './apply';
import { formatDuration, formatEstimate } from './format';
import type { CallBudget, PriceModel, QuoteRequest } from './model/port';
import { rejectQuote } from './model/validate';
import { coverageCounts, nextGroups, PRICE_RECENCY_DAYS, type PricingGroup } from './rules';

export const LEASE_MS = 30_000;
/** Groups read per page of the work list (each page re-classifies every graded card: fewer, larger pages). */
const PAGE_GROUPS = 2000;
export const HEARTBEAT_MS = 10_000;

type Run = typeof priceUpdateRuns.$inferSelect;
const EMPTY_STATS: RunStats = { processed: 0, succeeded: 0, failed: 0, duplicates: 0, apiCalls: 0, cardsUpdated: 0 };

export interface PriceUpdateDeps {
  db: Db;
  model: PriceModel;
  clock: Clock;
  graceDays: number;
  /** Model calls one run may make. */
  maxCalls: number;
  market: MarketPriceSource;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The embedded database: this process is the only one, so a `running` row at boot is its own, interrupted. */
  soleProcess?: boolean;
}

export function createPriceUpdateRunner(deps: PriceUpdateDeps) {
  const { db, model, clock, log } = deps;
  const running = eq(priceUpdateRuns.status, 'running');

  async function preview(): Promise<TPriceUpdatePreviewResponse> {
    const c = await coverageCounts(db, { now: clock.now(), graceDays: deps.graceDays });
    return {
      totalCards: c.totalCards,
      cardsToUpdate: c.cardsToUpdate,
      eligibleUsers: c.eligibleUsers,
      estimatedDuration: formatEstimate(c.pricingGroups * model.secondsPerGroup),
      priceUpdateCategories: {
        gradedWithSubscription: c.gradedWithSubscription,
        recentlyGraded: c.recentlyGraded,
        oldGradedWithPro: c.oldGradedWithPro,
        oldGradedWithoutPro: c.oldGradedWithoutPro,
      },
      counts: {
        eligibleCards: c.eligibleCards,
        skippedRecentlyPriced: c.skippedRecentlyPriced,
        recencyDays: PRICE_RECENCY_DAYS,
        skippedOldStarter: c.oldGradedWithoutPro,
        skippedIncomplete: c.skippedIncomplete,
      },
      pricedBy: pricedBy(model.source),
    };
  }

  function resultOf(run: Run): TPriceUpdateResponse {
    const s = run.stats;
    const end = run.finishedAt ?? clock.now();
    return {
      success: run.status !== 'failed',
      message:
        run.message ??
        `The weekly price update is still running: ${s.processed.toLocaleString('en-US')} of ${run.totalCards.toLocaleString('en-US')} cards so far.`,
      stats: {
        totalCardsProcessed: s.processed,
        successfulUpdates: s.succeeded,
        failedUpdates: s.failed,
        duplicatesSkipped: s.duplicates,
        duration: formatDuration(end.getTime() - run.startedAt.getTime()),
        totalApiCalls: s.apiCalls,
      },
      errors: run.errors,
      inProgress: run.status === 'running',
    };
  }

  async function lastRun(): Promise<TPriceUpdateLastRunResponse> {
    // A run going on now first, else the latest one.
    const [run] = await db
      .select()
      .from(priceUpdateRuns)
      .orderBy(desc(sql`${priceUpdateRuns.status} = 'running'`), desc(priceUpdateRuns.startedAt))
      .limit(1);
    if (!run) return { status: 'never', lastRun: null, totalCardsUpdated: 0, message: 'No price update has run yet.' };
    return {
      status: run.status,
      lastRun: run.startedAt.toISOString(),
      totalCardsUpdated: run.stats.cardsUpdated,
      message: run.message ?? resultOf(run).message,
    };
  }

  /** The facts a model gets beyond the group: the set's release date and the card's market price. */
  async function enrich(groups: PricingGroup[]): Promise<QuoteRequest[]> {
    const ids = [...new Set(groups.map((g) => g.cardId).filter((x): x is string => x !== null))];
    const dates = new Map<string, string>();
    if (ids.length) {
      const rows = await db
        .select({ id: cards.id, releaseDate: cardSets.releaseDate })
        .from(cards)
        .innerJoin(cardSets, eq(cardSets.id, cards.setId))
        .where(inArray(cards.id, ids));
      for (const r of rows) dates.set(r.id, r.releaseDate);
    }
    return Promise.all(
      groups.map(async (g) => ({
        ...g,
        releaseDate: g.cardId ? (dates.get(g.cardId) ?? null) : null,
        // The same printing rule as grading and the card profile (pricing/printing-price.ts).
        market: g.cardId
          ? await deps.market.marketPrice({ cardId: g.cardId, rarity: g.rarity, edition: g.edition ?? null, finish: g.finish ?? null })
          : null,
      })),
    );
  }

  async function finish(run: Run, stats: RunStats, failedRun: string | null): Promise<Run> {
    const status = failedRun || (stats.failed > 0 && stats.succeeded === 0) ? 'failed' : 'success';
    const message =
      failedRun ??
      (stats.processed === 0
        ? 'No cards needed a price update.'
        : `Updated ${stats.cardsUpdated.toLocaleString('en-US')} cards (${stats.succeeded.toLocaleString('en-US')} new prices, ${stats.duplicates.toLocaleString('en-US')} shared with another holder); ${stats.failed.toLocaleString('en-US')} failed.`);
    const [done] = await db
      .update(priceUpdateRuns)
      .set({ status, message, finishedAt: clock.now(), stats, claimId: null, leaseExpiresAt: null })
      .where(runner.heldBy(run))
      .returning();
    if (!done) throw lostClaim();
    log?.info({ runId: run.id, status, stats }, 'weekly price update finished');
    return done;
  }

  /** Prices group after group from the run's cursor until none is left. */
  async function execute(run: Run, ctx: JobContext): Promise<Run> {
    const claim = { id: run.id, claimId: run.claimId!, startedAt: run.startedAt, source: run.model };
    const stats: RunStats = { ...run.stats };
    const budget: CallBudget = { remaining: Math.max(0, deps.maxCalls - stats.apiCalls), used: stats.apiCalls };
    let cursor = run.cursor;
    try {
      for (;;) {
        const page = await nextGroups(
          db,
          { now: run.startedAt, graceDays: deps.graceDays },
          cursor,
          Math.max(PAGE_GROUPS, model.batchSize),
        );
        if (page.length === 0) return await finish(run, stats, null);
        for (let from = 0; from < page.length; from += model.batchSize) {
          // Shutdown: stop between batches and hand the row back; a lost claim ends the run here.
          if (ctx.signal.aborted) {
            if (ctx.signal.reason instanceof JobStopping) return await handBack(run);
            throw ctx.signal.reason;
          }
          const groups = page.slice(from, from + model.batchSize);
          const outcomes = await model.quote(await enrich(groups), budget);
          const before = { ...stats };
          const priced: Priced[] = [];
          const unpriced: Unpriced[] = [];
          for (const [i, group] of groups.entries()) {
            const outcome = outcomes[i] ?? { ok: false as const, error: 'the price model gave no answer' };
            const reason = outcome.ok ? rejectQuote(group, outcome.quote) : outcome.error;
            stats.processed += group.holders.length;
            if (outcome.ok && reason === null) {
              stats.succeeded += 1;
              stats.duplicates += group.holders.length - 1;
              stats.cardsUpdated += group.holders.length;
              priced.push({ group, quote: outcome.quote });
            } else {
              stats.failed += group.holders.length;
              unpriced.push({ group, error: reason ?? 'rejected' });
            }
          }
          stats.apiCalls = budget.used;
          const last = groups[groups.length - 1].groupKey;
          try {
            await applyBatch(db, claim, priced, unpriced, last, { ...stats }, clock.now());
          } catch (err) {
            if (err instanceof LostClaim) throw err;
            // One card's write failed (a constraint, a value out of range): write them one by one, so
            // only that card fails and the others keep their new prices.
            log?.warn({ err, runId: run.id }, 'a batch of prices could not be written; writing card by card');
            Object.assign(stats, before, { apiCalls: budget.used });
            for (const [i, group] of groups.entries()) {
              const ok = priced.find((p) => p.group === group);
              stats.processed += group.holders.length;
              if (ok) {
                try {
                  stats.succeeded += 1;
                  stats.duplicates += group.holders.length - 1;
                  stats.cardsUpdated += group.holders.length;
                  await applyQuote(db, claim, group, ok.quote, { ...stats }, clock.now());
                  continue;
                } catch (e) {
                  if (e instanceof LostClaim) throw e;
                  stats.succeeded -= 1;
                  stats.duplicates -= group.holders.length - 1;
                  stats.cardsUpdated -= group.holders.length;
                  stats.failed += group.holders.length;
                  await recordFailure(db, claim, group, 'its new price could not be saved', { ...stats });
                  continue;
                }
              }
              stats.failed += group.holders.length;
              await recordFailure(db, claim, group, unpriced.find((u) => u.group === group)?.error ?? `card ${i} was not priced`, {
                ...stats,
              });
            }
          }
          cursor = last;
          if (budget.remaining <= 0) break;
        }
        if (budget.remaining <= 0)
          return await finish(
            run,
            stats,
            `Stopped: the run used its budget of ${deps.maxCalls.toLocaleString('en-US')} model calls after ${stats.processed.toLocaleString('en-US')} cards. Start it again to continue.`,
          );
      }
    } catch (err) {
      if (err instanceof LostClaim) {
        log?.warn({ runId: run.id }, err.message);
        const [now] = await db.select().from(priceUpdateRuns).where(eq(priceUpdateRuns.id, run.id));
        return now ?? run;
      }
      log?.error({ err, runId: run.id }, 'weekly price update failed');
      return await finish(
        run,
        stats,
        'The weekly price update stopped on an error on our side; cards priced so far keep their new values.',
      ).catch(() => run);
    }
  }

  /** Leaves the run `running` with no lease, so the next tick anywhere (or the next boot) resumes it at once. */
  async function handBack(run: Run): Promise<Run> {
    const [row] = await db.update(priceUpdateRuns).set({ leaseExpiresAt: null }).where(runner.heldBy(run)).returning();
    log?.info({ runId: run.id }, 'weekly price update paused for shutdown; it resumes on the next start');
    return row ?? run;
  }

  const runner = createJobRunner<Run, Run>(
    {
      name: 'weekly price update',
      table: priceUpdateRuns,
      active: running,
      // A run whose process is gone (lapsed lease); never one this process executes itself (a stalled
      // heartbeat): the runner leaves those out, since re-claiming would fence them out.
      claimable: (now) => and(running, leaseLapsed(priceUpdateRuns, now)),
      orderBy: priceUpdateRuns.startedAt,
      run: execute,
    },
    { db, clock, log, leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS, soleRunner: deps.soleProcess },
  );

  const launch = (run: Run): Promise<Run> => runner.adopt(run).then((done) => done ?? run);

  /** Claims a running run whose process is gone (lapsed lease, or any at boot on the embedded database). */
  async function claimInterrupted(atBoot = false): Promise<Run | null> {
    if (atBoot) await runner.recoverInterrupted();
    const run = await runner.claim();
    if (run) log?.warn({ runId: run.id, cursor: run.cursor }, 'resuming an interrupted weekly price update');
    return run;
  }

  /** Starts a run (or takes over one whose process died); 409 while another is alive. */
  async function start(trigger: 'admin' | 'schedule'): Promise<{ run: Run; done: Promise<Run> }> {
    const resumed = await claimInterrupted();
    if (resumed) return { run: resumed, done: launch(resumed) };
    const now = clock.now();
    const total = (await coverageCounts(db, { now, graceDays: deps.graceDays })).cardsToUpdate;
    try {
      const [run] = await db
        .insert(priceUpdateRuns)
        .values({
          trigger,
          model: model.source,
          startedAt: now,
          totalCards: total,
          stats: EMPTY_STATS,
          ...runner.newClaim(),
        })
        .returning();
      log?.info({ runId: run.id, trigger, total }, 'weekly price update started');
      return { run: run, done: launch(run) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const [other] = await db.select().from(priceUpdateRuns).where(eq(priceUpdateRuns.status, 'running')).limit(1);
      const since = other
        ? ` (started ${other.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${other.stats.processed.toLocaleString('en-US')} of ${other.totalCards.toLocaleString('en-US')} cards done)`
        : '';
      throw conflicting(`A weekly price update is already running${since}. Wait for it to finish.`);
    }
  }

  return {
    preview,
    lastRun,
    resultOf,
    start,
    /** Resumes an interrupted run if there is one; the worker tick and boot call it. */
    async resumeInterrupted(atBoot = false): Promise<boolean> {
      const run = await claimInterrupted(atBoot);
      if (!run) return false;
      void launch(run);
      return true;
    },
    async get(id: string): Promise<Run | null> {
      const [run] = await db.select().from(priceUpdateRuns).where(eq(priceUpdateRuns.id, id));
      return run ?? null;
    },
    /** Shutdown: stop every run this process executes after its current batch. */
    halt: runner.stop,
    /** Waits for every run this process executes (tests). */
    idle: runner.idle,
  };
}
export type PriceUpdateRunner = ReturnType<typeof createPriceUpdateRunner>;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code === '23505') return true;
  return false;
}

/** The adapter a run uses, named from its history source (`estimator:<version>` or `openai:<model>`). */
export function pricedBy(source: string): { kind: 'estimator' | 'openai'; label: string } {
  const [kind, rest = ''] = source.split(':', 2);
  if (kind === 'openai') return { kind: 'openai', label: `AI model ${rest} (OpenAI-compatible service)` };
  return { kind: 'estimator', label: `Embedded estimator: market price × grade multipliers (${rest}), no AI model` };
}

/**
 * The grading worker. The `gradings` table is the queue, run by the shared job runner (jobs/runner.ts:
 * claim with FOR NO KEY UPDATE SKIP LOCKED, lease, heartbeat, fence, recover, stop). A claim flips a row to
 * processing; a worker that dies stops renewing, and within LEASE_MS its job is claimable again (the
 * poll loop picks it up within a second of expiry); on the embedded database the process is the only
 * worker there is, so a restarted one takes its interrupted jobs back at once. Every write of a job
 * (progress, result, failure) is fenced by its claim id, so a worker that stalled past its lease never
 * writes over the worker that took the job over; writing results is idempotent (same row, same image
 * keys), so a resumed job leaves no duplicates. A failed grading gives its credit back exactly once.
 */
import { pricedCard } from '../pricing/priced-card';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImageStore } from '../adapters/storage/port';
import type { Db } from '../db/client';
import { cards, creditLedger, gradings, userCards, userMessages, users } from '../db/schema';
import type { Clock } from '../deps';
import type { PricingPort } from '../pricing/port';
import { SAVING_EVIDENCE_STEP, type TEngineGradingReport } from '@contract/grading-report';
import type { ReferenceImagePort } from '../adapters/reference-images/port';
import { showNewGradingInBinders } from '../binders/follow-latest-grading';
import { gradingColumns } from './grading-columns';
import { EngineRefusal, type CloseUpName } from '../../engine';
import { sharedEnginePool } from './engine-pool/pool';
import { createJobRunner } from '../jobs/runner';
import { leaseLapsed } from '../jobs/lease';

/** How long a claim lasts without a heartbeat: a dead worker's job waits at most this long (plus a poll). */
export const LEASE_MS = 15_000;
/** How often a running job's lease is renewed: three renewals fit in a lease, so one slow write is no loss. */
export const HEARTBEAT_MS = 5_000;
const POLL_MS = 1000;

type Job = typeof gradings.$inferSelect;

export function createGradingWorker(deps: {
  db: Db;
  images: ImageStore;
  pricing: PricingPort;
  /** The catalogue image of a picked card, for the engine to compare with; without it the engine's stricter detector decides. */
  referenceImages?: ReferenceImagePort;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  creditsChanged?: (userId: string) => void;
  /**
   * This process is the only worker on its database (the embedded PGlite: one process owns the data
   * directory), so at start every job left in processing is one it was running when it was stopped.
   */
  soleWorker?: boolean;
}) {
  const { db, images, pricing, clock, log } = deps;
  const processing = eq(gradings.status, 'processing');
  /**
   * The job's row while this worker still holds it. A worker that stalled past its lease may find its job
   * claimed and run by another; from then on none of its writes (progress, result, failure) land.
   */
  const heldBy = (job: Job) => runner.heldBy(job);

  async function fail(job: Job, reason: string) {
    await db.transaction(async (tx) => {
      // Only the first failure of a job that spent a credit gives it back.
      const [updated] = await tx
        .update(gradings)
        .set({
          status: 'failed',
          error: reason,
          completedAt: clock.now(),
          currentStep: 'Failed',
          creditRefunded: sql`${gradings.creditsSpent} > 0`,
        })
        .where(and(heldBy(job), eq(gradings.creditRefunded, false)))
        .returning();
      // No row: the card (and with it this grading) was removed meanwhile, or another worker holds the job now.
      if (!updated) return;
      const refund = updated.creditsSpent > 0;
      if (refund) {
        await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${updated.creditsSpent}` })
          .where(eq(users.id, job.userId));
        await tx.insert(creditLedger).values({ userId: job.userId, delta: updated.creditsSpent, reason: 'refund', gradingId: job.id });
      }
      await tx.insert(userMessages).values({
        userId: job.userId,
        title: 'Grading failed',
        message: `${reason}${refund ? ' Your credit has been returned.' : ''}`,
        relatedCardId: job.userCardId,
      });
    });
    deps.creditsChanged?.(job.userId);
  }

  /** The catalogue image of a card picked from the catalogue (a hand-typed card has none). */
  async function referenceFor(cardId: string | null): Promise<Buffer | null> {
    if (!cardId || !deps.referenceImages || deps.referenceImages.kind === 'none') return null;
    const [row] = await db.select({ imageLarge: cards.imageLarge }).from(cards).where(eq(cards.id, cardId));
    return row?.imageLarge ? deps.referenceImages.get({ cardId, imageUrl: row.imageLarge }) : null;
  }

  async function runJob(job: Job) {
    let lastWrite = 0;
    const pending: Promise<unknown>[] = [];
    // Everything, reading the photos included, sits inside the try: a storage or database error fails
    // this grading (credit back) instead of escaping the worker loop and stopping the process.
    try {
      const [card] = await db.select().from(userCards).where(eq(userCards.id, job.userCardId));
      if (!card) return await fail(job, 'The card was removed before it could be graded.');
      const load = async (key: string | undefined) => (key ? (await images.get(key))?.data : undefined);
      const [front, back] = await Promise.all([load(card.images.front), load(card.images.back)]);
      if (!front || !back) return await fail(job, 'The front or back photo is missing.');
      const closeUps: Partial<Record<CloseUpName, Buffer>> = {};
      for (const [name, key] of Object.entries(card.images.corners ?? {})) {
        const data = await load(key);
        if (data) closeUps[name as CloseUpName] = data;
      }
      const raw = await pricing.rawValueUsd(pricedCard(card));
      const reference = await referenceFor(card.cardId);
      // In a worker thread of the engine pool: pixels never run on the web process's event loop.
      const grading = { front, back, closeUps, rawValueUsd: raw.usd, valueSource: raw.source, ...(reference ? { reference } : {}) };
      const { report, evidence } = await sharedEnginePool().grade(grading, (step, done) => {
        // At most a few writes a second: the progress bar polls, it doesn't need every step.
        const now = Date.now();
        if (now - lastWrite < 150 && done < 1) return;
        lastWrite = now;
        // execute(): a Drizzle query is lazy, and this one must run now, not when awaited at the end.
        pending.push(
          db
            .update(gradings)
            .set({ progress: Math.min(95, Math.round(5 + done * 85)), currentStep: step })
            .where(heldBy(job))
            .execute(),
        );
      });
      await Promise.all(pending);
      await db.update(gradings).set({ progress: 95, currentStep: SAVING_EVIDENCE_STEP }).where(heldBy(job));
      const evidenceKeys: Record<string, string> = {};
      for (const [name, data] of Object.entries(evidence)) {
        // Deterministic keys: a resumed job overwrites, never duplicates.
        const key = `gradings/${job.gradingId.toLowerCase()}/${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.jpg`;
        await images.put(key, data, 'image/jpeg');
        evidenceKeys[name] = key;
      }
      const stored: TEngineGradingReport = { ...report, evidenceKeys };
      const completed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(gradings)
          .set({
            status: 'completed',
            progress: 100,
            currentStep: 'Completed',
            completedAt: clock.now(),
            ...gradingColumns(report),
            confidence: report.confidence / 100,
            report: stored,
          })
          .where(heldBy(job))
          .returning({ id: gradings.id });
        if (!row) return false;
        await showNewGradingInBinders(tx, job.userCardId, job.id);
        await tx.insert(userMessages).values({
          userId: job.userId,
          title: 'Grading complete',
          message: `${card.cardName}: PSA ${report.psaGrade}, BGS ${report.bgsGrade}, CGC ${report.cgcGrade}. Best value with ${report.recommendedPlatform}.`,
          relatedCardId: job.userCardId,
        });
        return true;
      });
      if (!completed) {
        // Either another worker took the job over (it writes these same keys: keep them), or the collector
        // removed the card while it was being graded: then nothing points at these images any more.
        const [stillThere] = await db.select({ id: gradings.id }).from(gradings).where(eq(gradings.id, job.id));
        if (!stillThere) await Promise.all(Object.values(evidenceKeys).map((key) => images.delete(key).catch(() => undefined)));
      }
    } catch (err) {
      await Promise.allSettled(pending);
      if (err instanceof EngineRefusal) return fail(job, err.message);
      log?.error({ err, gradingId: job.gradingId }, 'grading failed');
      return fail(job, 'Grading failed on our side. Please try again.');
    }
  }

  const runner = createJobRunner<Job>(
    {
      name: 'grading',
      table: gradings,
      active: processing,
      // The oldest job that is waiting, or whose worker's lease ran out (a processing row without a lease predates leases).
      claimable: (now) => or(eq(gradings.status, 'pending'), and(processing, leaseLapsed(gradings, now))),
      orderBy: gradings.createdAt,
      onClaim: (now) => ({
        status: 'processing',
        startedAt: now,
        progress: 1,
        currentStep: sql`case when ${gradings.status} = 'processing' then 'Resuming after an interruption' else 'Starting' end`,
      }),
      run: async (job) => {
        if (job.currentStep !== 'Starting') log?.warn({ gradingId: job.gradingId }, 'resuming an interrupted grading');
        await runJob(job);
      },
    },
    { db, clock, log, leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS, pollMs: POLL_MS, soleRunner: deps.soleWorker },
  );

  return {
    runOnce: runner.runOnce,
    renewLeases: runner.renewLeases,
    takeBackInterrupted: runner.recoverInterrupted,
    poke: runner.poke,
    start: runner.start,
    stop: runner.stop,
  };
}
export type GradingWorker = ReturnType<typeof createGradingWorker>;

/**
 * The grading worker. The `gradings` table is the queue: a job is claimed by flipping one row to
 * processing with FOR UPDATE SKIP LOCKED, so several worker processes never take the same job. A claim
 * is a lease: it carries a fresh claim id and an expiry that the worker's heartbeat pushes forward every
 * HEARTBEAT_MS while the job runs. A worker that dies stops renewing, and within LEASE_MS its job is
 * claimable again (the poll loop picks it up within a second of expiry); on the embedded database the
 * process is the only worker there is, so a restarted one takes its interrupted jobs back at once.
 * Every write of a job (progress, result, failure, lease) is fenced by its claim id, so a worker that
 * stalled past its lease never writes over the worker that took the job over; writing results is
 * idempotent (same row, same image keys), so a resumed job leaves no duplicates. A failed grading gives
 * its credit back exactly once.
 *
 * Why not pg-boss: it needs PostgreSQL and its own schema; the embedded PGlite default would need a
 * second queue. One table that both databases run is simpler and the job's state is the row itself.
 */
import { pricedCard } from '../pricing/priced-card';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
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
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;
  /** Jobs this worker is running now, whose leases the heartbeat renews. */
  const held = new Map<string, Job>();

  const leaseUntil = () => new Date(clock.now().getTime() + LEASE_MS);

  /** The oldest job that is waiting, or whose worker's lease ran out (a processing row without a lease predates leases). */
  async function claim(): Promise<Job | null> {
    const now = clock.now();
    const next = sql`(SELECT id FROM gradings
      WHERE status = 'pending' OR (status = 'processing' AND (lease_expires_at IS NULL OR lease_expires_at < ${now}))
      ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)`;
    const [job] = await db
      .update(gradings)
      .set({
        status: 'processing',
        claimId: randomUUID(),
        leaseExpiresAt: leaseUntil(),
        startedAt: now,
        progress: 1,
        currentStep: sql`case when ${gradings.status} = 'processing' then 'Resuming after an interruption' else 'Starting' end`,
      })
      .where(eq(gradings.id, next))
      .returning();
    if (job && job.currentStep !== 'Starting') log?.warn({ gradingId: job.gradingId }, 'resuming an interrupted grading');
    return job ?? null;
  }

  /**
   * The job's row while this worker still holds it. A worker that stalled past its lease may find its job
   * claimed and run by another; from then on none of its writes (progress, result, failure) land.
   */
  const heldBy = (job: Job) => and(eq(gradings.id, job.id), eq(gradings.status, 'processing'), eq(gradings.claimId, job.claimId!));

  /** The heartbeat: pushes the lease of every job this worker runs forward. Returns how many it still holds. */
  async function renewLeases(): Promise<number> {
    let kept = 0;
    for (const job of [...held.values()]) {
      const [row] = await db.update(gradings).set({ leaseExpiresAt: leaseUntil() }).where(heldBy(job)).returning({ id: gradings.id });
      if (row) kept += 1;
      // Lost (another worker claimed it after a stall, or the card was removed): stop renewing; its
      // remaining writes are fenced out anyway.
      else held.delete(job.id);
    }
    return kept;
  }

  /** On the embedded database, the jobs this process was running when it stopped: queued again at once. */
  async function takeBackInterrupted(): Promise<number> {
    if (!deps.soleWorker) return 0;
    const rows = await db
      .update(gradings)
      .set({ leaseExpiresAt: null })
      .where(eq(gradings.status, 'processing'))
      .returning({ id: gradings.id });
    if (rows.length) log?.warn({ count: rows.length }, 'taking back gradings interrupted by the last stop');
    return rows.length;
  }

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

  /** Claims and runs one job; returns whether there was one. */
  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    held.set(job.id, job);
    const heartbeat = setInterval(
      () => void renewLeases().catch((err: unknown) => log?.warn({ err }, 'could not renew a grading lease')),
      HEARTBEAT_MS,
    );
    try {
      await runJob(job);
    } catch (err) {
      // Even recording the failure failed (the database is gone?): the job stays in processing, its
      // lease runs out and it is claimed again. The loop goes on.
      log?.error({ err, gradingId: job.gradingId }, 'could not record the outcome of a grading');
    } finally {
      clearInterval(heartbeat);
      held.delete(job.id);
    }
    return true;
  }

  async function loop() {
    while (!stopped && (await runOnce())) {
      /* drain the queue */
    }
  }

  /** Wake the loop now (a job was just queued in this process). */
  function poke() {
    if (stopped || running) return;
    running = loop()
      // claim() itself failed (database unreachable): log it; the next tick tries again.
      .catch((err: unknown) => log?.error({ err }, 'grading worker could not claim a job'))
      .finally(() => (running = null));
  }

  return {
    runOnce,
    renewLeases,
    takeBackInterrupted,
    poke,
    async start() {
      if (!stopped) return;
      stopped = false;
      await takeBackInterrupted();
      // Each tick also finds jobs whose lease ran out: claim() takes them like waiting ones.
      const tick = () => {
        if (stopped) return;
        poke();
        timer = setTimeout(tick, POLL_MS);
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type GradingWorker = ReturnType<typeof createGradingWorker>;

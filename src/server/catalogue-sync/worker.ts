/**
 * Runs catalogue syncs in the background, with `sync_logs` as the queue, on the shared job runner
 * (jobs/runner.ts): a started run is a `running` row without a claim; a runner takes it with FOR NO KEY UPDATE
 * SKIP LOCKED, a fresh claim id and a lease its heartbeat renews (each renewal also looks for a cancel
 * asked for from any process). Every write of the run is fenced by the claim. The partial unique index
 * on running rows keeps one run at a time across all processes.
 *
 * A run whose process died (kill -9) is not picked up again by itself: it shows as failed (on the
 * embedded database at the next start; on PostgreSQL once its lease runs out) with the page it was
 * on, and the admin resumes it from there. Syncing is a deliberate act that reads a rate-limited API;
 * it should not restart behind the admin's back.
 */
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { syncLogs } from '../db/schema';
import type { Clock } from '../deps';
import type { CatalogueSyncConfig } from '../config';
import type { CatalogueSource } from './source/port';
import { SyncCancelled, addEvent, runSync, type RunContext, type SyncRun } from './run';
import { LostClaim } from '../jobs/lease';
import { createJobRunner, JobStopping, type JobContext } from '../jobs/runner';
import { fireSchedule } from './schedule';

export const LEASE_MS = 15_000;
export const HEARTBEAT_MS = 2_000;
const POLL_MS = 1_000;

export interface SyncWorkerDeps {
  db: Db;
  clock: Clock;
  /** A fresh source per run (the live adapter's request budget is per run). */
  openSource: () => CatalogueSource;
  schedule?: CatalogueSyncConfig['schedule'];
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The embedded database has one process: every claimed running row at start is one this process lost. */
  soleWorker?: boolean;
  pageSize?: number;
  afterPage?: RunContext['afterPage'];
  catalogueChanged?: () => void;
}

export function createSyncWorker(deps: SyncWorkerDeps) {
  const { db, clock, log } = deps;
  /** The run this process is executing, so an in-process cancel aborts its fetch at once. */
  let current: { id: string; ctx: JobContext } | null = null;

  /** Marks runs whose process is gone as failed, keeping the page they were on for Resume. */
  async function failAbandoned(all = false): Promise<number> {
    const now = clock.now();
    const gone = all ? isNotNull(syncLogs.claimId) : and(isNotNull(syncLogs.claimId), lt(syncLogs.leaseExpiresAt, now));
    const rows = await db
      .update(syncLogs)
      .set({
        status: 'failed',
        completedAt: now,
        claimId: null,
        leaseExpiresAt: null,
        errorCount: sql`${syncLogs.errorCount} + 1`,
        lastError: 'The server stopped while this sync was running; resume it to continue from the page it was on.',
      })
      .where(and(eq(syncLogs.status, 'running'), gone))
      .returning();
    for (const row of rows) {
      await addEvent(
        db,
        row.id,
        'error',
        `Sync interrupted: the server stopped during ${row.metadata.phase ?? row.type} page ${row.metadata.currentPage ?? 1}`,
        { phase: row.metadata.phase, page: row.metadata.currentPage ?? 1 },
      );
      log?.warn({ syncLogId: row.id }, 'catalogue sync interrupted by the last stop: marked failed');
    }
    return rows.length;
  }

  async function execute(run: SyncRun, ctx: JobContext) {
    current = { id: run.id, ctx };
    try {
      const status = await runSync(
        {
          db,
          clock,
          source: deps.openSource(),
          signal: ctx.signal,
          pageSize: deps.pageSize,
          afterPage: deps.afterPage,
          catalogueChanged: deps.catalogueChanged,
        },
        run,
      );
      log?.info({ syncLogId: run.id, status }, 'catalogue sync finished');
    } catch (err) {
      if (err instanceof LostClaim) log?.warn({ syncLogId: run.id }, 'catalogue sync lost its claim');
      else {
        const stopped = ctx.signal.reason instanceof JobStopping;
        // Stopped on purpose, or a database error mid-run: recorded where the admin looks; Resume continues.
        if (!stopped) log?.error({ err, syncLogId: run.id }, 'catalogue sync crashed');
        const message = stopped
          ? 'The server was stopped during this sync; resume it to continue from the page it was on.'
          : err instanceof Error
            ? err.message
            : String(err);
        const [failed] = await db
          .update(syncLogs)
          .set({
            status: 'failed',
            completedAt: clock.now(),
            claimId: null,
            leaseExpiresAt: null,
            lastError: message,
            errorCount: sql`${syncLogs.errorCount} + 1`,
          })
          .where(runner.heldBy(run))
          .returning({ id: syncLogs.id })
          .catch(() => []);
        if (failed)
          await addEvent(db, run.id, 'error', stopped ? 'Sync interrupted: the server was stopped' : `Sync failed: ${message}`).catch(
            () => undefined,
          );
      }
    } finally {
      current = null;
    }
  }

  const runner = createJobRunner<SyncRun>(
    {
      name: 'catalogue sync',
      table: syncLogs,
      active: eq(syncLogs.status, 'running'),
      // Started runs nobody holds; one whose process died is failed by failAbandoned, not taken again.
      claimable: () => and(eq(syncLogs.status, 'running'), isNull(syncLogs.claimId)),
      orderBy: syncLogs.startedAt,
      run: execute,
      // A cancel asked for from any process aborts the run's fetch at the next heartbeat.
      onRenew: (row, ctx) => {
        if (row.cancelRequested) ctx.abort(new SyncCancelled());
      },
      beforeClaim: async () => {
        await failAbandoned();
        if (deps.schedule && deps.schedule.kind !== 'off') await fireSchedule(db, clock, deps.schedule, log);
      },
      recover: () => failAbandoned(true),
    },
    { db, clock, log, leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS, pollMs: POLL_MS, soleRunner: deps.soleWorker },
  );

  return {
    runOnce: runner.runOnce,
    failAbandoned,
    poke: runner.poke,
    /** Aborts the fetch of the run this process executes, if it is that run (cancel from this process). */
    abortLocal(id: string) {
      if (current?.id === id) current.ctx.abort(new SyncCancelled());
    },
    start: runner.start,
    /** Stops taking runs; the one in flight is aborted where it stands (it shows failed at the next start). */
    stop: runner.stop,
  };
}
export type SyncWorker = ReturnType<typeof createSyncWorker>;

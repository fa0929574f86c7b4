/**
 * Runs catalogue syncs in the background, with `sync_logs` as the queue (like grading/worker.ts): a
 * started run is a `running` row without a claim; a worker takes it with FOR UPDATE SKIP LOCKED, a
 * fresh claim id and a lease its heartbeat renews. Every write of the run is fenced by the claim. The
 * partial unique index on running rows keeps one run at a time across all processes.
 *
 * A run whose process died (kill -9) is not picked up again by itself: it shows as failed (on the
 * embedded database at the next start; on PostgreSQL once its lease runs out) with the page it was
 * on, and the admin resumes it from there. Syncing is a deliberate act that reads a rate-limited API;
 * it should not restart behind the admin's back.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { syncLogs } from '../db/schema';
import type { Clock } from '../deps';
import type { CatalogueSyncConfig } from '../config';
import type { CatalogueSource } from './source/port';
import { LostClaim, SyncCancelled, addEvent, runSync, type RunContext, type SyncRun } from './run';
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
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** The run this process is executing, so an in-process cancel aborts its fetch at once. */
  let current: { id: string; abort: AbortController } | null = null;

  const leaseUntil = () => new Date(clock.now().getTime() + LEASE_MS);

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

  async function claim(): Promise<SyncRun | null> {
    const next = sql`(SELECT id FROM sync_logs WHERE status = 'running' AND claim_id IS NULL ORDER BY started_at FOR UPDATE SKIP LOCKED LIMIT 1)`;
    const [run] = await db
      .update(syncLogs)
      .set({ claimId: randomUUID(), leaseExpiresAt: leaseUntil() })
      .where(eq(syncLogs.id, next))
      .returning();
    return run ?? null;
  }

  /** Renews the lease; aborts the run when a cancel was asked for (from any process) or the claim is gone. */
  async function heartbeat(run: SyncRun, abort: AbortController) {
    const [row] = await db
      .update(syncLogs)
      .set({ leaseExpiresAt: leaseUntil() })
      .where(and(eq(syncLogs.id, run.id), eq(syncLogs.claimId, run.claimId!)))
      .returning({ cancel: syncLogs.cancelRequested });
    if (!row || row.cancel) abort.abort(row ? new SyncCancelled() : new Error('claim lost'));
  }

  async function execute(run: SyncRun) {
    const abort = new AbortController();
    current = { id: run.id, abort };
    const beat = setInterval(
      () => void heartbeat(run, abort).catch((err: unknown) => log?.warn({ err }, 'could not renew a sync lease')),
      HEARTBEAT_MS,
    );
    try {
      const status = await runSync(
        {
          db,
          clock,
          source: deps.openSource(),
          signal: abort.signal,
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
          .where(and(eq(syncLogs.id, run.id), eq(syncLogs.claimId, run.claimId!)))
          .returning({ id: syncLogs.id })
          .catch(() => []);
        if (failed)
          await addEvent(db, run.id, 'error', stopped ? 'Sync interrupted: the server was stopped' : `Sync failed: ${message}`).catch(
            () => undefined,
          );
      }
    } finally {
      clearInterval(beat);
      current = null;
    }
  }

  async function runOnce(): Promise<boolean> {
    await failAbandoned();
    if (deps.schedule && deps.schedule.kind !== 'off') await fireSchedule(db, clock, deps.schedule, log);
    const run = await claim();
    if (!run) return false;
    await execute(run);
    return true;
  }

  function poke() {
    if (stopped || running) return;
    running = (async () => {
      while (!stopped && (await runOnce())) {
        /* drain */
      }
    })()
      .catch((err: unknown) => log?.error({ err }, 'catalogue sync worker tick failed'))
      .finally(() => (running = null));
  }

  return {
    runOnce,
    failAbandoned,
    poke,
    /** Aborts the fetch of the run this process executes, if it is that run (cancel from this process). */
    abortLocal(id: string) {
      if (current?.id === id) current.abort.abort(new SyncCancelled());
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      if (deps.soleWorker) await failAbandoned(true);
      const tick = () => {
        if (stopped) return;
        poke();
        timer = setTimeout(tick, POLL_MS);
      };
      tick();
    },
    /** Stops taking runs; the one in flight is aborted where it stands (it shows failed at the next start). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      current?.abort.abort(new Error('shutdown'));
      await running;
    },
  };
}
export type SyncWorker = ReturnType<typeof createSyncWorker>;

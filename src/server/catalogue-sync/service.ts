/** What the admin routes do with sync runs: list, read, start, cancel, resume (spec §7.3). */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { syncTypeLabel, type TSyncEvent, type TSyncLog, type TSyncType } from '@contract/catalogue-sync';
import type { Db } from '../db/client';
import { syncEvents, syncLogs } from '../db/schema';
import { missing, conflicting } from '../domain-errors';
import { addEvent, type SyncRun } from './run';

const ALREADY_RUNNING = 'A sync is already running. Wait for it to finish or cancel it first.';
const HISTORY = 100;

/** A unique violation of the one-running-sync index: another run is active. */
function isOneRunningViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
}

/** Queues a run; `ok: false` when one is running already (in any process). */
export async function startSync(db: Db, type: TSyncType, by: 'admin' | 'schedule'): Promise<{ ok: true; id: string } | { ok: false }> {
  try {
    const [row] = await db
      .insert(syncLogs)
      .values({ type, status: 'running', metadata: { phase: type === 'cards' ? 'cards' : 'sets', currentPage: 1 } })
      .returning({ id: syncLogs.id });
    await addEvent(db, row.id, 'info', `${syncTypeLabel(type)} sync queued by the ${by}`, { by });
    return { ok: true, id: row.id };
  } catch (err) {
    if (isOneRunningViolation(err)) return { ok: false };
    throw err;
  }
}

export const toSyncLog = (r: SyncRun): TSyncLog => ({
  id: r.id,
  type: r.type,
  status: r.status,
  startedAt: r.startedAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
  totalRecords: r.totalRecords,
  processedRecords: r.processedRecords,
  errorCount: r.errorCount,
  lastError: r.lastError,
  metadata: r.metadata,
});

export function createCatalogueSyncService(deps: { db: Db; wake?: () => void; abortLocal?: (id: string) => void }) {
  const { db } = deps;
  async function load(id: string) {
    const [row] = await db.select().from(syncLogs).where(eq(syncLogs.id, id));
    if (!row) throw missing('Sync operation not found.');
    return row;
  }
  return {
    async list(): Promise<TSyncLog[]> {
      return (await db.select().from(syncLogs).orderBy(desc(syncLogs.startedAt)).limit(HISTORY)).map(toSyncLog);
    },
    async get(id: string): Promise<TSyncLog> {
      return toSyncLog(await load(id));
    },
    async events(id: string): Promise<TSyncEvent[]> {
      await load(id);
      const rows = await db.select().from(syncEvents).where(eq(syncEvents.syncLogId, id)).orderBy(asc(syncEvents.id));
      return rows.map((e) => ({
        id: String(e.id),
        eventType: e.eventType,
        message: e.message,
        timestamp: e.timestamp.toISOString(),
        details: e.details ?? null,
      }));
    },
    async start(type: TSyncType) {
      const started = await startSync(db, type, 'admin');
      if (!started.ok) throw conflicting(ALREADY_RUNNING);
      deps.wake?.();
      return { message: `${syncTypeLabel(type)} sync started.`, syncLogId: started.id };
    },
    async cancel(id: string) {
      const row = await load(id);
      if (row.status !== 'running') throw conflicting(`This sync is ${row.status}; only a running sync can be cancelled.`);
      // A run no worker has taken yet ends here; a taken one stops at its next page (or sooner: the fetch is aborted).
      // One statement decides, so a worker claiming the run meanwhile is no race.
      const [updated] = await db
        .update(syncLogs)
        .set({
          cancelRequested: true,
          status: sql`case when ${syncLogs.claimId} is null then 'cancelled' else ${syncLogs.status} end`,
          completedAt: sql`case when ${syncLogs.claimId} is null then now() else ${syncLogs.completedAt} end`,
        })
        .where(and(eq(syncLogs.id, id), eq(syncLogs.status, 'running')))
        .returning();
      if (!updated) throw conflicting('This sync has just finished; only a running sync can be cancelled.');
      if (updated.status === 'cancelled') await addEvent(db, id, 'warning', 'Sync cancelled before it started');
      else await addEvent(db, id, 'info', 'Cancel requested by the admin');
      deps.abortLocal?.(id);
      return { message: 'The sync operation has been cancelled.', syncLogId: id };
    },
    async resume(id: string) {
      const row = await load(id);
      if (row.status !== 'failed' && row.status !== 'cancelled')
        throw conflicting(`This sync is ${row.status}; only a failed or cancelled sync can be resumed.`);
      try {
        await db
          .update(syncLogs)
          .set({ status: 'running', completedAt: null, cancelRequested: false, claimId: null, leaseExpiresAt: null })
          .where(and(eq(syncLogs.id, id), inArray(syncLogs.status, ['failed', 'cancelled'])));
      } catch (err) {
        if (isOneRunningViolation(err)) throw conflicting(ALREADY_RUNNING);
        throw err;
      }
      const page = row.metadata.currentPage ?? 1;
      await addEvent(db, id, 'info', `Resume requested: continuing from ${row.metadata.phase ?? row.type} page ${page}`, {
        phase: row.metadata.phase,
        page,
      });
      deps.wake?.();
      return { message: `${syncTypeLabel(row.type)} sync resumed from page ${page}.`, syncLogId: id };
    },
  };
}
export type CatalogueSyncService = ReturnType<typeof createCatalogueSyncService>;

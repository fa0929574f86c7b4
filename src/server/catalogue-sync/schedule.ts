/**
 * The optional schedule (CATALOGUE_SYNC_SCHEDULE=daily@HH:MM, UTC): its next firing time is a row, and
 * a process fires it by moving that time forward in one conditional UPDATE, so with several processes
 * polling, exactly one of them starts the run. A run already going when it fires is left alone.
 */
import { Cron } from 'croner';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { syncSchedule } from '../db/schema';
import type { Clock } from '../deps';
import type { CatalogueSyncConfig } from '../config';
import { startSync } from './service';

const SCHEDULE_ID = 'catalogue-full';

/** The first `HH:MM` UTC strictly after `now` (croner's date arithmetic; the poll loop fires it). */
export function nextDaily(at: string, now: Date): Date {
  const [h, m] = at.split(':').map(Number) as [number, number];
  return new Cron(`${m} ${h} * * *`, { timezone: 'UTC', paused: true }).nextRun(now)!;
}

export async function fireSchedule(
  db: Db,
  clock: Clock,
  schedule: Exclude<CatalogueSyncConfig['schedule'], { kind: 'off' }>,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<boolean> {
  const now = clock.now();
  const rule = `daily@${schedule.at}`;
  // A changed rule starts over from its own next time.
  await db
    .insert(syncSchedule)
    .values({ id: SCHEDULE_ID, rule, nextRunAt: nextDaily(schedule.at, now) })
    .onConflictDoUpdate({
      target: syncSchedule.id,
      set: { rule, nextRunAt: nextDaily(schedule.at, now) },
      setWhere: sql`${syncSchedule.rule} <> ${rule}`,
    });
  const [won] = await db
    .update(syncSchedule)
    .set({ nextRunAt: nextDaily(schedule.at, now) })
    .where(and(eq(syncSchedule.id, SCHEDULE_ID), lte(syncSchedule.nextRunAt, now)))
    .returning();
  if (!won) return false;
  const started = await startSync(db, 'full', 'schedule');
  if (started.ok) log?.info({ syncLogId: started.id }, 'scheduled catalogue sync started');
  else log?.warn('scheduled catalogue sync skipped: a sync is already running');
  return started.ok;
}

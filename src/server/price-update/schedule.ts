/**
 * The weekly schedule (PRICE_UPDATE_SCHEDULE, e.g. mon-03:00 UTC; off by default). Every process ticks
 * once a minute; the slot a tick is due for is claimed with one compare-and-set on `app_settings`, so
 * however many processes tick, one of them starts the run. A slot is only caught up within a day (a
 * server that was down all week does not fire a stale Monday on Friday), and a tick also resumes a run
 * whose process died.
 */
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Clock } from '../deps';
import { DomainError } from '../domain-errors';
import type { PriceUpdateRunner } from './runner';

const TICK_MS = 60_000;
const CATCH_UP_MS = 24 * 3600_000;
export const SCHEDULE_KEY = 'price_update.last_scheduled_slot';

/** The schedule as a cron rule (croner), for its date arithmetic: it is never started as a timer itself. */
const weekly = (s: NonNullable<AppConfig['priceUpdateSchedule']>) =>
  new Cron(`${s.minute} ${s.hour} * * ${s.day}`, { timezone: 'UTC', paused: true });

/** The latest scheduled moment at or before `now`. */
export function latestSlot(now: Date, s: NonNullable<AppConfig['priceUpdateSchedule']>): Date {
  // previousRuns counts strictly before its reference: a millisecond on, `now` itself is a slot.
  return weekly(s).previousRuns(1, new Date(now.getTime() + 1))[0];
}

export function createPriceUpdateSchedule(deps: {
  db: Db;
  clock: Clock;
  runner: PriceUpdateRunner;
  schedule: AppConfig['priceUpdateSchedule'];
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}) {
  let timer: NodeJS.Timeout | null = null;

  /** Claims the due slot; true for the one process that wins it. */
  async function claimSlot(slot: Date): Promise<boolean> {
    const value = slot.toISOString();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
    const rows = (await deps.db.execute(sql`
      INSERT INTO app_settings (key, value) VALUES (${SCHEDULE_KEY}, ${value})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE app_settings.value < excluded.value
      RETURNING key`)) as unknown as { rows: unknown[] };
    return rows.rows.length > 0;
  }

  /** One tick: resume an orphaned run, and start the scheduled one if its slot is due and unclaimed. */
  async function tick(): Promise<'started' | 'resumed' | 'idle'> {
    if (await deps.runner.resumeInterrupted()) return 'resumed';
    if (!deps.schedule) return 'idle';
    const now = deps.clock.now();
    const slot = latestSlot(now, deps.schedule);
    if (now.getTime() - slot.getTime() > CATCH_UP_MS || !(await claimSlot(slot))) return 'idle';
    try {
      await deps.runner.start('schedule');
      deps.log?.info({ slot }, 'scheduled weekly price update started');
      return 'started';
    } catch (err) {
      // An admin's run is going on already: it covers this week.
      if (err instanceof DomainError && err.kind === 'conflict') return 'idle';
      throw err;
    }
  }

  return {
    tick,
    async start() {
      if (timer) return;
      await deps.runner
        .resumeInterrupted(true)
        .catch((err: unknown) => deps.log?.error({ err }, 'could not resume the weekly price update'));
      const loop = () => {
        timer = setTimeout(() => {
          void tick()
            .catch((err: unknown) => deps.log?.error({ err }, 'weekly price update tick failed'))
            .finally(() => timer && loop());
        }, TICK_MS);
        timer.unref();
      };
      loop();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await deps.runner.halt();
    },
  };
}
export type PriceUpdateSchedule = ReturnType<typeof createPriceUpdateSchedule>;

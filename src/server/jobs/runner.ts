/**
 * One job runner for every background job (gradings, catalogue syncs, the weekly price update): it
 * claims a row of the job's table (lease.ts: FOR NO KEY UPDATE SKIP LOCKED, a fresh claim id, a lease), renews
 * the lease every `heartbeatMs` while the job runs, hands the job a fence for its writes and an abort
 * signal, and stops cleanly. A job keeps only its work: which rows are waiting, what claiming sets, what
 * one run does, and what becomes of a job whose runner died.
 *
 * - Several runners (threads of one process, or processes on one PostgreSQL) never take the same job:
 *   the claim skips rows another transaction holds.
 * - A runner that dies stops renewing; once its lease runs out the job is claimable again (where the
 *   job's `claimable` says so). On the embedded database one process owns the data, so at start every
 *   job still held is one this process was running when it stopped: `recoverInterrupted` releases them
 *   at once (or hands them to the job's own `recover`, e.g. to mark them failed).
 * - A runner that stalled past its lease may find its job claimed by another: its heartbeat finds the
 *   claim gone and aborts the job's signal with LostClaim, and every write the job fences with `heldBy`
 *   lands nowhere, so a late write never overwrites the runner that took over.
 * - `stop()` stops the poll loop, aborts the signal of each job running then with JobStopping (a job
 *   that can pause hands its row back; one that cannot finishes) and waits for them. An explicit
 *   `runOnce()` or `adopt()` afterwards still runs (tests and benches drive runners by hand).
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../deps';
import { claimNext, heldBy, LostClaim, newClaim, renewLease, type Claimed, type LeasedTable } from './lease';

export { LostClaim } from './lease';

/** The abort reason a running job sees when its runner is stopped (shutdown). */
export class JobStopping extends Error {
  constructor() {
    super('the job runner is stopping');
  }
}

export interface JobContext {
  /** Aborted when the runner stops (JobStopping), the claim is lost (LostClaim), or by `abort`. */
  readonly signal: AbortSignal;
  abort(reason: unknown): void;
}

export interface JobDefinition<Row extends Claimed, Result = void> {
  /** For the logs: "grading", "catalogue sync"… */
  name: string;
  table: LeasedTable;
  /** What a held row looks like beside its claim (e.g. status = 'processing'): fences and renewals require it. */
  active?: SQL;
  /** The rows a runner may claim now: waiting ones, and (for jobs that resume) held ones whose lease ran out. */
  claimable: (now: Date) => SQL | undefined;
  /** Oldest first, by this column. */
  orderBy: PgColumn;
  /** The job's own columns set by a claim (its status, when it started). */
  onClaim?: (now: Date) => Record<string, unknown>;
  /** The work. Writes are fenced with `heldBy(table, job, active)`; a long job looks at `ctx.signal`. */
  run: (job: Row, ctx: JobContext) => Promise<Result>;
  /** Sees the row at every renewal (e.g. aborts on a cancel asked for from another process). */
  onRenew?: (row: Row, ctx: JobContext) => void;
  /** Before every claim (e.g. marking abandoned rows failed, firing a schedule). */
  beforeClaim?: () => Promise<void>;
  /**
   * The jobs left held by this process's last life (embedded database: one process). Without it they are
   * released (lease cleared) so the next claim resumes them at once. Returns how many there were.
   */
  recover?: () => Promise<number>;
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  /** How long a claim lasts without a heartbeat: a dead runner's job waits at most this long. */
  leaseMs: number;
  /** How often a running job's lease is renewed: several renewals fit in a lease, so one slow write is no loss. */
  heartbeatMs: number;
  /** How often `start()` looks for work (a job queued in this process calls `poke()` instead of waiting). */
  pollMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** This process is the only runner on its database (the embedded PGlite): see `recoverInterrupted`. */
  soleRunner?: boolean;
}

interface Held<Row> {
  row: Row;
  abort: AbortController;
}

export function createJobRunner<Row extends Claimed, Result = void>(job: JobDefinition<Row, Result>, opts: JobRunnerOptions) {
  const { db, clock, log } = opts;
  const held = new Map<string, Held<Row>>();
  /** Jobs running now, so stop() can wait for each. */
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let polling = false;
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<void> | null = null;

  const leaseUntil = () => new Date(clock.now().getTime() + opts.leaseMs);

  async function renew(entry: Held<Row>): Promise<boolean> {
    const row = await renewLease<Row>(db, job.table, entry.row, leaseUntil(), job.active);
    if (!row) {
      // Lost (another runner claimed it after a stall, or the row was removed): stop renewing, and tell
      // the job; its remaining writes are fenced out anyway.
      held.delete(entry.row.id);
      entry.abort.abort(new LostClaim());
      return false;
    }
    job.onRenew?.(row, contextOf(entry));
    return true;
  }

  const contextOf = (entry: Held<Row>): JobContext => ({
    signal: entry.abort.signal,
    abort: (reason) => entry.abort.abort(reason),
  });

  /** Runs a job this runner holds the claim of, renewing its lease until it ends. */
  async function execute(row: Row): Promise<Result | undefined> {
    const entry: Held<Row> = { row, abort: new AbortController() };
    held.set(row.id, entry);
    // The renewal in flight, awaited when the job ends: runOnce() returning means the job writes no more.
    let renewal: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(() => {
      if (held.get(row.id) === entry)
        renewal = renew(entry).catch((err: unknown) => log?.warn({ err, jobId: row.id }, `could not renew a ${job.name} lease`));
    }, opts.heartbeatMs);
    try {
      return await job.run(row, contextOf(entry));
    } catch (err) {
      // The job could not even record its outcome (the database is gone?): it stays held, its lease runs
      // out, and what the job's `claimable` says happens next. The runner goes on.
      log?.error({ err, jobId: row.id }, `could not record the outcome of a ${job.name}`);
      return undefined;
    } finally {
      clearInterval(heartbeat);
      if (held.get(row.id) === entry) held.delete(row.id);
      await renewal;
    }
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  /** Claims the next job, if any, without running it. */
  async function claim(): Promise<Row | null> {
    const now = clock.now();
    return claimNext<Row>(db, job.table, {
      where: job.claimable(now),
      orderBy: job.orderBy,
      now,
      leaseMs: opts.leaseMs,
      set: job.onClaim?.(now),
      except: [...held.keys()],
    });
  }

  /** Claims and runs one job; returns whether there was one. */
  async function runOnce(): Promise<boolean> {
    await job.beforeClaim?.();
    const row = await claim();
    if (!row) return false;
    await track(execute(row));
    return true;
  }

  /** Wakes the poll loop now (a job was just queued in this process). */
  function poke() {
    if (!polling || stopping || draining) return;
    draining = (async () => {
      while (polling && !stopping && (await runOnce())) {
        /* drain the queue */
      }
    })()
      // The claim itself failed (database unreachable): log it; the next tick tries again.
      .catch((err: unknown) => log?.error({ err }, `the ${job.name} runner could not claim a job`))
      .finally(() => (draining = null));
  }

  /** At start on the embedded database: the jobs this process held when it last stopped. */
  async function recoverInterrupted(): Promise<number> {
    if (!opts.soleRunner) return 0;
    if (job.recover) return job.recover();
    const rows = await db.update(job.table).set({ leaseExpiresAt: null }).where(job.active).returning({ id: job.table.id });
    if (rows.length) log?.warn({ count: rows.length }, `taking back ${job.name} jobs interrupted by the last stop`);
    return rows.length;
  }

  return {
    claim,
    runOnce,
    poke,
    recoverInterrupted,
    /** A fresh claim for a row the job inserts already held (it then calls `adopt`). */
    newClaim: () => newClaim(clock.now(), opts.leaseMs),
    /** Runs a row this runner claimed itself (inserted with `newClaim`, or from `claim`). */
    adopt: (row: Row) => track(execute(row)),
    /** The fence of a held row. */
    heldBy: (row: Claimed) => heldBy(job.table, row, job.active),
    /** Ids of the jobs this runner is running. */
    running: () => [...held.keys()],
    /** The heartbeat of every job this runner holds, now. Returns how many it still holds. */
    renewLeases: async (): Promise<number> => {
      let kept = 0;
      for (const entry of [...held.values()]) if (await renew(entry)) kept += 1;
      return kept;
    },
    /** Recovers what the last stop left, then polls every `pollMs`. */
    start: async () => {
      if (polling) return;
      stopping = false;
      polling = true;
      await recoverInterrupted();
      const tick = () => {
        if (!polling) return;
        poke();
        timer = setTimeout(tick, opts.pollMs ?? 1000);
      };
      tick();
    },
    /** Waits for every job this runner runs now (tests). */
    idle: async () => {
      await Promise.allSettled([...inFlight]);
    },
    /** Stops claiming, tells every running job to stop (JobStopping) and waits for them. */
    stop: async () => {
      stopping = true;
      polling = false;
      if (timer) clearTimeout(timer);
      for (const entry of held.values()) entry.abort.abort(new JobStopping());
      await draining;
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type JobRunner<Row extends Claimed, Result = void> = ReturnType<typeof createJobRunner<Row, Result>>;

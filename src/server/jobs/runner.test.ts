/**
 * The job runner on its own table: two runners racing for jobs, a killed runner's job resumed by
 * another without duplicates, a fenced-out runner's late write rejected, a clean stop that hands the
 * job back, and the embedded database's take-back at start. The `db` project runs this file on PGlite
 * and again on PostgreSQL (where the two runners' claims really run at once on separate connections).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/db';
import { leaseLapsed, LostClaim } from './lease';
import { createJobRunner, JobStopping, type JobContext, type JobDefinition } from './runner';

const suffix = randomBytes(4).toString('hex');
const jobs = pgTable(`job_runner_test_${suffix}`, {
  id: uuid('id').primaryKey(),
  status: text('status').notNull(),
  /** Steps done: a resumed job carries on after it. */
  progress: integer('progress').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  claimId: uuid('claim_id'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
});
/** What the jobs did, one row per step written (no key: a duplicate would show as a second row). */
const effects = pgTable(`job_runner_test_${suffix}_effects`, {
  jobId: uuid('job_id').notNull(),
  step: integer('step').notNull(),
  claimId: uuid('claim_id').notNull(),
});
type Job = typeof jobs.$inferSelect;

const STEPS = 5;
const LEASE_MS = 10_000;
let database: Database;
let now = Date.now();
const clock = { now: () => new Date(now) };

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql.raw(`CREATE TABLE job_runner_test_${suffix} (id uuid PRIMARY KEY, status text NOT NULL, progress integer NOT NULL,
      created_at timestamptz NOT NULL, claim_id uuid, lease_expires_at timestamptz)`),
  );
  await database.db.execute(
    sql.raw(`CREATE TABLE job_runner_test_${suffix}_effects (job_id uuid NOT NULL, step integer NOT NULL, claim_id uuid NOT NULL)`),
  );
  // Rows that reference a job, as sync events reference their run.
  await database.db.execute(
    sql.raw(
      `CREATE TABLE job_runner_test_${suffix}_notes (job_id uuid NOT NULL REFERENCES job_runner_test_${suffix} (id) ON DELETE CASCADE)`,
    ),
  );
});
afterAll(async () => {
  await database.db.execute(
    sql.raw(`DROP TABLE job_runner_test_${suffix}_notes, job_runner_test_${suffix}_effects, job_runner_test_${suffix}`),
  );
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(effects);
  await database.db.delete(jobs);
  now = Date.now();
});

async function queue(count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    status: 'waiting',
    progress: 0,
    createdAt: new Date(now - 1000 + i),
  }));
  await database.db.insert(jobs).values(rows);
  return rows.map((r) => r.id);
}

const running = eq(jobs.status, 'running');
/** The test queue: waiting jobs, and running ones whose lease ran out. */
const QUEUE: Omit<JobDefinition<Job>, 'run'> = {
  name: 'test job',
  table: jobs,
  active: running,
  claimable: (at) => sql`${jobs.status} = 'waiting' OR (${running} AND ${leaseLapsed(jobs, at)})`,
  orderBy: jobs.createdAt,
  onClaim: () => ({ status: 'running' }),
};

/**
 * A job of STEPS steps. Each step records its effect and its progress in one transaction fenced by the
 * claim, so a step either lands whole or not at all; `pause(step)` lets a test hold a runner mid-job.
 */
function runnerFor(opts: { pause?: (step: number, job: Job) => Promise<void> | void; heartbeatMs?: number; soleRunner?: boolean } = {}) {
  const definition: JobDefinition<Job, string> = {
    ...QUEUE,
    run: async (job: Job, ctx: JobContext) => {
      for (let step = job.progress + 1; step <= STEPS; step++) {
        await opts.pause?.(step, job);
        if (ctx.signal.aborted && ctx.signal.reason instanceof JobStopping) {
          await database.db.update(jobs).set({ leaseExpiresAt: null }).where(runner.heldBy(job));
          return 'handed back';
        }
        await database.db.transaction(async (tx) => {
          const [row] = await tx
            .update(jobs)
            .set({ progress: step, ...(step === STEPS ? { status: 'done', claimId: null, leaseExpiresAt: null } : {}) })
            .where(runner.heldBy(job))
            .returning({ id: jobs.id });
          if (!row) throw new LostClaim();
          await tx.insert(effects).values({ jobId: job.id, step, claimId: job.claimId! });
        });
      }
      return 'done';
    },
  };
  const runner = createJobRunner(definition, {
    db: database.db,
    clock,
    leaseMs: LEASE_MS,
    // Heartbeats are driven by hand (renewLeases) unless a test asks for real ones.
    heartbeatMs: opts.heartbeatMs ?? 3_600_000,
    soleRunner: opts.soleRunner,
  });
  return runner;
}

/** A gate a job stops at before `step`: `reached` once it is there, `open()` lets it go on. */
function gateAt(step: number) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let arrive: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const pause = (at: number) => {
    if (at !== step) return;
    arrive();
    return opened;
  };
  return { reached, open, pause };
}

async function effectsOf(jobId: string) {
  return database.db.select().from(effects).where(eq(effects.jobId, jobId)).orderBy(effects.step);
}

it('two runners racing for one job: exactly one takes it, and it runs once', async () => {
  const [id] = await queue(1);
  const a = runnerFor();
  const b = runnerFor();
  const taken = await Promise.all([a.runOnce(), b.runOnce()]);
  expect(taken.filter(Boolean)).toHaveLength(1);
  expect((await effectsOf(id)).map((e) => e.step)).toEqual([1, 2, 3, 4, 5]);
  expect(await database.db.select().from(jobs)).toMatchObject([{ status: 'done', progress: STEPS, claimId: null }]);
});

// Only PostgreSQL has a second connection to hold a transaction open on; PGlite runs one at a time.
it.skipIf(!process.env.DATABASE_URL)('a job is claimed while another transaction inserts a row that references it', async () => {
  const [id] = await queue(1);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inserted: () => void = () => undefined;
  const noted = new Promise<void>((resolve) => (inserted = resolve));
  // The foreign key check holds a KEY SHARE lock on the job's row until this transaction ends.
  const writer = database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`INSERT INTO job_runner_test_${suffix}_notes (job_id) VALUES ('${id}')`));
    inserted();
    await held;
  });
  await noted;
  try {
    expect(await runnerFor().runOnce()).toBe(true);
  } finally {
    release();
    await writer;
  }
  expect((await effectsOf(id)).map((e) => e.step)).toEqual([1, 2, 3, 4, 5]);
});

it('two runners draining one queue at once run every job exactly once', async () => {
  const ids = await queue(12);
  const drain = async (runner: ReturnType<typeof runnerFor>) => {
    let count = 0;
    while (await runner.runOnce()) count += 1;
    return count;
  };
  const [byA, byB] = await Promise.all([drain(runnerFor()), drain(runnerFor())]);
  expect(byA + byB).toBe(ids.length);
  const all = await database.db.select().from(effects);
  expect(all).toHaveLength(ids.length * STEPS);
  // Each job's steps were all written under one claim: no job was run by both.
  for (const id of ids) expect(new Set(all.filter((e) => e.jobId === id).map((e) => e.claimId)).size).toBe(1);
});

it('a killed runner’s job is resumed by another after its lease, without duplicates, and its late write is fenced out', async () => {
  const [id] = await queue(1);
  // The first runner writes steps 1 and 2, then stops dead (no heartbeat: as if killed).
  const gate = gateAt(3);
  const killed = runnerFor({ pause: gate.pause });
  const lateRun = killed.runOnce();
  await gate.reached;
  const other = runnerFor();
  // While the lease holds, nobody takes the job.
  now += LEASE_MS - 1000;
  expect(await other.runOnce()).toBe(false);
  now += 2000;
  expect(await other.runOnce()).toBe(true);
  const resumed = await effectsOf(id);
  expect(resumed.map((e) => e.step)).toEqual([1, 2, 3, 4, 5]);
  // The killed runner's heartbeat, had it one, finds the claim gone: it holds nothing.
  expect(await killed.renewLeases()).toBe(0);
  // It wakes up and writes step 3: fenced out, the transaction rolls back, nothing changes.
  gate.open();
  await lateRun;
  expect(await effectsOf(id)).toEqual(resumed);
  expect(await database.db.select().from(jobs)).toMatchObject([{ status: 'done', progress: STEPS }]);
  // Steps 1–2 by the first claim, 3–5 by the second.
  expect(new Set(resumed.map((e) => e.claimId)).size).toBe(2);
});

it('a fenced-out runner sees LostClaim on its signal at its next heartbeat', async () => {
  await queue(1);
  let seen: unknown = null;
  const gate = gateAt(1);
  const stalled = createJobRunner(
    {
      ...QUEUE,
      run: async (_job, ctx) => {
        await gate.pause(1);
        seen = ctx.signal.reason;
      },
    },
    { db: database.db, clock, leaseMs: LEASE_MS, heartbeatMs: 3_600_000 },
  );
  const run = stalled.runOnce();
  await gate.reached;
  // Its heartbeat keeps the lease while it beats…
  now += LEASE_MS - 1000;
  expect(await stalled.renewLeases()).toBe(1);
  now += LEASE_MS - 1000;
  expect(await runnerFor().claim()).toBeNull();
  // …and once it stalls past its lease another runner takes the job.
  now += 2000;
  expect(await runnerFor().claim()).not.toBeNull();
  expect(await stalled.renewLeases()).toBe(0);
  gate.open();
  await run;
  expect(seen).toBeInstanceOf(LostClaim);
});

it('a real heartbeat renews the lease while the job runs', async () => {
  const [id] = await queue(1);
  const gate = gateAt(2);
  const runner = runnerFor({ heartbeatMs: 50, pause: gate.pause });
  const run = runner.runOnce();
  const leaseOf = async () => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0].leaseExpiresAt!.getTime();
  while ((await effectsOf(id)).length < 1) await new Promise((r) => setTimeout(r, 10));
  const first = await leaseOf();
  now += 5000;
  const deadline = Date.now() + 5000;
  while ((await leaseOf()) === first && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(await leaseOf()).toBe(now + LEASE_MS);
  gate.open();
  await run;
});

it('stop() tells the running job to stop, waits for it, and another runner takes the handed-back job at once', async () => {
  const [id] = await queue(1);
  const gate = gateAt(2);
  const stopping = runnerFor({ pause: gate.pause });
  await stopping.start();
  await gate.reached;
  const stopped = stopping.stop();
  gate.open();
  await stopped;
  expect(await database.db.select().from(jobs)).toMatchObject([{ status: 'running', progress: 1, leaseExpiresAt: null }]);
  // No lease: claimable now, long before the old lease would have run out.
  expect(await runnerFor().runOnce()).toBe(true);
  expect((await effectsOf(id)).map((e) => e.step)).toEqual([1, 2, 3, 4, 5]);
});

it('on the embedded database a restarted runner takes back what it held at once; elsewhere it waits for the lease', async () => {
  const [id] = await queue(1);
  const first = runnerFor();
  const claimed = await first.claim();
  expect(claimed?.id).toBe(id);
  // Not the only runner: the held job stays held until its lease runs out.
  expect(await runnerFor().recoverInterrupted()).toBe(0);
  expect(await runnerFor().claim()).toBeNull();
  // The only runner (one process owns the data directory): the job is released for the next claim.
  const restarted = runnerFor({ soleRunner: true });
  expect(await restarted.recoverInterrupted()).toBe(1);
  expect(await restarted.runOnce()).toBe(true);
  expect(
    await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.status, 'done'))),
  ).toHaveLength(1);
});

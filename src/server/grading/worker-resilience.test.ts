import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';
import type { TUserMessage } from '@contract/notifications';
import { createFileImageStore } from '../adapters/storage/files';
import type { ImageStore } from '../adapters/storage/port';
import { gradings, users } from '../db/schema';
import { createEmbeddedPricing } from '../pricing/embedded';
import { createTestApp, json, signedInClient, type TestClient, type TestContext } from '../test/app';
import { sharedEnginePool } from './engine-pool/pool';
import { generateSyntheticCard } from '../../card-fixtures/synthetic/generator';
import { createGradingWorker, HEARTBEAT_MS, LEASE_MS } from './worker';

/** What goes wrong around a grading job: storage errors, a stalled worker, and the live progress. */
let ctx: TestContext;
let front: Buffer, back: Buffer;
const dataDir = `.tmp/test-data-worker-${process.pid}`;
const images = createFileImageStore(`${dataDir}/images`);

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: dataDir });
  ({ front, back } = await generateSyntheticCard(53, { defectRate: 0.4 }));
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function queuedGrading(client: TestClient) {
  const form = new FormData();
  form.append('cardId', 'base1-4');
  for (const [k, v] of Object.entries({ front, back })) form.append(k, new Blob([new Uint8Array(v)], { type: 'image/jpeg' }), `${k}.jpg`);
  const card = json<TUserCard>(await client.postForm('/api/user-cards', form));
  return { card, grading: json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`)) };
}
const worker = (overrides: Partial<Parameters<typeof createGradingWorker>[0]> = {}) =>
  createGradingWorker({ db: ctx.database.db, images, pricing: createEmbeddedPricing(), clock: ctx.clock, ...overrides });
const credits = async (userId: string) => (await ctx.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c;

it('a storage error while reading the photos fails the grading and gives the credit back, and the worker goes on', async () => {
  const { client, user } = await signedInClient(ctx, { credits: 1 });
  const { grading } = await queuedGrading(client);
  const broken: ImageStore = { ...images, get: async () => Promise.reject(new Error('503 Slow Down')) };
  const errors: unknown[] = [];
  const w = worker({ images: broken, log: { info() {}, warn() {}, error: (o: unknown) => void errors.push(o) } });
  await expect(w.runOnce()).resolves.toBe(true);
  expect(json<TGrading>(await client.get(`/api/gradings/${grading.gradingId}`))).toMatchObject({
    status: 'failed',
    creditRefunded: true,
    error: 'Grading failed on our side. Please try again.',
  });
  expect(await credits(user.id)).toBe(1);
  expect(errors).toHaveLength(1);
  await expect(w.runOnce()).resolves.toBe(false);
}, 60_000);

it('a worker that stalled past its lease writes nothing once another worker took its job', async () => {
  const { client, user } = await signedInClient(ctx, { credits: 1 });
  const { card, grading } = await queuedGrading(client);
  const second = worker();
  // Worker A stalls at its pricing call for longer than its lease, without a heartbeat; meanwhile B
  // claims the job and completes it. A then wakes up with the same job.
  const stalled = worker({
    pricing: {
      kind: 'embedded',
      rawValueUsd: async (c) => {
        ctx.clock.advance(LEASE_MS + 1000);
        expect(await second.runOnce()).toBe(true);
        expect(await stalled.renewLeases()).toBe(0);
        return createEmbeddedPricing().rawValueUsd(c);
      },
    },
  });
  await stalled.runOnce();
  const row = (await ctx.database.db.select().from(gradings).where(eq(gradings.gradingId, grading.gradingId)))[0];
  expect(row.status).toBe('completed');
  const messages = json<TUserMessage[]>(await client.get('/api/user-messages')).filter((m) => m.relatedCardId === card.id);
  expect(messages.map((m) => m.title)).toEqual(['Grading complete']);
  expect(await credits(user.id)).toBe(0);
  // B's evidence is still there: A did not delete keys it shares with B.
  expect((await client.get(`/api/gradings/${grading.gradingId}/images/frontAnnotated`)).statusCode).toBe(200);
}, 90_000);

it('writes progress while the engine runs, not all at the end', async () => {
  const { client } = await signedInClient(ctx, { credits: 1 });
  const { grading } = await queuedGrading(client);
  // One ordered log: each new progress value the row shows (as the progress bar would poll it), and the
  // moment the engine hands its report back to the worker.
  const events: string[] = [];
  const pool = sharedEnginePool();
  const grade = pool.grade;
  const spy = vi.spyOn(pool, 'grade').mockImplementation(async (...args) => {
    const result = await grade(...args);
    events.push('engine returned');
    return result;
  });
  try {
    let done = false;
    const run = worker()
      .runOnce()
      .finally(() => (done = true));
    let last = -1;
    while (!done) {
      const [row] = await ctx.database.db
        .select({ progress: gradings.progress })
        .from(gradings)
        .where(eq(gradings.gradingId, grading.gradingId));
      if (row.progress !== last) events.push(`progress ${(last = row.progress)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await run;
  } finally {
    spy.mockRestore();
  }
  // An engine step's progress (between 5 and 90) was in the row before the engine returned: written
  // during its run. Flushed after it, every step would come after 'engine returned' in this log.
  const returned = events.indexOf('engine returned');
  const stepsDuringRun = events
    .slice(0, returned)
    .filter((e) => /^progress (\d+)$/.test(e) && Number(e.split(' ')[1]) > 5 && Number(e.split(' ')[1]) < 90);
  expect(returned, events.join(', ')).toBeGreaterThan(0);
  expect(stepsDuringRun, events.join(', ')).not.toEqual([]);
}, 60_000);

const rowOf = async (gradingId: string) => (await ctx.database.db.select().from(gradings).where(eq(gradings.gradingId, gradingId)))[0];
/** A pricing port that holds the job at its pricing call until `release()`, running `whileHeld` first. */
function holdingPricing(whileHeld: () => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  return {
    release: () => release(),
    pricing: {
      kind: 'embedded' as const,
      rawValueUsd: async (c: Parameters<ReturnType<typeof createEmbeddedPricing>['rawValueUsd']>[0]) => {
        await whileHeld();
        await released;
        return createEmbeddedPricing().rawValueUsd(c);
      },
    },
  };
}

it('a heartbeat keeps the lease of a running job: nobody takes it while it beats, and soon after it stops', async () => {
  const { client, user } = await signedInClient(ctx, { credits: 1 });
  const { grading } = await queuedGrading(client);
  const second = worker();
  const hold = holdingPricing(async () => {
    const first = (await rowOf(grading.gradingId)).leaseExpiresAt!.getTime();
    // Four heartbeats: 20 s of clock, longer than one lease.
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(HEARTBEAT_MS);
      expect(await a.renewLeases()).toBe(1);
      expect(await second.runOnce()).toBe(false);
    }
    expect((await rowOf(grading.gradingId)).leaseExpiresAt!.getTime() - first).toBeGreaterThanOrEqual(4 * HEARTBEAT_MS);
    // The heartbeat stops (the process froze): the job is not claimable a second before the lease runs out…
    ctx.clock.advance(LEASE_MS - 1000);
    expect(await second.runOnce()).toBe(false);
    // …and is a second after; the second worker completes it.
    ctx.clock.advance(2000);
    expect(await second.runOnce()).toBe(true);
    hold.release();
  });
  const a = worker({ pricing: hold.pricing });
  await a.runOnce();
  // The first worker woke up with a job it no longer holds: none of its writes landed, it renews nothing.
  expect(await a.renewLeases()).toBe(0);
  expect(await rowOf(grading.gradingId)).toMatchObject({ status: 'completed', progress: 100 });
  expect(await credits(user.id)).toBe(0);
  const messages = json<TUserMessage[]>(await client.get('/api/user-messages')).filter((m) => m.relatedCardId === grading.userCardId);
  expect(messages.map((m) => m.title)).toEqual(['Grading complete']);
}, 90_000);

it.skipIf(!!process.env.DATABASE_URL)(
  'on the embedded database a restarted worker takes back the job it was running at once, without a second charge',
  async () => {
    const { client, user } = await signedInClient(ctx, { credits: 1 });
    const { grading } = await queuedGrading(client);
    let claimed!: () => void;
    const isClaimed = new Promise<void>((r) => (claimed = r));
    // The process that was killed: it holds the job with a live lease and never finishes it.
    const hold = holdingPricing(async () => claimed());
    const killed = worker({ pricing: hold.pricing }).runOnce();
    await isClaimed;
    expect((await rowOf(grading.gradingId)).leaseExpiresAt!.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    // A worker of another process waits for the lease…
    expect(await worker().runOnce()).toBe(false);
    // …but the restarted process is the only worker of its embedded database: its interrupted job is its own.
    const restarted = worker({ soleWorker: true });
    expect(await restarted.takeBackInterrupted()).toBe(1);
    expect(await restarted.runOnce()).toBe(true);
    expect(await rowOf(grading.gradingId)).toMatchObject({ status: 'completed' });
    hold.release();
    await killed;
    expect(await rowOf(grading.gradingId)).toMatchObject({ status: 'completed' });
    expect(await credits(user.id)).toBe(0);
  },
  90_000,
);

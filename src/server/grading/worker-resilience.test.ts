import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TGrading } from '@contract/gradings';
import type { TUserCard } from '@contract/user-cards';
import type { TUserMessage } from '@contract/notifications';
import { createFileImageStore } from '../adapters/storage/files';
import type { ImageStore } from '../adapters/storage/port';
import { gradings, users } from '../db/schema';
import { createEmbeddedPricing } from '../pricing/embedded';
import { createTestApp, json, signedInClient, type TestClient, type TestContext } from '../test/app';
import { generateSyntheticCard } from './engine/synthetic/generator';
import { createGradingWorker, STALE_MS } from './worker';

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
const credits = async (userId: string) => (await ctx.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0]!.c;

it('a storage error while reading the photos fails the grading and gives the credit back, and the worker goes on', async () => {
  const { client, user } = await signedInClient(ctx, { credits: 1 });
  const { grading } = await queuedGrading(client);
  const broken: ImageStore = { ...images, get: async () => Promise.reject(new Error('503 Slow Down')) };
  const errors: unknown[] = [];
  const w = worker({ images: broken, log: { info() {}, warn() {}, error: (o: unknown) => void errors.push(o) } });
  await expect(w.runOnce()).resolves.toBe(true);
  expect(json<TGrading>(await client.get(`/api/gradings/${grading.gradingId}`))).toMatchObject({ status: 'failed', creditRefunded: true, error: 'Grading failed on our side. Please try again.' });
  expect(await credits(user.id)).toBe(1);
  expect(errors).toHaveLength(1);
  await expect(w.runOnce()).resolves.toBe(false);
}, 60_000);

it('a worker that stalled past the stale limit writes nothing once another worker took its job', async () => {
  const { client, user } = await signedInClient(ctx, { credits: 1 });
  const { card, grading } = await queuedGrading(client);
  const second = worker();
  // Worker A stalls at its pricing call for longer than STALE_MS; meanwhile B resumes the job and
  // completes it. A then wakes up with the same job.
  const stalled = worker({
    pricing: {
      kind: 'embedded',
      rawValueUsd: async (c) => {
        ctx.clock.advance(STALE_MS + 1000);
        expect(await second.recoverStale()).toBe(1);
        expect(await second.runOnce()).toBe(true);
        return createEmbeddedPricing().rawValueUsd(c);
      },
    },
  });
  await stalled.runOnce();
  const row = (await ctx.database.db.select().from(gradings).where(eq(gradings.gradingId, grading.gradingId)))[0]!;
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
  const samples: { at: number; progress: number }[] = [];
  let done = false;
  const run = worker()
    .runOnce()
    .finally(() => (done = true));
  while (!done) {
    const [row] = await ctx.database.db.select({ progress: gradings.progress }).from(gradings).where(eq(gradings.gradingId, grading.gradingId));
    samples.push({ at: performance.now(), progress: row!.progress });
    await new Promise((r) => setTimeout(r, 10));
  }
  await run;
  // A step's progress (below the last step's 90) must be in the row well before the evidence step (95):
  // written during the engine's run, not flushed in a burst after it.
  const firstStep = samples.find((s) => s.progress > 5 && s.progress < 90);
  const evidenceStep = samples.find((s) => s.progress >= 95);
  const seen = samples.map((s) => s.progress).join(', ');
  expect(firstStep, `progress seen: ${seen}`).toBeDefined();
  expect(evidenceStep!.at - firstStep!.at, `progress seen: ${seen}`).toBeGreaterThan(100);
}, 60_000);

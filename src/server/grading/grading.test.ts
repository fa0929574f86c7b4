import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CREDITS_MESSAGE, type TGrading } from '@contract/gradings';
import type { TReportHeadline } from '@contract/grading-report';
import { gradeMultiplier, VALUE_MULTIPLIERS_VERSION } from '@contract/grade-multipliers';
import type { TUserCard } from '@contract/user-cards';
import type { TUserMessage } from '@contract/notifications';
import { creditLedger, gradings, users } from '../db/schema';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { generateSyntheticCard } from '../../card-fixtures/synthetic/generator';

let ctx: TestContext;
let front: Buffer, back: Buffer, blank: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` });
  const card = await generateSyntheticCard(51, { defectRate: 0.5 });
  front = card.front;
  back = card.back;
  blank = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#3a5a3a' } })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(() => ctx.close());

async function addCard(client: TestClient, photos: { front: Buffer; back: Buffer }) {
  const form = new FormData();
  form.append('cardId', 'base1-4');
  for (const [k, v] of Object.entries(photos)) form.append(k, new Blob([new Uint8Array(v)], { type: 'image/jpeg' }), `${k}.jpg`);
  const res = await client.postForm('/api/user-cards', form);
  expect(res.statusCode, res.body).toBe(201);
  return json<TUserCard>(res);
}

const credits = async (userId: string) => (await ctx.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c;

describe('starting a grading', () => {
  it('spends exactly one credit when 50 requests race for the last one', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 1 });
    const card = await addCard(client, { front: blank, back: blank });
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.post(`/api/user-cards/${card.id}/grade`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(49);
    expect(json(answers.find((a) => a.statusCode === 402)!)).toMatchObject({ message: NO_CREDITS_MESSAGE, field: 'credits' });
    expect(await credits(user.id)).toBe(0);
    expect(await ctx.database.db.select().from(gradings).where(eq(gradings.userId, user.id))).toHaveLength(1);
    expect(
      (await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)))
        .map((l) => `${l.reason} ${l.delta}`)
        .sort(),
    ).toEqual(['admin 1', 'grading -1']);
  }, 60_000);

  it('costs a pro account nothing, and every grading gets its own id', async () => {
    const { client, user } = await signedInClient(ctx, { accountType: 'pro', credits: 0 });
    const card = await addCard(client, { front: blank, back: blank });
    const a = json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`));
    const b = json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`));
    expect(a.gradingId).toMatch(/^GV-[0-9A-F]{10}$/);
    expect(a.gradingId).not.toBe(b.gradingId);
    expect(await credits(user.id)).toBe(0);
  });

  it("keeps other people's cards and gradings out of reach", async () => {
    const alice = await signedInClient(ctx, { credits: 5 });
    const bob = await signedInClient(ctx, { credits: 5 });
    const card = await addCard(alice.client, { front: blank, back: blank });
    const grading = json<TGrading>(await alice.client.post(`/api/user-cards/${card.id}/grade`));
    expect((await bob.client.post(`/api/user-cards/${card.id}/grade`)).statusCode).toBe(404);
    expect((await bob.client.get(`/api/gradings/${grading.gradingId}`)).statusCode).toBe(404);
    expect((await bob.client.get(`/api/gradings/${grading.gradingId}/report`)).statusCode).toBe(404);
    expect((await bob.client.get(`/api/user-cards/${card.id}/gradings`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).post(`/api/user-cards/${card.id}/grade`)).statusCode).toBe(401);
    expect(await credits(bob.user.id)).toBe(5);
  });
});

describe('the grading job', () => {
  it('grades the card, stores the report and evidence, and notifies the owner', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 3 });
    const card = await addCard(client, { front, back });
    const started = json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`));
    expect(started).toMatchObject({ status: 'pending', progress: 0 });
    while (await ctx.app.gradingWorker.runOnce()) {
      /* drain: earlier tests queued jobs too */
    }
    const done = json<TGrading>(await client.get(`/api/gradings/${started.gradingId}`));
    expect(done).toMatchObject({ status: 'completed', progress: 100, currentStep: 'Completed' });
    expect(done.psaGrade).toBeGreaterThanOrEqual(1);
    expect(['PSA', 'BGS', 'CGC']).toContain(done.recommendedPlatform);
    expect(Number(done.psaEstimatedValue)).toBeGreaterThan(0);
    const report = json<{ centeringDecisionLog: { front: { measurable: boolean } }; evidenceKeys: Record<string, string> }>(
      await client.get(`/api/gradings/${started.gradingId}/report`),
    );
    expect(report.centeringDecisionLog.front.measurable).toBe(true);
    // Per face: the photo with the card's outline, straightened, normalised and annotated, 4 corners and 4 edges.
    expect(Object.keys(report.evidenceKeys)).toHaveLength(24);
    const image = await client.get(`/api/gradings/${started.gradingId}/images/frontAnnotated`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const messages = json<TUserMessage[]>(await client.get('/api/user-messages'));
    expect(messages[0]).toMatchObject({ title: 'Grading complete', relatedCardId: card.id, isRead: false });
    expect(await credits(user.id)).toBe(2);
    const listed = json<TUserCard[]>(await client.get('/api/user-cards'));
    expect(listed[0].latestGrading).toMatchObject({ psaGrade: done.psaGrade });

    // Values start from the card's dated market price (Base Set Charizard holofoil), and say so.
    const market = { kind: 'market', provider: 'TCGplayer market', asOf: '2024-08-02', variant: 'holofoil', marketUsd: 352.72 };
    const basis = json<{ valueBasis: TReportHeadline['valueBasis'] }>(
      await client.get(`/api/gradings/${started.gradingId}/report`),
    ).valueBasis;
    expect(basis).toMatchObject({ rawValueUsd: 352.72, source: market, multipliersVersion: VALUE_MULTIPLIERS_VERSION });
    expect(done.psaEstimatedValue).toBe((352.72 * gradeMultiplier('PSA', done.psaGrade!)).toFixed(2));
    expect(listed[0].latestGrading!.valueSource).toEqual(market);
  }, 60_000);

  it('gives the credit back once when the photos cannot be graded', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 2 });
    const card = await addCard(client, { front: blank, back });
    const started = json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`));
    expect(await credits(user.id)).toBe(1);
    while (await ctx.app.gradingWorker.runOnce()) {
      /* drain */
    }
    const failed = json<TGrading>(await client.get(`/api/gradings/${started.gradingId}`));
    expect(failed).toMatchObject({ status: 'failed', creditRefunded: true });
    expect(failed.error).toMatch(/No card was found/);
    expect(await credits(user.id)).toBe(2);
    const [message] = json<TUserMessage[]>(await client.get('/api/user-messages'));
    expect(message).toMatchObject({ title: 'Grading failed', relatedCardId: card.id });
    expect(message.message).toMatch(/Your credit has been returned\./);
    // The starting grant (the factory's 'admin' line), the spend and its refund.
    expect(
      (await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)))
        .map((l) => `${l.reason} ${l.delta}`)
        .sort(),
    ).toEqual(['admin 2', 'grading -1', 'refund 1']);
  }, 60_000);

  it('resumes a job whose worker died, without a second charge', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 1 });
    const card = await addCard(client, { front: blank, back: blank });
    const started = json<TGrading>(await client.post(`/api/user-cards/${card.id}/grade`));
    // A worker claimed it and died: its lease ran out a moment ago, so the job is claimable again.
    await ctx.database.db
      .update(gradings)
      .set({
        status: 'processing',
        claimId: randomUUID(),
        startedAt: new Date(Date.now() - 60_000),
        leaseExpiresAt: new Date(ctx.clock.now().getTime() - 1),
      })
      .where(eq(gradings.gradingId, started.gradingId));
    while (await ctx.app.gradingWorker.runOnce()) {
      /* drain */
    }
    const rows = await ctx.database.db.select().from(gradings).where(eq(gradings.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('failed');
    expect(await credits(user.id)).toBe(1);
  }, 60_000);
});

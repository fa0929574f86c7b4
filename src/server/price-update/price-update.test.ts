import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCardPriceHistoryResponse,
  TPriceUpdateLastRunResponse,
  TPriceUpdatePreviewResponse,
  TPriceUpdateResponse,
} from '@contract/price-update';
import type { Db } from '../db/client';
import { gradings, priceHistory, priceUpdateRuns, providerSubscriptions, userMessages } from '../db/schema';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { openPrivateTestDatabase } from '../test/private-database';
import { buildGrading, buildUser, buildUserCard } from '../test/factories';
import { createEstimatorModel, estimateQuote } from './model/estimator';
import type { PriceModel, QuoteOutcome, QuoteRequest } from './model/port';
import { createPriceUpdateRunner } from './runner';
import { latestSlot, createPriceUpdateSchedule } from './schedule';

const DAY = 86_400_000;
/** Under the install's admin prefix, read in beforeAll from GET /api/admin/path. */
let BASE = '';
const noMarket = { marketPrice: async () => null };

async function pro(db: Db) {
  const u = await buildUser(db, { accountType: 'pro' });
  await db.insert(providerSubscriptions).values({
    id: `sub_${randomBytes(6).toString('hex')}`,
    userId: u.id,
    provider: 'local',
    status: 'active',
    plan: 'pro',
    amount: 999,
    currency: 'usd',
  });
  return u;
}
async function graded(db: Db, userId: string, cardId: string, o: { daysAgo?: number; psa?: number; psaValue?: string } = {}) {
  const uc = await buildUserCard(db, userId, { cardId });
  const g = await buildGrading(db, uc, {
    completedAt: new Date(Date.now() - (o.daysAgo ?? 30) * DAY),
    psaGrade: o.psa ?? 9,
    ...(o.psaValue ? { psaEstimatedValue: o.psaValue } : {}),
  });
  return { uc, g };
}

describe('weekly price update routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, { priceModel: createEstimatorModel(), database: await openPrivateTestDatabase() });
    const { client } = await signedInClient(ctx, { role: 'admin' });
    BASE = `${(await client.get('/api/admin/path')).json<{ prefix: string }>().prefix}/weekly-price-update`;
  });
  afterAll(() => ctx.close());

  it('are for administrators only', async () => {
    const { client } = await signedInClient(ctx);
    for (const [m, url] of [
      ['GET', `${BASE}/last-run`],
      ['GET', `${BASE}/preview`],
      ['POST', BASE],
    ] as const) {
      expect((await client.request(m, url)).statusCode).toBe(403);
    }
  });

  it('say "never" before any run, preview the coverage, run it, and record history and notifications', async () => {
    const { client } = await signedInClient(ctx, { role: 'admin' });
    expect(json<TPriceUpdateLastRunResponse>(await client.get(`${BASE}/last-run`))).toEqual({
      status: 'never',
      lastRun: null,
      totalCardsUpdated: 0,
      message: 'No price update has run yet.',
    });
    const db = ctx.database.db;
    const p = await pro(db);
    const s = await buildUser(db);
    // Values well below what the estimator says (but within 20×), so the Pro holder hears about the move.
    const a = await graded(db, p.id, 'base1-4', { psaValue: '500.00' });
    const b = await graded(db, s.id, 'base1-4', { psaValue: '500.00' });
    await graded(db, s.id, 'base1-5', { daysAgo: 500 }); // old starter: skipped
    await graded(db, s.id, 'base1-6', { daysAgo: 2 }); // priced within 7 days: skipped
    const preview = json<TPriceUpdatePreviewResponse>(await client.get(`${BASE}/preview`));
    expect(preview).toMatchObject({
      totalCards: 4,
      cardsToUpdate: 2,
      eligibleUsers: 2,
      priceUpdateCategories: { gradedWithSubscription: 1, recentlyGraded: 3, oldGradedWithPro: 0, oldGradedWithoutPro: 1 },
      // Issue 24.10: the counts explain themselves, and the preview names what prices the cards.
      counts: { eligibleCards: 3, skippedRecentlyPriced: 1, recencyDays: 7, skippedOldStarter: 1, skippedIncomplete: 0 },
      pricedBy: { kind: 'estimator', label: 'Embedded estimator: market price × grade multipliers (multipliers-2026.11), no AI model' },
    });

    const res = await client.post(BASE);
    expect(res.statusCode).toBe(200);
    const result = json<TPriceUpdateResponse>(res);
    expect(result).toMatchObject({
      success: true,
      errors: [],
      stats: { totalCardsProcessed: 2, successfulUpdates: 1, failedUpdates: 0, duplicatesSkipped: 1, totalApiCalls: 0 },
    });
    expect(result.message).toBe('Updated 2 cards (1 new prices, 1 shared with another holder); 0 failed.');

    const after = await db
      .select()
      .from(gradings)
      .where(inArray(gradings.id, [a.g.id, b.g.id]));
    expect(new Set(after.map((g) => g.psaEstimatedValue)).size).toBe(1);
    expect(Number(after[0].psaEstimatedValue)).toBeGreaterThan(550);
    const history = await db.select().from(priceHistory).where(eq(priceHistory.cardKey, 'base1-4'));
    expect(history.map((h) => `${h.platform} ${h.grade}`).sort()).toEqual(['BGS 9', 'CGC 9', 'PSA 9']);
    expect(history[0].source).toBe('estimator:multipliers-2026.11');
    const notes = await db.select().from(userMessages).where(eq(userMessages.relatedCardId, a.uc.id));
    expect(notes.map((n) => n.title)).toEqual(['Card value up']);
    expect(notes[0].message).toMatch(/^Charizard \(PSA 9\): \$500\.00 → \$[\d,]+\.\d\d \(\+[\d.]+%\) in this week's price update\.$/);
    // The starter holder gets the price, not the notification.
    expect(await db.select().from(userMessages).where(eq(userMessages.relatedCardId, b.uc.id))).toEqual([]);

    const last = json<TPriceUpdateLastRunResponse>(await client.get(`${BASE}/last-run`));
    expect(last).toMatchObject({ status: 'success', totalCardsUpdated: 2 });
    // Just priced: nothing left to do this week.
    const done = json<TPriceUpdatePreviewResponse>(await client.get(`${BASE}/preview`));
    expect(done).toMatchObject({ cardsToUpdate: 0, counts: { eligibleCards: 3, skippedRecentlyPriced: 3 } });
    expect(json<TPriceUpdateResponse>(await client.post(BASE)).message).toBe('No cards needed a price update.');
  });

  it('moves the collection value-over-time chart with the price history', async () => {
    const db = ctx.database.db;
    const { client, user } = await signedInClient(ctx);
    const uc = await buildUserCard(db, user.id, { cardId: 'base4-9' });
    await buildGrading(db, uc, {
      completedAt: new Date('2026-01-10T00:00:00Z'),
      psaGrade: 9,
      psaEstimatedValue: '100.00',
      recommendedPlatform: 'PSA',
    });
    await db.insert(priceHistory).values([
      { cardKey: 'base4-9', platform: 'PSA', grade: 9, value: '80.00', source: 'test', recordedAt: new Date('2026-03-02T03:00:00Z') },
      { cardKey: 'base4-9', platform: 'PSA', grade: 10, value: '999.00', source: 'test', recordedAt: new Date('2026-03-02T03:00:00Z') },
      { cardKey: 'base4-9', platform: 'PSA', grade: 9, value: '90.00', source: 'test', recordedAt: new Date('2026-05-04T03:00:00Z') },
    ]);
    const history = json<TCardPriceHistoryResponse>(await client.get(`/api/user-cards/${uc.id}/price-history`));
    expect(history.entries.map((e) => `${e.platform} ${e.grade} ${e.value} ${e.recordedAt.slice(0, 10)}`)).toEqual([
      'PSA 9 80.00 2026-03-02',
      'PSA 9 90.00 2026-05-04',
    ]);
    const stranger = await signedInClient(ctx);
    expect((await stranger.client.get(`/api/user-cards/${uc.id}/price-history`)).statusCode).toBe(404);
    const s = json<{ valueHistory: { month: string; value: string }[] }>(await client.get('/api/collection/summary'));
    expect(s.valueHistory).toEqual([
      { month: '2026-01', value: '100.00' },
      { month: '2026-03', value: '80.00' },
      { month: '2026-05', value: '90.00' },
    ]);
  });

  it('answer 409 with a message while another process runs one', async () => {
    const { client } = await signedInClient(ctx, { role: 'admin' });
    const db = ctx.database.db;
    const [other] = await db
      .insert(priceUpdateRuns)
      .values({
        trigger: 'schedule',
        model: 'estimator',
        startedAt: new Date('2026-11-23T03:00:00Z'),
        totalCards: 1500,
        stats: { processed: 1200, succeeded: 0, failed: 0, duplicates: 0, apiCalls: 0, cardsUpdated: 0 },
        claimId: randomUUID(),
        leaseExpiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const res = await client.post(BASE);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      code: 'conflict',
      message: 'A weekly price update is already running (started 2026-11-23 03:00 UTC, 1,200 of 1,500 cards done). Wait for it to finish.',
    });
    expect(json<TPriceUpdateLastRunResponse>(await client.get(`${BASE}/last-run`))).toMatchObject({
      status: 'running',
      totalCardsUpdated: 0,
    });
    await db.delete(priceUpdateRuns).where(eq(priceUpdateRuns.id, other.id));
  });
});

/** A model the test releases batch by batch. */
function gatedModel(answer: (r: QuoteRequest) => QuoteOutcome = (r) => ({ ok: true, quote: estimateQuote(r) })) {
  const gates: (() => void)[] = [];
  let calls = 0;
  const model: PriceModel & { release(): void; calls(): number; waiting(): number } = {
    source: 'test:gated',
    batchSize: 1,
    secondsPerGroup: 1,
    async quote(requests) {
      calls++;
      await new Promise<void>((r) => gates.push(r));
      return requests.map(answer);
    },
    release: () => gates.shift()?.(),
    calls: () => calls,
    waiting: () => gates.length,
  };
  return model;
}
const until = async (cond: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 400 && !(await cond()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('runs as a job', () => {
  let database: Awaited<ReturnType<typeof openPrivateTestDatabase>>;
  beforeAll(async () => {
    database = await openPrivateTestDatabase();
  });
  afterAll(() => database.close());
  const clock = { now: () => new Date() };

  it('one at a time: a second start answers 409 with a message; a crashed run resumes elsewhere without pricing a card twice', async () => {
    const db = database.db;
    const u = await buildUser(db);
    for (const id of ['base1-7', 'base1-8', 'base1-9']) await graded(db, u.id, id);
    const modelA = gatedModel();
    const a = createPriceUpdateRunner({ db, model: modelA, clock, graceDays: 7, maxCalls: 100, market: noMarket });
    const b = createPriceUpdateRunner({ db, model: createEstimatorModel(), clock, graceDays: 7, maxCalls: 100, market: noMarket });
    const started = await a.start('admin');
    await expect(b.start('admin')).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(
        /^A weekly price update is already running \(started .* UTC, 0 of 3 cards done\)\. Wait for it to finish\.$/,
      ),
    });

    // Process A prices one card, then "dies" (stalls for good) inside its second model call.
    await until(() => modelA.waiting() === 1);
    modelA.release();
    await until(() => modelA.waiting() === 1 && modelA.calls() === 2);
    expect((await a.get(started.run.id))!.stats.succeeded).toBe(1);
    await db
      .update(priceUpdateRuns)
      .set({ leaseExpiresAt: new Date(Date.now() - 1) })
      .where(eq(priceUpdateRuns.id, started.run.id));

    // Process B takes the run over and finishes it.
    expect(await b.resumeInterrupted()).toBe(true);
    await b.idle();
    const run = (await b.get(started.run.id))!;
    expect(run.status).toBe('success');
    expect(run.stats).toMatchObject({ processed: 3, succeeded: 3, failed: 0 });
    // A wakes up: its claim is gone, it writes nothing.
    modelA.release();
    await a.idle();
    const rows = await db.select().from(priceHistory).where(eq(priceHistory.runId, run.id));
    expect(rows).toHaveLength(9);
    expect((await b.get(run.id))!.stats.processed).toBe(3);
  });

  it('a shutdown pauses the run after its batch and hands it back; the next process resumes it at once', async () => {
    const db = database.db;
    const u = await buildUser(db);
    for (const id of ['base5-1', 'base5-2']) await graded(db, u.id, id);
    const gated = gatedModel();
    const a = createPriceUpdateRunner({ db, model: gated, clock, graceDays: 7, maxCalls: 100, market: noMarket });
    const { run } = await a.start('admin');
    await until(() => gated.waiting() === 1);
    const halted = a.halt();
    gated.release();
    await halted;
    const paused = (await a.get(run.id))!;
    expect(paused).toMatchObject({ status: 'running', leaseExpiresAt: null });
    expect(paused.stats.processed).toBeGreaterThanOrEqual(1);
    const b = createPriceUpdateRunner({ db, model: createEstimatorModel(), clock, graceDays: 7, maxCalls: 100, market: noMarket });
    expect(await b.resumeInterrupted()).toBe(true);
    await b.idle();
    expect((await b.get(run.id))!.status).toBe('success');
  });

  it('rejects a bad answer: the card fails with a readable error and keeps its old price', async () => {
    const db = database.db;
    const u = await buildUser(db);
    const ok = await graded(db, u.id, 'base2-1', { psaValue: '100.00' });
    const bad = await graded(db, u.id, 'base2-2', { psaValue: '100.00' });
    const model: PriceModel = {
      source: 'test:absurd',
      batchSize: 10,
      secondsPerGroup: 0,
      quote: async (rs) =>
        rs.map((r) => ({
          ok: true,
          quote: { rawUsd: 50, graded: { PSA: r.cardId === 'base2-2' ? 5000 : 120, BGS: 100, CGC: 90 }, confidence: 0.5, basis: 'test' },
        })),
    };
    const runner = createPriceUpdateRunner({ db, model, clock, graceDays: 7, maxCalls: 100, market: noMarket });
    const { done } = await runner.start('admin');
    const result = runner.resultOf(await done);
    expect(result.stats).toMatchObject({ totalCardsProcessed: 2, successfulUpdates: 1, failedUpdates: 1 });
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^Charizard \(Base 4, PSA 9\/BGS 9\/CGC 9\): PSA 9 value \$5,000\.00 is more than 20× the last price \$100\.00$/,
      ),
    ]);
    const [g1] = await db.select().from(gradings).where(eq(gradings.id, ok.g.id));
    const [g2] = await db.select().from(gradings).where(eq(gradings.id, bad.g.id));
    expect(g1.psaEstimatedValue).toBe('120.00');
    expect(g2.psaEstimatedValue).toBe('100.00');
    expect(g2.pricedAt).toBeNull();
  });

  it('a fall to $0.00 is rejected like a jump: the card keeps its price and the results say why', async () => {
    const db = database.db;
    const u = await buildUser(db);
    const card = await graded(db, u.id, 'base2-3', { psaValue: '20.00' });
    const model: PriceModel = {
      source: 'test:zero',
      batchSize: 10,
      secondsPerGroup: 0,
      quote: async (rs) =>
        rs.map(() => ({ ok: true, quote: { rawUsd: 0.001, graded: { PSA: 0.001, BGS: 18, CGC: 15 }, confidence: 0.5, basis: 'test' } })),
    };
    const runner = createPriceUpdateRunner({ db, model, clock, graceDays: 7, maxCalls: 100, market: noMarket });
    const { done } = await runner.start('admin');
    const result = runner.resultOf(await done);
    // (The earlier test's rejected card is still due, and this model rejects it too.)
    expect(result.stats.successfulUpdates).toBe(0);
    expect(result.errors).toContainEqual(expect.stringMatching(/^Charizard .*: PSA 9 value 0\.001 would be stored as \$0\.00$/));
    const [g] = await db.select().from(gradings).where(eq(gradings.id, card.g.id));
    expect(g.psaEstimatedValue).toBe('20.00');
    expect(g.pricedAt).toBeNull();
  });

  it('makes one price per (card, platform, grade) per run: a second group reuses it', async () => {
    const db = database.db;
    const u = await buildUser(db);
    const x = await buildUserCard(db, u.id, { cardId: 'base3-1' });
    const y = await buildUserCard(db, u.id, { cardId: 'base3-1' });
    await buildGrading(db, x, { completedAt: new Date(Date.now() - 30 * DAY), psaGrade: 9, bgsGrade: 9 });
    await buildGrading(db, y, { completedAt: new Date(Date.now() - 30 * DAY), psaGrade: 9, bgsGrade: 8 });
    // A model that prices PSA differently depending on the BGS grade: the run must still keep one PSA 9 price.
    const model: PriceModel = {
      source: 'test:uneven',
      batchSize: 10,
      secondsPerGroup: 0,
      quote: async (rs) =>
        rs.map((r) => ({
          ok: true,
          quote: { rawUsd: 50, graded: { PSA: 100 + r.grades.BGS, BGS: 10 * r.grades.BGS, CGC: 90 }, confidence: 0.5, basis: 'test' },
        })),
    };
    const runner = createPriceUpdateRunner({ db, model, clock, graceDays: 7, maxCalls: 100, market: noMarket });
    const { done } = await runner.start('admin');
    const run = await done;
    const rows = await db
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.runId, run.id), eq(priceHistory.cardKey, 'base3-1')));
    expect(rows.map((r) => `${r.platform} ${r.grade} ${r.value}`).sort()).toEqual([
      'BGS 8 80.00',
      'BGS 9 90.00',
      'CGC 9 90.00',
      'PSA 9 108.00',
    ]);
    const values = await db
      .select({ psa: gradings.psaEstimatedValue, bgs: gradings.bgsEstimatedValue })
      .from(gradings)
      .where(inArray(gradings.userCardId, [x.id, y.id]));
    expect(values.map((v) => v.psa)).toEqual(['108.00', '108.00']);
    expect(values.map((v) => v.bgs).sort()).toEqual(['80.00', '90.00']);
  });

  it('the weekly schedule fires once across processes, and only for a due slot', async () => {
    const db = database.db;
    const schedule = { day: 1, hour: 3, minute: 0 };
    expect(latestSlot(new Date('2026-11-25T12:00:00Z'), schedule).toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(latestSlot(new Date('2026-11-23T02:59:59Z'), schedule).toISOString()).toBe('2026-11-16T03:00:00.000Z');
    const monday = { now: () => new Date('2026-11-23T03:00:30Z') };
    const runners = [0, 1].map(() =>
      createPriceUpdateRunner({ db, model: createEstimatorModel(), clock: monday, graceDays: 7, maxCalls: 100, market: noMarket }),
    );
    const schedules = runners.map((runner) => createPriceUpdateSchedule({ db, clock: monday, runner, schedule }));
    const ticks = await Promise.all(schedules.map((s) => s.tick()));
    expect(ticks.sort()).toEqual(['idle', 'started']);
    await Promise.all(runners.map((r) => r.idle()));
    expect(await schedules[0].tick()).toBe('idle');
    const off = createPriceUpdateSchedule({ db, clock: monday, runner: runners[0], schedule: null });
    expect(await off.tick()).toBe('idle');
  });
});

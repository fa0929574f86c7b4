import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGrading } from '@contract/gradings';
import { MANUAL_GRADING_BUSY_MESSAGE, type TManualGradeResponse } from '@contract/manual-grade';
import type { TManualGradingReport } from '@contract/grading-report';
import type { TUserCard } from '@contract/user-cards';
import { cardPrices, creditLedger, gradings, users } from '../db/schema';
import { createEmbeddedPricing } from '../pricing/embedded';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';
import { valuesAndRecommendation } from '../../engine/index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

const credits = async (userId: string) => (await ctx.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c;
const rows = (userCardId: string) => ctx.database.db.select().from(gradings).where(eq(gradings.userCardId, userCardId));

describe('POST /api/grading/manual-grade', () => {
  it('applies the engine tables to entered sub-grades', async () => {
    const { client } = await signedInClient(ctx);
    const perfect = json(
      await client.post('/api/grading/manual-grade', { corners: 10, edges: 10, surface: 10, frontCentering: 50, backCentering: 50 }),
    );
    expect(perfect).toMatchObject({ psaGrade: 10, bgsGrade: 10, bgsLabel: 'Pristine 10 (Black Label)', cgcLabel: 'Pristine 10' });
    const offCentre = json(
      await client.post('/api/grading/manual-grade', { corners: 10, edges: 10, surface: 10, frontCentering: 62, backCentering: 70 }),
    );
    expect(offCentre).toMatchObject({ psaGrade: 8 });
    const worn = json(
      await client.post('/api/grading/manual-grade', { corners: 7, edges: 9, surface: 9.5, frontCentering: null, backCentering: null }),
    );
    expect(worn).toMatchObject({ psaGrade: 7 });
  });

  it('explains bad input and needs a signed-in user', async () => {
    const { client } = await signedInClient(ctx);
    const res = await client.post('/api/grading/manual-grade', {
      corners: 9.3,
      edges: 10,
      surface: 10,
      frontCentering: 40,
      backCentering: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/half steps|larger share/);
    expect(
      (
        await new TestClient(ctx.app).post('/api/grading/manual-grade', {
          corners: 9,
          edges: 9,
          surface: 9,
          frontCentering: 55,
          backCentering: 60,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/user-cards/:id/manual-grading', () => {
  const input = { corners: 8.5, edges: 9, surface: 9.5, frontCentering: 58, backCentering: 65 };

  it('an absurd market price stored before the sync refused them (1e12) is passed over: 201, never a numeric overflow', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 0 });
    const card = await buildUserCard(ctx.database.db, user.id, { cardId: 'base1-2', cardName: 'Blastoise' });
    await ctx.database.db
      .insert(cardPrices)
      .values({ cardId: 'base1-2', source: 'tcgplayer', variant: 'holofoil', currency: 'USD', market: 1e12, updatedAt: '2026-11-01' });
    try {
      const res = await client.post(`/api/user-cards/${card.id}/manual-grading`, input);
      expect(res.statusCode, res.body).toBe(201);
      const saved = json<TGrading>(res);
      expect(Number(saved.psaEstimatedValue)).toBeLessThan(1_000_000);
    } finally {
      await ctx.database.db.delete(cardPrices).where(eq(cardPrices.cardId, 'base1-2'));
    }
  });

  it('saves a completed grading with the preview grades, pricing-path values and a manual report, free of charge', async () => {
    const { client, user } = await signedInClient(ctx, { credits: 3 });
    const card = await buildUserCard(ctx.database.db, user.id);
    const engine = await buildGrading(ctx.database.db, card, { completedAt: new Date(Date.now() - 60_000) });

    const preview = json<TManualGradeResponse>(await client.post('/api/grading/manual-grade', input));
    const res = await client.post(`/api/user-cards/${card.id}/manual-grading`, input);
    expect(res.statusCode, res.body).toBe(201);
    const saved = json<TGrading>(res);
    expect(saved.gradingId).toMatch(/^GV-[0-9A-F]{10}$/);
    expect(saved.gradingId).not.toBe(engine.gradingId);
    expect(saved).toMatchObject({
      userCardId: card.id,
      status: 'completed',
      progress: 100,
      error: null,
      creditRefunded: false,
      psaGrade: preview.psaGrade,
      bgsGrade: preview.bgsGrade,
      cgcGrade: preview.cgcGrade,
      centeringScore: preview.centering,
      cornersScore: 8.5,
      edgesScore: 9,
      surfaceScore: 9.5,
      confidence: null,
    });
    expect(saved.completedAt).not.toBeNull();

    // Values: the embedded pricing port and the engine's multipliers, as decimal strings.
    const raw = await createEmbeddedPricing().rawValueUsd({ cardId: card.cardId, cardName: card.cardName, rarity: card.rarity });
    const money = valuesAndRecommendation(raw.usd, {
      psa: preview.psaGrade,
      bgs: preview.bgsGrade,
      cgc: preview.cgcGrade,
      bgsBlackLabel: false,
      cgcPristine: false,
    });
    for (const v of [saved.psaEstimatedValue, saved.bgsEstimatedValue, saved.cgcEstimatedValue]) expect(v).toMatch(/^\d+\.\d{2}$/);
    expect(saved).toMatchObject({
      psaEstimatedValue: money.values.PSA.toFixed(2),
      bgsEstimatedValue: money.values.BGS.toFixed(2),
      cgcEstimatedValue: money.values.CGC.toFixed(2),
      recommendedPlatform: money.recommended,
    });

    // The card's latest grading is now the manual one, everywhere it is read.
    const got = json<TUserCard>(await client.get(`/api/user-cards/${card.id}`));
    expect(got.latestGrading).toMatchObject({ gradingId: saved.gradingId, status: 'completed', psaGrade: preview.psaGrade });
    expect(got.latestGrading!.estimatedValue).toMatch(/^\d+\.\d{2}$/);
    const list = json<TGrading[]>(await client.get(`/api/user-cards/${card.id}/gradings`));
    expect(list.map((g) => g.gradingId)).toEqual([saved.gradingId, engine.gradingId]);
    expect(json<TGrading>(await client.get(`/api/gradings/${saved.gradingId}`))).toEqual(saved);
    const summary = json<{ estimatedValue: string; gradedCards: number }>(await client.get('/api/collection/summary'));
    expect(summary).toMatchObject({ gradedCards: 1, estimatedValue: got.latestGrading!.estimatedValue });

    const report = json<TManualGradingReport>(await client.get(`/api/gradings/${saved.gradingId}/report`));
    expect(report).toMatchObject({
      source: 'manual',
      input,
      basedOnGradingId: engine.gradingId,
      confidence: null,
      psaLabel: preview.psaLabel,
      bgsLabel: preview.bgsLabel,
      cgcLabel: preview.cgcLabel,
      gradeTablesVersion: preview.gradeTablesVersion,
    });
    for (const log of [report.centeringDecisionLog, report.cornersDecisionLog, report.edgesDecisionLog, report.surfaceDecisionLog]) {
      expect(log.reasoning).toMatch(/^Entered by hand by the collector, not measured from photos\./);
      expect(log.summary).toMatch(/entered by the collector\.$/);
      expect(log.confidence).toBeNull();
    }
    expect(report.cornersDecisionLog.reasoning).toContain(`The previous grading, ${engine.gradingId}, had 9.5.`);
    expect(report.analysisSteps).toHaveLength(1);
    expect((await client.get(`/api/gradings/${saved.gradingId}/images/frontAnnotated`)).statusCode).toBe(404);

    // Free: no credit, no ledger line.
    expect(await credits(user.id)).toBe(3);
    // Free: no line beyond the starting grant (the factory's 'admin' line).
    expect(
      (await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).map((l) => `${l.reason} ${l.delta}`),
    ).toEqual(['admin 3']);
    const [stored] = (await rows(card.id)).filter((r) => r.gradingId === saved.gradingId);
    expect(stored).toMatchObject({ creditsSpent: 0, status: 'completed' });
  });

  it('saves for a card that was never graded, with no grading to start from', async () => {
    const { client, user } = await signedInClient(ctx, { accountType: 'pro', credits: 0 });
    const card = await buildUserCard(ctx.database.db, user.id, { cardId: null, cardName: 'Homemade proxy', rarity: null });
    const saved = json<TGrading>(
      await client.post(`/api/user-cards/${card.id}/manual-grading`, {
        corners: 10,
        edges: 10,
        surface: 10,
        frontCentering: null,
        backCentering: null,
      }),
    );
    expect(saved).toMatchObject({ status: 'completed', psaGrade: 10, bgsGrade: 10 });
    const report = json<TManualGradingReport>(await client.get(`/api/gradings/${saved.gradingId}/report`));
    expect(report.source).toBe('manual');
    expect(report).not.toHaveProperty('basedOnGradingId');
    expect(report.centeringDecisionLog.summary).toMatch(/^Not measurable on either face/);
    expect(json<TUserCard>(await client.get(`/api/user-cards/${card.id}`)).latestGrading?.gradingId).toBe(saved.gradingId);
  });

  it("answers 404 for another collector's card, exactly as for a missing one, and keeps the grading private", async () => {
    const alice = await signedInClient(ctx);
    const bob = await signedInClient(ctx, { credits: 2 });
    const card = await buildUserCard(ctx.database.db, alice.user.id);
    await buildGrading(ctx.database.db, card);
    const theirs = await bob.client.post(`/api/user-cards/${card.id}/manual-grading`, input);
    const missing = await bob.client.post(`/api/user-cards/${randomUUID()}/manual-grading`, input);
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs)).toEqual(json(missing));
    expect(await rows(card.id)).toHaveLength(1);

    const saved = json<TGrading>(await alice.client.post(`/api/user-cards/${card.id}/manual-grading`, input));
    expect((await bob.client.get(`/api/gradings/${saved.gradingId}`)).statusCode).toBe(404);
    expect((await bob.client.get(`/api/gradings/${saved.gradingId}/report`)).statusCode).toBe(404);
    expect((await bob.client.get(`/api/user-cards/${card.id}`)).statusCode).toBe(404);
    expect(await credits(bob.user.id)).toBe(2);
    expect((await new TestClient(ctx.app).post(`/api/user-cards/${card.id}/manual-grading`, input)).statusCode).toBe(401);
  });

  it("refuses bad sub-grades with the contract's messages and saves nothing", async () => {
    const { client, user } = await signedInClient(ctx);
    const card = await buildUserCard(ctx.database.db, user.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...input, corners: 9.3 }, 'corners', 'Use half steps (9, 9.5, 10)'],
      [{ ...input, edges: 11 }, 'edges', 'Sub-grades run from 1 to 10'],
      [{ ...input, surface: 0.5 }, 'surface', 'Sub-grades run from 1 to 10'],
      [{ ...input, frontCentering: 40 }, 'frontCentering', 'Give the larger share, 50 to 100'],
      [{ ...input, backCentering: 101 }, 'backCentering', 'Give the larger share, 50 to 100'],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.post(`/api/user-cards/${card.id}/manual-grading`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res)).toMatchObject({ message, field });
    }
    const { corners: _, ...noCorners } = input;
    expect((await client.post(`/api/user-cards/${card.id}/manual-grading`, noCorners)).statusCode).toBe(400);
    const badId = await client.post('/api/user-cards/not-a-card/manual-grading', input);
    expect(badId.statusCode).toBe(400);
    expect(json(badId)).toMatchObject({ message: 'Not a valid card id' });
    expect(await rows(card.id)).toHaveLength(0);
  });

  it('refuses with 409 while an engine grading of the card is queued or running', async () => {
    const { client, user } = await signedInClient(ctx);
    const card = await buildUserCard(ctx.database.db, user.id);
    await buildGrading(ctx.database.db, card, { completedAt: new Date(Date.now() - 60_000) });
    const running = await buildGrading(ctx.database.db, card, { status: 'pending', progress: 0, psaGrade: null, completedAt: null });
    for (const status of ['pending', 'processing'] as const) {
      await ctx.database.db.update(gradings).set({ status }).where(eq(gradings.id, running.id));
      const res = await client.post(`/api/user-cards/${card.id}/manual-grading`, input);
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ message: MANUAL_GRADING_BUSY_MESSAGE });
    }
    expect(await rows(card.id)).toHaveLength(2);
    // Once it has finished (or failed), saving works again.
    await ctx.database.db.update(gradings).set({ status: 'failed' }).where(eq(gradings.id, running.id));
    expect((await client.post(`/api/user-cards/${card.id}/manual-grading`, input)).statusCode).toBe(201);
  });
});

/**
 * Submissions and the Detailed Grading Report's endpoints on a real engine grading (synthetic photos),
 * and on a grading without those parts; plus stats (live checks), orders and subscriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ZAdjustmentsGroupedResponse,
  ZAdminGradingReportResponse,
  ZAdminOrdersResponse,
  ZAdminStatsResponse,
  ZAdminSubmissionsResponse,
  ZAdminSubscriptionsResponse,
  ZAnalysisStepsResponse,
  ZAuditTrailResponse,
} from '@contract/admin';
import type { TUserCard } from '@contract/user-cards';
import type { TGrading } from '@contract/gradings';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { openPrivateTestDatabase } from '../test/private-database';
import { buildGrading, buildUser, buildUserCard } from '../test/factories';
import { generateSyntheticCard } from '../../card-fixtures/synthetic/generator';
import { gradings, orders, providerSubscriptions } from '../db/schema';
import { TOTALS_TTL_MS } from './stats';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let prefix: string;
let graded: TGrading;
let bare: { id: string; gradingId: string };
let owner: Awaited<ReturnType<typeof signedInClient>>;
let ownedCardId: string;

beforeAll(async () => {
  // Its own database: the overview sums every order, and on PostgreSQL other files make orders too.
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` }, undefined, {
    database: await openPrivateTestDatabase(),
  });
  admin = await signedInClient(ctx, { role: 'admin' });
  prefix = (await admin.client.get('/api/admin/path')).json<{ prefix: string }>().prefix;
  owner = await signedInClient(ctx, { credits: 3 });
  const card = await generateSyntheticCard(7, { defectRate: 0.5 });
  const form = new FormData();
  form.append('cardId', 'base1-4');
  for (const [k, v] of Object.entries({ front: card.front, back: card.back }))
    form.append(k, new Blob([new Uint8Array(v)], { type: 'image/jpeg' }), `${k}.jpg`);
  const added = json<TUserCard>(await owner.client.postForm('/api/user-cards', form));
  ownedCardId = added.id;
  graded = json<TGrading>(await owner.client.post(`/api/user-cards/${added.id}/grade`));
  while (await ctx.app.gradingWorker.runOnce()) {
    /* drain */
  }
  const other = await buildUser(ctx.database.db);
  const otherCard = await buildUserCard(ctx.database.db, other.id, { cardName: 'Blastoise' });
  bare = await buildGrading(ctx.database.db, otherCard, { report: null });
}, 120_000);
afterAll(async () => ctx?.close());

describe('admin submissions and reports', () => {
  it('lists submissions newest first with a status filter and paging', async () => {
    const all = ZAdminSubmissionsResponse.parse((await admin.client.get(`${prefix}/submissions?pageSize=1`)).json());
    expect(all.items).toHaveLength(1);
    expect(all.hasMore).toBe(true);
    expect(all.items[0].cardName).toBe('Blastoise');
    const completed = ZAdminSubmissionsResponse.parse((await admin.client.get(`${prefix}/submissions?status=completed`)).json());
    expect(completed.items.map((s) => s.gradingId)).toEqual(expect.arrayContaining([graded.gradingId, bare.gradingId]));
    expect(completed.items.every((s) => s.status === 'completed')).toBe(true);
    const pending = ZAdminSubmissionsResponse.parse((await admin.client.get(`${prefix}/submissions?status=pending`)).json());
    expect(pending.items).toHaveLength(0);
    expect((await admin.client.get(`${prefix}/submissions?status=bogus`)).statusCode).toBe(400);
  });

  it('answers the full report of a real grading, by grading id and by submission id', async () => {
    const report = ZAdminGradingReportResponse.parse((await admin.client.get(`${prefix}/grading-reports/${graded.gradingId}`)).json());
    expect(report.psaGrade).toEqual(expect.any(Number));
    expect(report.frontImageUrl).toMatch(/^\/api\/user-cards\//);
    expect(report.frontAnnotatedImageUrl).toBe(`${prefix}/grading/${graded.gradingId}/images/frontAnnotated`);
    expect(Object.values(report.annotatedCornerUrls).every(Boolean)).toBe(true);
    expect(Object.values(report.annotatedEdgeUrls).every(Boolean)).toBe(true);
    expect(report.centeringDecisionLog).toMatchObject({ reasoning: expect.any(String) });
    const [row] = await ctx.database.db.select({ id: gradings.id }).from(gradings).where(eq(gradings.gradingId, graded.gradingId));
    const bySubmission = ZAdminGradingReportResponse.parse((await admin.client.get(`${prefix}/grading-reports/${row.id}`)).json());
    expect(bySubmission.gradingId).toBe(graded.gradingId);
    const image = await admin.client.get(report.frontAnnotatedImageUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('shows each face original → outline found → straightened → normalised → annotated, with times, and the analysis steps', async () => {
    const grouped = ZAdjustmentsGroupedResponse.parse(
      (await admin.client.get(`${prefix}/grading/${graded.gradingId}/adjustments-grouped`)).json(),
    );
    expect(Object.keys(grouped).sort()).toEqual(['back', 'front']);
    expect(grouped.front.map((a) => a.adjustmentType)).toEqual([
      'original',
      'card-outline',
      'perspective-correction',
      'exposure-normalisation',
      'annotation',
    ]);
    for (const a of grouped.front) {
      expect(a.adjustedImageUrl).toBeTruthy();
      expect(Number.isNaN(Date.parse(a.createdAt))).toBe(false);
      expect((await admin.client.get(a.adjustedImageUrl!)).statusCode, a.adjustedImageUrl!).toBe(200);
    }
    const steps = ZAnalysisStepsResponse.parse((await admin.client.get(`${prefix}/grading/${graded.gradingId}/analysis-steps`)).json());
    expect(steps.length).toBeGreaterThan(3);
    expect(steps[0]).toMatchObject({ stepNumber: 1, status: 'completed' });
    expect(Date.parse(steps[0].endTime!)).toBeGreaterThanOrEqual(Date.parse(steps[0].startTime!));
    const trail = ZAuditTrailResponse.parse((await admin.client.get(`${prefix}/grading/${graded.gradingId}/audit-trail`)).json());
    expect(trail.adjustments).toHaveLength(10);
    expect(trail.analysisSteps).toHaveLength(steps.length);
    expect((await admin.client.get(`${prefix}/grading/${graded.gradingId}/adjustments`)).json()).toHaveLength(10);
  });

  it('keeps every evidence time as written when the collector later edits the card (issue 24.8)', async () => {
    const trailUrl = `${prefix}/grading/${graded.gradingId}/audit-trail`;
    const before = ZAuditTrailResponse.parse((await admin.client.get(trailUrl)).json()).adjustments;
    expect(before.filter((a) => a.adjustmentType === 'original')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 20)); // the card's updatedAt is wall-clock time
    const edited = await owner.client.request('PATCH', `/api/user-cards/${ownedCardId}`, {
      personalNotes: 'Bought at a fair, sleeve scuffed',
    });
    expect(edited.statusCode).toBe(200);
    const after = ZAuditTrailResponse.parse((await admin.client.get(trailUrl)).json()).adjustments;
    expect(after.map((a) => [a.id, a.createdAt])).toEqual(before.map((a) => [a.id, a.createdAt]));
  });

  it('answers empty parts for a grading without them, and 404 with the spec text for an unknown one', async () => {
    const trail = ZAuditTrailResponse.parse((await admin.client.get(`${prefix}/grading/${bare.gradingId}/audit-trail`)).json());
    expect(trail.analysisSteps).toEqual([]);
    expect(trail.adjustments.map((a) => a.adjustmentType)).toEqual(['original']);
    expect((await admin.client.get(`${prefix}/grading/${bare.gradingId}/analysis-steps`)).json()).toEqual([]);
    const report = ZAdminGradingReportResponse.parse((await admin.client.get(`${prefix}/grading-reports/${bare.gradingId}`)).json());
    expect(report.centeringDecisionLog).toBeNull();
    expect(report.frontAnnotatedImageUrl).toBeNull();
    const missing = await admin.client.get(`${prefix}/grading-reports/GV-0000000000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No grading details available' });
  });
});

describe('admin stats, orders and subscriptions', () => {
  it('counts in the database and reports every system check as measured', async () => {
    const stats = ZAdminStatsResponse.parse((await admin.client.get(`${prefix}/stats`)).json());
    expect(stats.totalUsers).toBeGreaterThanOrEqual(3);
    expect(stats.totalGradings).toBeGreaterThanOrEqual(2);
    expect(stats.totalCreditsIssued).toBeGreaterThanOrEqual(3);
    expect(stats.system.database.status).toBe('ok');
    expect(stats.system.imageStore.status).toBe('ok');
    expect(stats.system.jobQueue.status).toBe('ok');
    expect(stats.recentActivity[0]).toMatchObject({ kind: 'grading' });
  });

  it('reports a stalled job queue as down', async () => {
    const u = await buildUser(ctx.database.db);
    const card = await buildUserCard(ctx.database.db, u.id);
    await buildGrading(ctx.database.db, card, { status: 'pending', createdAt: new Date(Date.now() - 3600_000), completedAt: null });
    const stats = ZAdminStatsResponse.parse((await admin.client.get(`${prefix}/stats`)).json());
    expect(stats.system.jobQueue.status).toBe('down');
    expect(stats.system.status).toBe('down');
    await ctx.database.db.update(gradings).set({ status: 'failed' }).where(eq(gradings.userCardId, card.id));
  });

  it('lists orders and sums completed revenue in dollars', async () => {
    const u = await buildUser(ctx.database.db);
    await ctx.database.db.insert(orders).values([
      { userId: u.id, package: 'standard', credits: 10, amount: 1999, currency: 'usd', status: 'completed', provider: 'local' },
      { userId: u.id, package: 'small', credits: 5, amount: 999, currency: 'usd', status: 'pending', provider: 'local' },
    ]);
    const list = ZAdminOrdersResponse.parse((await admin.client.get(`${prefix}/orders`)).json());
    // Totals are shared for TOTALS_TTL_MS: past it, the new order counts.
    ctx.clock.advance(TOTALS_TTL_MS + 1);
    expect(
      list.items
        .slice(0, 2)
        .map((o) => o.package)
        .sort(),
    ).toEqual(['small', 'standard']);
    expect(list.items[0].user?.username).toBe(u.username);
    const stats = ZAdminStatsResponse.parse((await admin.client.get(`${prefix}/stats`)).json());
    expect(stats.totalRevenue).toBe(19.99);
  });

  it('lists subscriptions with the linked user or as orphaned', async () => {
    const u = await buildUser(ctx.database.db, { firstName: 'Misty' });
    await ctx.database.db.insert(providerSubscriptions).values([
      {
        id: 'sub_linked',
        userId: u.id,
        provider: 'local',
        status: 'active',
        plan: 'pro',
        amount: 999,
        currency: 'usd',
        customerEmail: u.email,
      },
      {
        id: 'sub_orphan',
        userId: null,
        provider: 'local',
        status: 'canceled',
        plan: 'pro',
        amount: 999,
        currency: 'usd',
        customerEmail: null,
        cancelAtPeriodEnd: true,
      },
    ]);
    const body = ZAdminSubscriptionsResponse.parse((await admin.client.get('/api/admin/stripe-subscriptions')).json());
    expect(body.provider).toBe('local');
    const byId = Object.fromEntries(body.subscriptions.map((s) => [s.id, s]));
    expect(byId.sub_linked).toMatchObject({ isOrphaned: false, user: { firstName: 'Misty', username: u.username } });
    expect(byId.sub_orphan).toMatchObject({ isOrphaned: true, user: null, cancelAtPeriodEnd: true });
  });
});

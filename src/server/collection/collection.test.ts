import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TCollectionSummaryResponse } from '@contract/collection';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

it('totals value, cost, gain/loss and ROI from the latest grading of each card', async () => {
  const { client, user } = await signedInClient(ctx);
  const db = ctx.database.db;
  const a = await buildUserCard(db, user.id, { purchasePriceCents: 10_000 });
  await buildGrading(db, a, { psaEstimatedValue: '50.00', completedAt: new Date('2026-01-10T00:00:00Z') });
  await buildGrading(db, a, { psaEstimatedValue: '150.00', completedAt: new Date('2026-03-05T00:00:00Z') });
  const b = await buildUserCard(db, user.id, { purchasePriceCents: 2_000 });
  await buildGrading(db, b, {
    recommendedPlatform: 'BGS',
    bgsEstimatedValue: '10.00',
    bgsGrade: 8,
    completedAt: new Date('2026-02-01T00:00:00Z'),
  });
  await buildUserCard(db, user.id, { purchasePriceCents: 500 }); // not graded yet: cost counts, no value, not in ROI
  await buildGrading(db, await buildUserCard(db, user.id), { status: 'failed', psaEstimatedValue: '999.00' });

  const s = json<TCollectionSummaryResponse>(await client.get('/api/collection/summary'));
  expect(s).toMatchObject({
    totalCards: 4,
    gradedCards: 2,
    estimatedValue: '160.00',
    totalCost: '125.00',
    gainLoss: '40.00',
    roiPercent: 33.3,
    averageGrade: 8.5,
  });
  expect(s.valueHistory).toEqual([
    { month: '2026-02', value: '10.00' },
    { month: '2026-03', value: '160.00' },
  ]);
});

it('is empty but well-formed for a new collector', async () => {
  const { client } = await signedInClient(ctx);
  expect(json<TCollectionSummaryResponse>(await client.get('/api/collection/summary'))).toEqual({
    totalCards: 0,
    gradedCards: 0,
    estimatedValue: '0.00',
    totalCost: '0.00',
    gainLoss: '0.00',
    roiPercent: null,
    averageGrade: null,
    valueHistory: [],
  });
});

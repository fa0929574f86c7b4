import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSnapshotMarketPrices } from '../pricing/snapshot-prices';
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
  // Not graded, no catalogue card: no value, so its cost counts in Cost but not in Gain / loss.
  await buildUserCard(db, user.id, { cardId: null, purchasePriceCents: 500 });
  await buildGrading(db, await buildUserCard(db, user.id, { cardId: null }), { status: 'failed', psaEstimatedValue: '999.00' });

  const s = json<TCollectionSummaryResponse>(await client.get('/api/collection/summary'));
  expect(s).toMatchObject({
    totalCards: 4,
    totalCopies: 4,
    gradedCards: 2,
    marketValuedCards: 0,
    unvaluedCards: 2,
    pricedCards: 3,
    gainLossCards: 2,
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
    totalCopies: 0,
    gradedCards: 0,
    marketValuedCards: 0,
    unvaluedCards: 0,
    pricedCards: 0,
    gainLossCards: 0,
    estimatedValue: '0.00',
    totalCost: '0.00',
    gainLoss: '0.00',
    roiPercent: null,
    averageGrade: null,
    valueHistory: [],
  });
});

it('values an ungraded card at its market price, counts each figure over the same cards, and the chart and export agree', async () => {
  const { client, user } = await signedInClient(ctx);
  const db = ctx.database.db;
  // The same market source the app reads (the bundled snapshot answers for an unsynced card).
  const market = await createSnapshotMarketPrices().marketPrice({ cardId: 'base1-4', rarity: 'Rare Holo' });
  expect(market).not.toBeNull();
  const marketCents = Math.round(market!.usd * 100);
  // Graded, 2 copies, paid $40 each: value $100 × 2.
  const graded = await buildUserCard(db, user.id, { quantity: 2, purchasePriceCents: 4_000, createdAt: new Date('2026-01-02T00:00:00Z') });
  await buildGrading(db, graded, { psaEstimatedValue: '100.00', psaGrade: 9, completedAt: new Date('2026-02-01T00:00:00Z') });
  // Not graded, known market price (Base Charizard), paid $300.
  await buildUserCard(db, user.id, { purchasePriceCents: 30_000, createdAt: new Date('2026-03-03T00:00:00Z') });
  // Not graded, no price anywhere, paid $7: in Cost only.
  await buildUserCard(db, user.id, {
    cardId: null,
    cardName: 'Home-made proxy',
    purchasePriceCents: 700,
    createdAt: new Date('2026-03-04T00:00:00Z'),
  });

  const s = json<TCollectionSummaryResponse>(await client.get('/api/collection/summary'));
  const value = 20_000 + marketCents;
  const pairedCost = 8_000 + 30_000;
  expect(s).toMatchObject({
    totalCards: 3,
    totalCopies: 4,
    gradedCards: 1,
    marketValuedCards: 1,
    unvaluedCards: 1,
    pricedCards: 3,
    gainLossCards: 2,
    estimatedValue: (value / 100).toFixed(2),
    totalCost: '387.00',
    gainLoss: ((value - pairedCost) / 100).toFixed(2),
    roiPercent: Math.round(((value - pairedCost) / pairedCost) * 1000) / 10,
    averageGrade: 9,
  });
  // The chart ends at the tiles' value: the market-valued card counts from the month it was added.
  expect(s.valueHistory).toEqual([
    { month: '2026-02', value: '200.00' },
    { month: '2026-03', value: (value / 100).toFixed(2) },
  ]);
  // The grid lists as many cards as the Cards tile counts.
  const list = await client.get('/api/user-cards');
  expect(list.statusCode).toBe(200);
  expect(list.json<unknown[]>()).toHaveLength(s.totalCards);
  // The export's Estimated Value is the same per-copy value.
  const csv = (await client.get('/api/user-cards/export.csv')).body;
  expect(csv).toContain(`,${(marketCents / 100).toFixed(2)},300.00,`);
  expect(csv).toContain(',100.00,40.00,');
  expect(csv.split('\n').find((l) => l.startsWith('Home-made proxy'))).toContain(',,7.00,');
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { TCollectionSummaryResponse } from '@contract/collection';
import type { TCardPrintingsResponse } from '@contract/printing';
import { ZAddCardFields, ZUpdateUserCardRequest, type TUserCard, type TUserCardRawValueResponse } from '@contract/user-cards';
import { gradings } from '../db/schema';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';

let ctx: TestContext;
let photo: Buffer;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-printing-${process.pid}` });
  photo = await sharp({ create: { width: 320, height: 440, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

describe('the printing in the contract', () => {
  it('reads a form ("" is not told, quantity defaults to 1) and refuses unknown words and bad quantities', () => {
    expect(ZAddCardFields.parse({ cardId: 'base1-4', edition: '', finish: '', quantity: '' })).toEqual({ cardId: 'base1-4', quantity: 1 });
    expect(ZAddCardFields.parse({ cardId: 'base1-4', edition: 'first_edition', finish: 'holofoil', quantity: '2' })).toMatchObject({
      edition: 'first_edition',
      finish: 'holofoil',
      quantity: 2,
    });
    expect(ZAddCardFields.safeParse({ cardId: 'base1-4', edition: 'second' }).error?.issues[0].message).toBe(
      'Edition is 1st Edition, Shadowless or Unlimited',
    );
    expect(ZAddCardFields.safeParse({ cardId: 'base1-4', quantity: '0' }).error?.issues[0].message).toBe('Quantity is at least 1');
    expect(ZUpdateUserCardRequest.parse({ edition: null, finish: 'reverse_holofoil', quantity: 3 })).toEqual({
      edition: null,
      finish: 'reverse_holofoil',
      quantity: 3,
      purchasePriceCents: undefined,
    });
    expect(ZUpdateUserCardRequest.safeParse({ quantity: 1.5 }).success).toBe(false);
  });
});

describe('printings and values', () => {
  it('adds a 1st Edition Holo ×2, values it apart from the Unlimited print, and re-values its grading when the printing changes', async () => {
    const { client, user } = await signedInClient(ctx);
    const form = new FormData();
    for (const [k, v] of Object.entries({ cardId: 'base1-4', edition: 'first_edition', finish: 'holofoil', quantity: '2' }))
      form.append(k, v);
    for (const k of ['front', 'back']) form.append(k, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${k}.jpg`);
    const res = await client.postForm('/api/user-cards', form);
    expect(res.statusCode, res.body).toBe(201);
    const card = json<TUserCard>(res);
    expect(card).toMatchObject({ edition: 'first_edition', finish: 'holofoil', quantity: 2 });

    const raw = json<TUserCardRawValueResponse>(await client.get(`/api/user-cards/${card.id}/raw-value`));
    expect(raw).toMatchObject({ value: '2821.76', printing: '1st Edition Holo', quantity: 2, totalValue: '5643.52' });
    expect(raw.source).toMatchObject({ kind: 'market', variant: 'holofoil', marketUsd: 352.72, premium: { multiplier: 8 } });

    // A completed grading at PSA 9 (×2.2): changing the printing re-values it from the new raw value.
    const g = await buildGrading(ctx.database.db, { id: card.id, userId: user.id }, { psaGrade: 9, bgsGrade: 9, cgcGrade: 9, report: {} });
    const patched = await client.request('PATCH', `/api/user-cards/${card.id}`, { edition: 'unlimited', quantity: 3 });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = json<TUserCard>(patched);
    expect(after).toMatchObject({ edition: 'unlimited', finish: 'holofoil', quantity: 3 });
    expect(after.latestGrading).toMatchObject({
      estimatedValue: '775.98', // 352.72 × 2.2
      valueSource: { kind: 'market', variant: 'holofoil', marketUsd: 352.72 },
    });
    expect(after.latestGrading?.valueSource).not.toHaveProperty('premium');
    const raw2 = json<TUserCardRawValueResponse>(await client.get(`/api/user-cards/${card.id}/raw-value`));
    expect(raw2).toMatchObject({ value: '352.72', printing: 'Unlimited Holo', totalValue: '1058.16' });

    await client.request('PATCH', `/api/user-cards/${card.id}`, { edition: 'first_edition' });
    const [row] = await ctx.database.db.select().from(gradings).where(eq(gradings.id, g.id));
    expect(row.psaEstimatedValue).toBe('6207.87'); // 2821.76 × 2.2
    expect((row.report as { valueBasis: { rawValueUsd: number } }).valueBasis.rawValueUsd).toBe(2821.76);

    // Notes alone do not touch the values.
    await client.request('PATCH', `/api/user-cards/${card.id}`, { personalNotes: 'binder 2' });
    const [same] = await ctx.database.db.select().from(gradings).where(eq(gradings.id, g.id));
    expect(same.psaEstimatedValue).toBe('6207.87');
  });

  it("never lets anyone else read or change a card's printing (404, as for a missing card)", async () => {
    const { client, user } = await signedInClient(ctx);
    const card = await buildUserCard(ctx.database.db, user.id, { edition: 'shadowless', finish: 'holofoil' });
    const stranger = await signedInClient(ctx);
    expect((await stranger.client.request('PATCH', `/api/user-cards/${card.id}`, { edition: 'unlimited' })).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/user-cards/${card.id}/raw-value`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(`/api/user-cards/${card.id}/raw-value`)).statusCode).toBe(401);
    expect(json<TUserCard>(await client.get(`/api/user-cards/${card.id}`))).toMatchObject({ edition: 'shadowless', quantity: 1 });
    const bad = await client.request('PATCH', `/api/user-cards/${card.id}`, { quantity: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('tells which printings a catalogue card has', async () => {
    const { client } = await signedInClient(ctx);
    expect(json<TCardPrintingsResponse>(await client.get('/api/catalogue/cards/base1-4/printings'))).toEqual({
      known: true,
      editions: ['first_edition', 'shadowless', 'unlimited'],
      finishes: ['holofoil'],
    });
    expect(json<TCardPrintingsResponse>(await client.get('/api/catalogue/cards/base2-17/printings'))).toMatchObject({
      editions: ['first_edition', 'unlimited'],
      finishes: ['normal'],
    });
    expect((await client.get('/api/catalogue/cards/nope-1/printings')).statusCode).toBe(404);
  });

  it('counts copies in the collection totals: value × quantity, cost per copy', async () => {
    const { client, user } = await signedInClient(ctx);
    const db = ctx.database.db;
    const a = await buildUserCard(db, user.id, { quantity: 3, purchasePriceCents: 2_000 });
    await buildGrading(db, a, { psaEstimatedValue: '50.00', psaGrade: 8, completedAt: new Date('2026-02-01T00:00:00Z') });
    const b = await buildUserCard(db, user.id, { purchasePriceCents: 1_000 });
    await buildGrading(db, b, { psaEstimatedValue: '20.00', psaGrade: 10, completedAt: new Date('2026-03-01T00:00:00Z') });
    await buildUserCard(db, user.id, { quantity: 4 });
    const s = json<TCollectionSummaryResponse>(await client.get('/api/collection/summary'));
    // One definition per figure (collection/figures.ts): Cards counts the grid's rows (3), their copies
    // apart (8); the ungraded card is worth its market price × 4 (Base Set Charizard, holofoil: $352.72).
    expect(s).toMatchObject({
      totalCards: 3,
      totalCopies: 8,
      gradedCards: 2,
      estimatedValue: '1580.88',
      totalCost: '70.00',
      gainLoss: '100.00',
      averageGrade: 8.5,
    });
    // The chart ends at the tile's value: the ungraded copies count from the month they were added.
    expect(s.valueHistory.at(-1)?.value).toBe('1580.88');
  });
});

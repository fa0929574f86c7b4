import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BINDER_NEEDS_MEASURED_GRADING,
  ZBinderDetailResponse,
  type TBinder,
  type TBinderDetailResponse,
  type TBinderSummary,
} from '@contract/binders';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';
import { showNewGradingInBinders } from './follow-latest-grading';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

async function ownerWithGradedCard() {
  const owner = await signedInClient(ctx);
  const card = await buildUserCard(ctx.database.db, owner.user.id);
  const grading = await buildGrading(ctx.database.db, card);
  const binder = json<TBinder>(await owner.client.post('/api/binders', { name: 'Vintage holos', description: 'Base set' }));
  return { ...owner, card, grading, binder };
}

describe('binders', () => {
  it('creates, lists with totals, shows entries with the spec fields, and updates', async () => {
    const { client, card, grading, binder } = await ownerWithGradedCard();
    expect(binder).toMatchObject({ name: 'Vintage holos', description: 'Base set', isPublic: false, isOwner: true });
    const added = await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
    expect(added.statusCode).toBe(201);

    const res = await client.get(`/api/binders/${binder.id}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const detail = json<TBinderDetailResponse>(res);
    // The database writes this JSON: it must be the contract exactly (zod drops unknown keys, so a
    // stray or misspelt field shows up as a difference; a missing or mistyped one fails the parse).
    expect(ZBinderDetailResponse.parse(detail)).toEqual(detail);
    expect(detail.cards).toHaveLength(1);
    expect(detail.cards[0]).toMatchObject({
      submissionId: grading.id,
      personalNotes: null,
      actualPurchasePrice: null,
      addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      userCard: { id: card.id, cardId: 'base1-4', frontImageUrl: `/api/user-cards/${card.id}/images/front` },
      submission: {
        cardName: 'Charizard',
        cardSet: 'Base',
        cardNumber: '4',
        rarity: 'Rare Holo',
        recommendedPlatform: 'PSA',
        psaGrade: 9,
        psaEstimatedValue: '120.00',
        bgsEstimatedValue: '110.50',
      },
    });
    const list = json<TBinderSummary[]>(await client.get('/api/binders'));
    expect(list.find((b) => b.id === binder.id)).toMatchObject({ cardCount: 1, totalValue: '120.00' });

    const renamed = json<TBinder>(await client.request('PATCH', `/api/binders/${binder.id}`, { name: 'Holos', isPublic: true }));
    expect(renamed).toMatchObject({ name: 'Holos', isPublic: true, description: 'Base set' });
  });

  it('edits notes and price of an entry (spec PUT) and refuses bad prices with a message', async () => {
    const { client, card, binder } = await ownerWithGradedCard();
    await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
    const entry = json<TBinderDetailResponse>(await client.get(`/api/binders/${binder.id}`)).cards[0];
    const ok = await client.put(`/api/binders/${binder.id}/cards/${entry.id}`, {
      personalNotes: 'Bought at a show',
      actualPurchasePrice: 45.5,
    });
    expect(json(ok).message).toBe('Card details updated successfully');
    const after = json<TBinderDetailResponse>(await client.get(`/api/binders/${binder.id}`)).cards[0];
    expect(after).toMatchObject({ personalNotes: 'Bought at a show', actualPurchasePrice: '45.50' });

    const cleared = await client.put(`/api/binders/${binder.id}/cards/${entry.id}`, { personalNotes: '', actualPurchasePrice: null });
    expect(cleared.statusCode).toBe(200);
    expect(json<TBinderDetailResponse>(await client.get(`/api/binders/${binder.id}`)).cards[0].actualPurchasePrice).toBeNull();

    for (const bad of [-1, 'abc', 1.234]) {
      const res = await client.put(`/api/binders/${binder.id}/cards/${entry.id}`, { personalNotes: null, actualPurchasePrice: bad });
      expect(res.statusCode).toBe(400);
      expect(json(res).field).toBe('actualPurchasePrice');
    }
  });

  it('removes an entry by its submissionId (spec DELETE), then 404 on a second try', async () => {
    const { client, card, grading, binder } = await ownerWithGradedCard();
    await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
    const res = await client.delete(`/api/binders/${binder.id}/cards/${grading.id}`);
    expect(json(res).message).toBe('Card removed from binder');
    expect(json<TBinderDetailResponse>(await client.get(`/api/binders/${binder.id}`)).cards).toEqual([]);
    expect((await client.delete(`/api/binders/${binder.id}/cards/${grading.id}`)).statusCode).toBe(404);
  });

  it('refuses an ungraded card, a duplicate, and an empty name', async () => {
    const { client, user, card, binder } = await ownerWithGradedCard();
    const ungraded = await buildUserCard(ctx.database.db, user.id);
    expect(json(await client.post(`/api/binders/${binder.id}/cards`, { userCardId: ungraded.id })).message).toBe(
      BINDER_NEEDS_MEASURED_GRADING,
    );
    await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
    expect((await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id })).statusCode).toBe(409);
    const empty = await client.post('/api/binders', { name: '  ' });
    expect(json(empty)).toMatchObject({ field: 'name', message: 'Give the binder a name' });
  });
});

describe('binder authorization', () => {
  it("user B can neither read A's private binder nor change A's binders, entries or cards", async () => {
    const a = await ownerWithGradedCard();
    await a.client.post(`/api/binders/${a.binder.id}/cards`, { userCardId: a.card.id });
    const entry = json<TBinderDetailResponse>(await a.client.get(`/api/binders/${a.binder.id}`)).cards[0];
    const b = await signedInClient(ctx);
    const bBinder = json<TBinder>(await b.client.post('/api/binders', { name: 'Mine' }));

    expect((await b.client.get(`/api/binders/${a.binder.id}`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(`/api/binders/${a.binder.id}`)).statusCode).toBe(404);
    expect((await b.client.request('PATCH', `/api/binders/${a.binder.id}`, { name: 'pwned' })).statusCode).toBe(404);
    expect((await b.client.delete(`/api/binders/${a.binder.id}`)).statusCode).toBe(404);
    expect(
      (await b.client.put(`/api/binders/${a.binder.id}/cards/${entry.id}`, { personalNotes: 'x', actualPurchasePrice: 1 })).statusCode,
    ).toBe(404);
    expect((await b.client.delete(`/api/binders/${a.binder.id}/cards/${a.grading.id}`)).statusCode).toBe(404);
    // B may not put A's card into B's own binder either.
    expect((await b.client.post(`/api/binders/${bBinder.id}/cards`, { userCardId: a.card.id })).statusCode).toBe(404);
    // Nor edit A's entry through B's binder id.
    expect(
      (await b.client.put(`/api/binders/${bBinder.id}/cards/${entry.id}`, { personalNotes: 'x', actualPurchasePrice: 1 })).statusCode,
    ).toBe(404);
    expect(json<TBinderDetailResponse>(await a.client.get(`/api/binders/${a.binder.id}`)).cards).toHaveLength(1);
  });

  it('a public binder is readable by anyone with the link, without the private notes, and stays owner-only for changes', async () => {
    const a = await ownerWithGradedCard();
    await a.client.post(`/api/binders/${a.binder.id}/cards`, { userCardId: a.card.id });
    const entry = json<TBinderDetailResponse>(await a.client.get(`/api/binders/${a.binder.id}`)).cards[0];
    await a.client.put(`/api/binders/${a.binder.id}/cards/${entry.id}`, { personalNotes: 'private', actualPurchasePrice: 10 });
    await a.client.request('PATCH', `/api/binders/${a.binder.id}`, { isPublic: true });

    const anonymous = json<TBinderDetailResponse>(await new TestClient(ctx.app).get(`/api/binders/${a.binder.id}`));
    expect(anonymous.binder).toMatchObject({ isPublic: true, isOwner: false });
    expect(anonymous.cards[0]).toMatchObject({ personalNotes: null, actualPurchasePrice: null });
    const b = await signedInClient(ctx);
    expect((await b.client.request('PATCH', `/api/binders/${a.binder.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await b.client.delete(`/api/binders/${a.binder.id}/cards/${a.grading.id}`)).statusCode).toBe(403);
  });
});

describe('binders follow the newest grading', () => {
  it('shows a card with its new measured grading once the engine completes it, and still removes it by the old id', async () => {
    const { client, card, grading, binder } = await ownerWithGradedCard();
    await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
    // What the worker does in the transaction that completes a re-grade.
    const regrade = await buildGrading(ctx.database.db, card, { psaGrade: 7, completedAt: new Date(Date.now() + 1000) });
    await showNewGradingInBinders(ctx.database.db, card.id, regrade.id);
    const entry = json<TBinderDetailResponse>(await client.get(`/api/binders/${binder.id}`)).cards[0];
    expect(entry).toMatchObject({ submissionId: regrade.id, submission: { gradingId: regrade.gradingId, psaGrade: 7 } });
    // A binder page opened before the re-grade still holds the old submissionId: Remove must work.
    expect((await client.delete(`/api/binders/${binder.id}/cards/${grading.id}`)).statusCode).toBe(200);
    expect(json<TBinderDetailResponse>(await client.get(`/api/binders/${binder.id}`)).cards).toEqual([]);
    expect((await client.delete(`/api/binders/${binder.id}/cards/${regrade.id}`)).statusCode).toBe(404);
  });

  it('keeps showing the measured grading after a manual grading, and takes no card graded only by hand', async () => {
    const { client, card, grading, binder } = await ownerWithGradedCard();
    await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
    const manual = await client.post(`/api/user-cards/${card.id}/manual-grading`, {
      corners: 10,
      edges: 10,
      surface: 10,
      frontCentering: 50,
      backCentering: 50,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const entry = json<TBinderDetailResponse>(await client.get(`/api/binders/${binder.id}`)).cards[0];
    expect(entry).toMatchObject({ submissionId: grading.id, submission: { gradingId: grading.gradingId, psaGrade: 9 } });

    // Added after the manual grading: the binder still takes the measured one.
    const other = json<TBinder>(await client.post('/api/binders', { name: 'Showcase' }));
    expect((await client.post(`/api/binders/${other.id}/cards`, { userCardId: card.id })).statusCode).toBe(201);
    expect(json<TBinderDetailResponse>(await client.get(`/api/binders/${other.id}`)).cards[0].submissionId).toBe(grading.id);

    const handOnly = await buildUserCard(ctx.database.db, card.userId);
    expect(
      (
        await client.post(`/api/user-cards/${handOnly.id}/manual-grading`, {
          corners: 10,
          edges: 10,
          surface: 10,
          frontCentering: 50,
          backCentering: 50,
        })
      ).statusCode,
    ).toBe(201);
    const refused = await client.post(`/api/binders/${other.id}/cards`, { userCardId: handOnly.id });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(BINDER_NEEDS_MEASURED_GRADING);
  });
});

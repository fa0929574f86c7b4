/** Binder pages (issue 15): the owner's card order, and a cover card that is always one of the binder's cards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BINDER_COVER_NOT_IN_BINDER,
  BINDER_ORDER_MISMATCH,
  ZBinderDetailResponse,
  type TBinder,
  type TBinderDetailResponse,
  type TBinderSummary,
} from '@contract/binders';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';
import { userCards } from '../db/schema';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

/** A private binder holding `n` graded cards, added one after the other (so newest first until reordered). */
async function binderWithCards(n: number) {
  const owner = await signedInClient(ctx);
  const binder = json<TBinder>(await owner.client.post('/api/binders', { name: 'Pages' }));
  const cards: string[] = [];
  for (let i = 0; i < n; i++) {
    const card = await buildUserCard(ctx.database.db, owner.user.id, { cardName: `Card ${i}`, cardNumber: String(i) });
    await buildGrading(ctx.database.db, card);
    expect((await owner.client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id })).statusCode).toBe(201);
    cards.push(card.id);
  }
  return { ...owner, binder, cards };
}

const detailOf = async (client: TestClient, id: string) => json<TBinderDetailResponse>(await client.get(`/api/binders/${id}`));
const orderOf = async (client: TestClient, id: string) => (await detailOf(client, id)).cards.map((c) => c.userCard.id);

describe('binder order', () => {
  it('keeps the order the owner sets; a card added afterwards takes the next pocket', async () => {
    const { client, binder, cards, user } = await binderWithCards(4);
    // Never reordered: newest first, as before positions existed.
    expect(await orderOf(client, binder.id)).toEqual([...cards].reverse());

    const wanted = [cards[2], cards[0], cards[3], cards[1]];
    const res = await client.put(`/api/binders/${binder.id}/order`, { userCardIds: wanted });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Binder order saved.');
    expect(await orderOf(client, binder.id)).toEqual(wanted);

    const late = await buildUserCard(ctx.database.db, user.id, { cardName: 'Late' });
    await buildGrading(ctx.database.db, late);
    await client.post(`/api/binders/${binder.id}/cards`, { userCardId: late.id });
    expect(await orderOf(client, binder.id)).toEqual([...wanted, late.id]);
    // The document still is the contract exactly.
    const detail = await detailOf(client, binder.id);
    expect(ZBinderDetailResponse.parse(detail)).toEqual(detail);
  });

  it('a reorder changes the ETag, so a client holding the old order gets the new one', async () => {
    const { client, binder, cards } = await binderWithCards(2);
    const before = await client.get(`/api/binders/${binder.id}`);
    await client.put(`/api/binders/${binder.id}/order`, { userCardIds: [cards[0], cards[1]] });
    const after = await client.request('GET', `/api/binders/${binder.id}`, undefined, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('refuses an order that is not exactly the binder’s cards, with a clear message, and changes nothing', async () => {
    const { client, binder, cards } = await binderWithCards(3);
    const stranger = await buildUserCard(ctx.database.db, (await signedInClient(ctx)).user.id);
    const bad = [
      [cards[0], cards[1]], // one missing
      [cards[0], cards[1], cards[2], cards[2]], // one twice
      [cards[0], cards[1], stranger.id], // someone else's card instead
      [],
    ];
    const original = await orderOf(client, binder.id);
    for (const userCardIds of bad) {
      const res = await client.put(`/api/binders/${binder.id}/order`, { userCardIds });
      expect([userCardIds.length, res.statusCode]).toEqual([userCardIds.length, 400]);
      expect(json(res)).toMatchObject({ message: BINDER_ORDER_MISMATCH, field: 'userCardIds' });
    }
    const notIds = await client.put(`/api/binders/${binder.id}/order`, { userCardIds: ['nope'] });
    expect(notIds.statusCode).toBe(400);
    expect(await orderOf(client, binder.id)).toEqual(original);
  });

  it("another user's binder answers 404 and keeps its order", async () => {
    const a = await binderWithCards(2);
    const b = await signedInClient(ctx);
    const res = await b.client.put(`/api/binders/${a.binder.id}/order`, { userCardIds: [a.cards[0], a.cards[1]] });
    expect(res.statusCode).toBe(404);
    expect(await orderOf(a.client, a.binder.id)).toEqual([a.cards[1], a.cards[0]]);
    // Signed out: no session at all.
    expect((await new TestClient(ctx.app).put(`/api/binders/${a.binder.id}/order`, { userCardIds: a.cards })).statusCode).toBe(401);
  });
});

describe('binder cover', () => {
  it('is the first card until the owner picks one of the binder’s cards; shown on the list too', async () => {
    const { client, binder, cards } = await binderWithCards(3);
    let detail = await detailOf(client, binder.id);
    expect(detail.binder).toMatchObject({ coverUserCardId: null, coverImageUrl: detail.cards[0].userCard.frontImageUrl });

    const picked = json<TBinder>(await client.request('PATCH', `/api/binders/${binder.id}`, { coverUserCardId: cards[0] }));
    expect(picked.coverUserCardId).toBe(cards[0]);
    detail = await detailOf(client, binder.id);
    const coverEntry = detail.cards.find((c) => c.userCard.id === cards[0])!;
    expect(detail.binder).toMatchObject({ coverUserCardId: cards[0], coverImageUrl: coverEntry.userCard.frontImageUrl });
    const listed = json<TBinderSummary[]>(await client.get('/api/binders')).find((b) => b.id === binder.id)!;
    expect(listed).toMatchObject({ coverUserCardId: cards[0], coverImageUrl: coverEntry.userCard.frontImageUrl, cardCount: 3 });
  });

  it('must be a card in that binder', async () => {
    const { client, binder, user } = await binderWithCards(1);
    const outside = await buildUserCard(ctx.database.db, user.id);
    const res = await client.request('PATCH', `/api/binders/${binder.id}`, { coverUserCardId: outside.id, name: 'Renamed' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: BINDER_COVER_NOT_IN_BINDER, field: 'coverUserCardId' });
    // Nothing of the refused change was written.
    expect((await detailOf(client, binder.id)).binder).toMatchObject({ name: 'Pages', coverUserCardId: null });
  });

  it('is cleared when its card leaves the binder, and when the card is deleted', async () => {
    const { client, binder, cards } = await binderWithCards(3);
    await client.request('PATCH', `/api/binders/${binder.id}`, { coverUserCardId: cards[1] });
    const entry = (await detailOf(client, binder.id)).cards.find((c) => c.userCard.id === cards[1])!;
    expect((await client.delete(`/api/binders/${binder.id}/cards/${entry.submissionId}`)).statusCode).toBe(200);
    let detail = await detailOf(client, binder.id);
    expect(detail.binder.coverUserCardId).toBeNull();
    expect(detail.binder.coverImageUrl).toBe(detail.cards[0].userCard.frontImageUrl);
    // Put back, the card is not the cover again by itself.
    await client.post(`/api/binders/${binder.id}/cards`, { userCardId: cards[1] });
    expect((await detailOf(client, binder.id)).binder.coverUserCardId).toBeNull();

    await client.request('PATCH', `/api/binders/${binder.id}`, { coverUserCardId: cards[2] });
    await ctx.database.db.delete(userCards).where(eq(userCards.id, cards[2]));
    detail = await detailOf(client, binder.id);
    expect(detail.binder.coverUserCardId).toBeNull();
    expect(detail.cards).toHaveLength(2);
    // A null cover is "the first card" again.
    expect((await client.request('PATCH', `/api/binders/${binder.id}`, { coverUserCardId: null })).statusCode).toBe(200);
  });
});

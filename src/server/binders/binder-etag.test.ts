import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZBinderDetailResponse, type TBinder, type TBinderDetailResponse } from '@contract/binders';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';
import { showNewGradingInBinders } from './follow-latest-grading';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

/** An owner with a binder holding one graded card (with notes), public or not. */
async function binderWithCard(isPublic = false) {
  const owner = await signedInClient(ctx);
  const card = await buildUserCard(ctx.database.db, owner.user.id, { personalNotes: 'from my uncle', purchasePriceCents: 4550 });
  const grading = await buildGrading(ctx.database.db, card);
  const binder = json<TBinder>(await owner.client.post('/api/binders', { name: 'Holos', isPublic }));
  expect((await owner.client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id })).statusCode).toBe(201);
  return { ...owner, card, grading, binder, url: `/api/binders/${binder.id}` };
}

const get = (client: TestClient, url: string, headers: Record<string, string> = {}) => client.request('GET', url, undefined, headers);

describe('GET /api/binders/{id}: versions, 304 and compression', () => {
  it('answers a repeat fetch with If-None-Match by 304 with no body', async () => {
    const { client, url } = await binderWithCard();
    const first = await get(client, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/"\d+o"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Accept-Encoding');
    const again = await get(client, url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);
    // A list of tags works too; an unknown one does not match.
    expect((await get(client, url, { 'if-none-match': `W/"1v", ${first.headers.etag}` })).statusCode).toBe(304);
    expect((await get(client, url, { 'if-none-match': 'W/"999999o"' })).statusCode).toBe(200);
  });

  it('builds the document only when neither the client nor the cache holds its version', async () => {
    const { client, url } = await binderWithCard();
    const statements: string[] = [];
    const log = ctx.database.db as unknown as { execute: (q: unknown) => Promise<unknown> };
    const execute = log.execute.bind(log);
    // Which statements run, by whether they build JSON (the session check does not go through execute).
    log.execute = (q: unknown) => {
      const text = JSON.stringify(q);
      statements.push(text.includes('json_build_object') ? 'document' : 'version');
      return execute(q);
    };
    try {
      const first = await get(client, url);
      expect(statements).toEqual(['version', 'document']);
      statements.length = 0;
      await get(client, url, { 'accept-encoding': 'gzip' });
      await get(client, url, { 'if-none-match': first.headers.etag as string });
      expect(statements).toEqual(['version', 'version']);
    } finally {
      log.execute = execute;
    }
  });

  it('checks access before any 304: a private binder stays 404 for others whatever tag they send', async () => {
    const { client, url } = await binderWithCard(false);
    const etag = (await get(client, url)).headers.etag as string;
    const other = await signedInClient(ctx);
    const signedOut = new TestClient(ctx.app);
    for (const c of [other.client, signedOut]) {
      expect((await get(c, url, { 'if-none-match': etag })).statusCode).toBe(404);
      expect((await get(c, url, { 'if-none-match': etag.replace('o"', 'v"') })).statusCode).toBe(404);
    }
  });

  it("never serves the owner's cached document (notes, price) to anyone else", async () => {
    const { client, url } = await binderWithCard(true);
    const mine = json<TBinderDetailResponse>(await get(client, url));
    expect(mine.cards[0]).toMatchObject({ personalNotes: 'from my uncle', actualPurchasePrice: '45.50' });
    const ownerTag = (await get(client, url)).headers.etag as string;
    for (const c of [(await signedInClient(ctx)).client, new TestClient(ctx.app)]) {
      const res = await get(c, url, { 'if-none-match': ownerTag });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(ownerTag.replace('o"', 'v"'));
      const theirs = json<TBinderDetailResponse>(res);
      expect(theirs.binder.isOwner).toBe(false);
      expect(theirs.cards[0]).toMatchObject({ personalNotes: null, actualPurchasePrice: null });
    }
  });

  it('sends br or gzip as the client accepts, each decompressing to the plain body, which matches the contract', async () => {
    const { client, user, binder, url } = await binderWithCard(true);
    for (let i = 0; i < 12; i++) {
      const card = await buildUserCard(ctx.database.db, user.id, { cardName: `Card ${i}` });
      await buildGrading(ctx.database.db, card);
      await client.post(`/api/binders/${binder.id}/cards`, { userCardId: card.id });
    }
    const plain = await get(client, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = plain.rawPayload;
    expect(body.length).toBeGreaterThan(1024);
    const detail = JSON.parse(body.toString('utf8')) as TBinderDetailResponse;
    expect(ZBinderDetailResponse.parse(detail)).toEqual(detail);
    expect(detail.cards).toHaveLength(13);

    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
      ['deflate', undefined],
    ];
    for (const [accept, expected] of cases) {
      for (let round = 0; round < 2; round++) {
        // The second round is served from the cache's compressed bytes.
        const res = await get(client, url, { 'accept-encoding': accept });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(expected);
        const raw = res.rawPayload;
        const decoded = expected === 'br' ? zlib.brotliDecompressSync(raw) : expected === 'gzip' ? zlib.gunzipSync(raw) : raw;
        expect(decoded.equals(body)).toBe(true);
        if (expected) expect(raw.length).toBeLessThan(body.length / 3);
      }
    }
  });

  it('leaves a small document uncompressed', async () => {
    const owner = await signedInClient(ctx);
    const binder = json<TBinder>(await owner.client.post('/api/binders', { name: 'Empty' }));
    const res = await get(owner.client, `/api/binders/${binder.id}`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(json<TBinderDetailResponse>(res).cards).toEqual([]);
  });
});

describe('the version changes with every write that changes the document', () => {
  /** Runs `change`, then checks both the document and its ETag changed (and a 304 is no longer given). */
  async function expectNewVersion(client: TestClient, url: string, change: () => Promise<unknown>, label: string) {
    const before = await get(client, url);
    await change();
    const after = await get(client, url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode, label).toBe(200);
    expect(after.headers.etag, label).not.toBe(before.headers.etag);
    expect(after.body, label).not.toBe(before.body);
  }

  it('through the API: binder fields, entries, notes and price, a card removed', async () => {
    const { client, user, card, url } = await binderWithCard();
    const entryId = json<TBinderDetailResponse>(await get(client, url)).cards[0].id;
    const other = await buildUserCard(ctx.database.db, user.id, { cardName: 'Blastoise' });
    const otherGrading = await buildGrading(ctx.database.db, other);
    const writes: [string, () => Promise<unknown>][] = [
      ['rename', () => client.request('PATCH', url, { name: 'Renamed' })],
      ['description', () => client.request('PATCH', url, { description: 'Base set, unlimited' })],
      ['share', () => client.request('PATCH', url, { isPublic: true })],
      ['entry notes', () => client.put(`${url}/cards/${entryId}`, { personalNotes: 'signed', actualPurchasePrice: 45.5 })],
      ['entry price', () => client.put(`${url}/cards/${entryId}`, { personalNotes: 'signed', actualPurchasePrice: 60 })],
      ['card notes from the profile', () => client.request('PATCH', `/api/user-cards/${card.id}`, { personalNotes: 'mint' })],
      ['add a card', () => client.post(`${url}/cards`, { userCardId: other.id })],
      ['remove an entry', () => client.delete(`${url}/cards/${otherGrading.id}`)],
      ['delete the card', () => client.delete(`/api/user-cards/${card.id}`)],
    ];
    for (const [label, change] of writes) {
      await expectNewVersion(
        client,
        url,
        async () => expect(((await change()) as { statusCode: number }).statusCode, label).toBeLessThan(300),
        label,
      );
    }
  });

  it('through the database: a new grading shown, grading values, card fields, the owner renamed', async () => {
    const { client, user, card, grading, url } = await binderWithCard(true);
    const db = ctx.database.db;
    const writes: [string, () => Promise<unknown>][] = [
      ['re-graded', async () => showNewGradingInBinders(db, card.id, (await buildGrading(db, card, { psaGrade: 10 })).id)],
      ['grading value', () => db.execute(sql`update gradings set psa_estimated_value = 999.99 where user_card_id = ${card.id}`)],
      ['grading grade', () => db.execute(sql`update gradings set cgc_grade = 7 where user_card_id = ${card.id}`)],
      ['card name', () => db.execute(sql`update user_cards set card_name = 'Charizard (shadowless)' where id = ${card.id}`)],
      ['card rarity', () => db.execute(sql`update user_cards set rarity = 'Rare Holo 1st Edition' where id = ${card.id}`)],
      ['owner username', () => db.execute(sql`update users set username = ${`renamed_${user.id.slice(0, 8)}`} where id = ${user.id}`)],
    ];
    for (const [label, change] of writes) await expectNewVersion(client, url, change, label);
    expect(grading.id).toBeTruthy();
  });

  it('keeps the version through writes the document does not show', async () => {
    const { client, user, url } = await binderWithCard();
    const etag = (await get(client, url)).headers.etag as string;
    // Credits granted as the app grants them: balance and ledger line together (the suite checks they agree).
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set credits = credits + 5 where id = ${user.id}`);
      await tx.execute(sql`insert into credit_ledger (user_id, delta, reason) values (${user.id}, 5, 'admin')`);
    });
    await client.put('/api/auth/profile', { firstName: 'Ash', lastName: 'Ketchum', email: user.email });
    const unrelated = await buildUserCard(ctx.database.db, user.id);
    await buildGrading(ctx.database.db, unrelated);
    const otherBinder = json<TBinder>(await client.post('/api/binders', { name: 'Other' }));
    await client.post(`/api/binders/${otherBinder.id}/cards`, { userCardId: unrelated.id });
    expect((await get(client, url, { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

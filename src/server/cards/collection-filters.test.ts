import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiError } from '@contract/common';
import type { TCollectionFacetsResponse, TUserCard } from '@contract/user-cards';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';

let ctx: TestContext;
let a: TestClient;
let b: TestClient;
/** User A's cards by short name, created one day apart in this order (c1 oldest). */
const ids: Record<string, string> = {};
const names = new Map<string, string>();

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
  const db = ctx.database.db;
  const userA = await signedInClient(ctx);
  const userB = await signedInClient(ctx);
  a = userA.client;
  b = userB.client;

  const card = async (key: string, n: number, over: Parameters<typeof buildUserCard>[2]) => {
    const c = await buildUserCard(db, userA.user.id, { cardId: null, createdAt: day(n), ...over });
    ids[key] = c.id;
    names.set(c.id, key);
    return c;
  };
  const c1 = await card('c1', 1, { cardName: 'Charizard', cardSet: 'Base', cardNumber: '4', rarity: 'Rare Holo' });
  await buildGrading(db, c1, {
    recommendedPlatform: 'PSA',
    psaGrade: 9,
    psaEstimatedValue: '120.00',
    createdAt: day(2),
    completedAt: day(2),
  });
  const c2 = await card('c2', 2, { cardName: 'Blastoise', cardSet: 'Base', cardNumber: '2', rarity: 'Rare Holo' });
  // An older completed grading, superseded by the latest one.
  await buildGrading(db, c2, {
    recommendedPlatform: 'PSA',
    psaGrade: 5,
    psaEstimatedValue: '20.00',
    createdAt: day(3),
    completedAt: day(3),
  });
  await buildGrading(db, c2, {
    recommendedPlatform: 'BGS',
    bgsGrade: 9.5,
    bgsEstimatedValue: '300.00',
    psaGrade: 9,
    psaEstimatedValue: '1.00',
    createdAt: day(4),
    completedAt: day(4),
  });
  const c3 = await card('c3', 3, { cardName: 'Pikachu', cardSet: 'Jungle', cardNumber: '60', rarity: 'Common' });
  await buildGrading(db, c3, {
    recommendedPlatform: 'CGC',
    cgcGrade: 7,
    cgcEstimatedValue: '15.00',
    psaGrade: 10,
    createdAt: day(4),
    completedAt: day(4),
  });
  const c4 = await card('c4', 4, { cardName: 'Scyther', cardSet: 'Jungle', cardNumber: '10', rarity: 'Rare' });
  // "other" shows as PSA (spec §3), so it filters and sorts as PSA.
  await buildGrading(db, c4, {
    recommendedPlatform: 'other',
    psaGrade: 6,
    psaEstimatedValue: '40.00',
    bgsGrade: 10,
    createdAt: day(5),
    completedAt: day(5),
  });
  await card('c5', 5, { cardName: 'Mew', cardSet: 'Wizards Black Star Promos', cardNumber: '8', rarity: null });
  const c6 = await card('c6', 6, { cardName: 'Dratini', cardSet: 'Base', cardNumber: '26', rarity: 'Uncommon' });
  await buildGrading(db, c6, {
    status: 'processing',
    progress: 40,
    psaGrade: null,
    bgsGrade: null,
    cgcGrade: null,
    recommendedPlatform: null,
    completedAt: null,
    createdAt: day(7),
  });
  const c7 = await card('c7', 7, { cardName: 'Onix', cardSet: 'Base', cardNumber: '56', rarity: 'Common' });
  await buildGrading(db, c7, {
    status: 'failed',
    psaGrade: null,
    psaEstimatedValue: '999.00',
    recommendedPlatform: null,
    completedAt: null,
    createdAt: day(8),
  });
  const c8 = await card('c8', 8, { cardName: 'Gengar', cardSet: 'Fossil', cardNumber: '5', rarity: 'Rare Holo' });
  await buildGrading(db, c8, {
    recommendedPlatform: 'PSA',
    psaGrade: 8,
    psaEstimatedValue: '80.00',
    createdAt: day(9),
    completedAt: day(9),
  });
  // A re-grade in progress: the card shows its progress, and keeps its grade for grade/value filters.
  await buildGrading(db, c8, {
    status: 'pending',
    progress: 0,
    psaGrade: null,
    psaEstimatedValue: null,
    recommendedPlatform: null,
    completedAt: null,
    createdAt: day(10),
  });

  // User B: a better Charizard in the same set, which must never show up for A.
  const other = await buildUserCard(db, userB.user.id, {
    cardName: 'Charizard',
    cardSet: 'Base',
    cardNumber: '4',
    rarity: 'Rare Holo',
    createdAt: day(20),
  });
  await buildGrading(db, other, { psaGrade: 10, psaEstimatedValue: '9999.00' });
  await buildUserCard(db, userB.user.id, {
    cardName: 'Lugia',
    cardSet: 'Neo Genesis',
    cardNumber: '9',
    rarity: 'Holo Rare',
    createdAt: day(21),
  });
});
afterAll(() => ctx.close());

/** The short names of A's cards the query returns, in order. */
async function list(query = '', client = a): Promise<string[]> {
  const res = await client.get(`/api/user-cards${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<TUserCard[]>(res).map((c) => names.get(c.id) ?? `other:${c.cardName}`);
}

describe('GET /api/user-cards without a query', () => {
  it('returns the whole collection newest first, in the card shape (plus the printing and copies of issue 15)', async () => {
    expect(await list()).toEqual(['c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'c2', 'c1']);
    const cards = json<TUserCard[]>(await a.get('/api/user-cards'));
    const byId = new Map(cards.map((c) => [c.id, c]));
    // The latest grading of any status is what a card shows.
    expect(byId.get(ids.c8)!.latestGrading).toMatchObject({ status: 'pending', progress: 0, estimatedValue: null });
    expect(byId.get(ids.c2)!.latestGrading).toMatchObject({
      status: 'completed',
      recommendedPlatform: 'BGS',
      bgsGrade: 9.5,
      estimatedValue: '300.00',
    });
    expect(byId.get(ids.c7)!.latestGrading).toMatchObject({ status: 'failed', estimatedValue: null });
    expect(byId.get(ids.c5)!).toMatchObject({ cardName: 'Mew', rarity: null, latestGrading: null, cardId: null });
    expect(Object.keys(byId.get(ids.c1)!).sort()).toEqual([
      'actualPurchasePrice',
      'backImageUrl',
      'cardId',
      'cardName',
      'cardNumber',
      'cardSet',
      'createdAt',
      'edition',
      'finish',
      'frontImageUrl',
      'id',
      'latestGrading',
      'personalNotes',
      'quantity',
      'rarity',
    ]);
  });
});

describe('filters', () => {
  it('q matches name, set and number, case-insensitive, every word somewhere', async () => {
    expect(await list('q=chari')).toEqual(['c1']);
    expect(await list('q=BASE')).toEqual(['c7', 'c6', 'c2', 'c1']);
    expect(await list('q=jungle%2060')).toEqual(['c3']);
    expect(await list('q=%234')).toEqual(['c1']); // "#4": the number
    expect(await list('q=promos')).toEqual(['c5']);
    expect(await list('q=%20%20')).toEqual(['c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'c2', 'c1']);
    expect(await list('q=zzz')).toEqual([]);
  });

  it('q takes LIKE wildcards literally', async () => {
    expect(await list('q=%25')).toEqual([]);
    expect(await list('q=_')).toEqual([]);
    expect(await list('q=%5C')).toEqual([]);
  });

  it('set and rarity match exact names; a repeated key matches any of them', async () => {
    expect(await list('set=Jungle')).toEqual(['c4', 'c3']);
    expect(await list('set=Jungle&set=Fossil')).toEqual(['c8', 'c4', 'c3']);
    expect(await list('set=Jung')).toEqual([]);
    expect(await list('set=Wizards%20Black%20Star%20Promos')).toEqual(['c5']);
    expect(await list('rarity=Rare%20Holo')).toEqual(['c8', 'c2', 'c1']);
    expect(await list('rarity=Common&rarity=Rare')).toEqual(['c7', 'c4', 'c3']);
    expect(await list('rarity=')).toHaveLength(8); // empty: no filter
  });

  it('gradeMin and gradeMax bound the displayed grade of the latest completed grading', async () => {
    expect(await list('gradeMin=9')).toEqual(['c2', 'c1']); // BGS 9.5 (not its old PSA 5), PSA 9
    expect(await list('gradeMax=7')).toEqual(['c4', 'c3']); // "other" → PSA 6; CGC 7 (not its PSA 10)
    expect(await list('gradeMin=7.5&gradeMax=9')).toEqual(['c8', 'c1']); // c8 keeps its grade while re-grading
    expect(await list('gradeMin=9.5&gradeMax=9.5')).toEqual(['c2']);
    expect(await list('gradeMin=1&gradeMax=10')).toEqual(['c8', 'c4', 'c3', 'c2', 'c1']); // ungraded cards never match
  });

  it('platform is the recommended platform of the latest completed grading, missing or other as PSA', async () => {
    expect(await list('platform=PSA')).toEqual(['c8', 'c4', 'c1']);
    expect(await list('platform=BGS')).toEqual(['c2']);
    expect(await list('platform=cgc')).toEqual(['c3']);
  });

  it('status splits the collection into graded, grading and ungraded', async () => {
    expect(await list('status=graded')).toEqual(['c4', 'c3', 'c2', 'c1']);
    expect(await list('status=grading')).toEqual(['c8', 'c6']);
    expect(await list('status=ungraded')).toEqual(['c7', 'c5']);
    expect(await list('status=all')).toHaveLength(8);
  });

  it('combines filters with AND', async () => {
    expect(await list('set=Base&status=graded&sort=value-asc')).toEqual(['c1', 'c2']);
    expect(await list('q=a&rarity=Rare%20Holo&gradeMin=8&platform=PSA')).toEqual(['c8', 'c1']);
    expect(await list('set=Base&set=Jungle&rarity=Common&status=ungraded')).toEqual(['c7']);
    expect(await list('set=Fossil&platform=BGS')).toEqual([]);
    expect(await list('q=charizard&gradeMin=10')).toEqual([]); // B's PSA 10 Charizard is not A's
  });
});

describe('sort', () => {
  const unrated = ['c7', 'c6', 'c5']; // no completed grading: last in either direction, newest first
  it.each([
    ['newest', ['c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'c2', 'c1']],
    ['oldest', ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8']],
    ['name', ['c2', 'c1', 'c6', 'c8', 'c5', 'c7', 'c3', 'c4']],
    ['value-desc', ['c2', 'c1', 'c8', 'c4', 'c3', ...unrated]],
    ['value-asc', ['c3', 'c4', 'c8', 'c1', 'c2', ...unrated]],
    ['grade-desc', ['c2', 'c1', 'c8', 'c3', 'c4', ...unrated]],
    ['grade-asc', ['c4', 'c3', 'c8', 'c1', 'c2', ...unrated]],
  ])('%s', async (sort, expected) => {
    expect(await list(`sort=${sort}`)).toEqual(expected);
  });

  it('name sort ignores letter case', async () => {
    const { client, user } = await signedInClient(ctx);
    for (const [i, cardName] of ['beedrill', 'Abra', 'Charmander', 'alakazam'].entries()) {
      await buildUserCard(ctx.database.db, user.id, { cardName, createdAt: day(i + 1) });
    }
    const cards = json<TUserCard[]>(await client.get('/api/user-cards?sort=name'));
    expect(cards.map((c) => c.cardName)).toEqual(['Abra', 'alakazam', 'beedrill', 'Charmander']);
  });
});

describe('GET /api/user-cards/facets', () => {
  it('counts sets, rarities, platforms and statuses of the caller’s cards only', async () => {
    const res = await a.get('/api/user-cards/facets');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<TCollectionFacetsResponse>(res)).toEqual({
      total: 8,
      sets: [
        { value: 'Base', count: 4 },
        { value: 'Fossil', count: 1 },
        { value: 'Jungle', count: 2 },
        { value: 'Wizards Black Star Promos', count: 1 },
      ],
      rarities: [
        { value: 'Common', count: 2 },
        { value: 'Rare', count: 1 },
        { value: 'Rare Holo', count: 3 },
        { value: 'Uncommon', count: 1 },
      ],
      platforms: [
        { value: 'PSA', count: 3 },
        { value: 'BGS', count: 1 },
        { value: 'CGC', count: 1 },
      ],
      statuses: { graded: 4, ungraded: 2, grading: 2 },
    });
  });

  it('is empty but complete for a new collector', async () => {
    const { client } = await signedInClient(ctx);
    expect(json<TCollectionFacetsResponse>(await client.get('/api/user-cards/facets'))).toEqual({
      total: 0,
      sets: [],
      rarities: [],
      platforms: [
        { value: 'PSA', count: 0 },
        { value: 'BGS', count: 0 },
        { value: 'CGC', count: 0 },
      ],
      statuses: { graded: 0, ungraded: 0, grading: 0 },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(ctx.app).get('/api/user-cards/facets')).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).get('/api/user-cards?set=Base')).statusCode).toBe(401);
  });
});

describe('scoping', () => {
  it('never returns another collector’s cards, whatever the filters', async () => {
    expect(await list('q=charizard')).toEqual(['c1']);
    expect(await list('q=lugia')).toEqual([]);
    expect(await list('set=Neo%20Genesis')).toEqual([]);
    expect(await list('sort=value-desc')).not.toContain('other:Charizard');
    expect(await list('', b)).toEqual(['other:Lugia', 'other:Charizard']);
    expect(await list('set=Base&status=graded', b)).toEqual(['other:Charizard']);
    expect(await list('set=Jungle', b)).toEqual([]);
    const facets = json<TCollectionFacetsResponse>(await b.get('/api/user-cards/facets'));
    expect(facets).toMatchObject({ total: 2, statuses: { graded: 1, ungraded: 1, grading: 0 } });
    expect(facets.sets).toEqual([
      { value: 'Base', count: 1 },
      { value: 'Neo Genesis', count: 1 },
    ]);
  });
});

describe('bad input', () => {
  it.each([
    ['gradeMin=0', 'gradeMin must be a grade from 1 to 10', 'gradeMin'],
    ['gradeMax=11', 'gradeMax must be a grade from 1 to 10', 'gradeMax'],
    ['gradeMin=abc', 'gradeMin must be a grade from 1 to 10', 'gradeMin'],
    ['gradeMin=9&gradeMax=8', 'The lowest grade (gradeMin) must not be above the highest grade (gradeMax)', 'gradeMin'],
    ['platform=Beckett', 'platform must be PSA, BGS or CGC', 'platform'],
    ['status=done', 'status must be one of all, graded, ungraded, grading', 'status'],
    ['sort=price', 'sort must be one of newest, oldest, name, value-desc, value-asc, grade-desc, grade-asc', 'sort'],
    [`q=${'x'.repeat(101)}`, 'Search is at most 100 characters', 'q'],
    ['q=a&q=b', 'Give one search text', 'q'],
    [
      `rarity=${Array.from({ length: 31 }, () => 'x').join('&rarity=')}`,
      'Give each rarity as its own parameter (at most 30, each at most 120 characters)',
      'rarity',
    ],
    [`set=${'x'.repeat(121)}`, 'Give each set as its own parameter (at most 30, each at most 120 characters)', 'set'],
  ])('%s → 400', async (query, message, field) => {
    const res = await a.get(`/api/user-cards?${query}`);
    expect(res.statusCode).toBe(400);
    expect(json<TApiError>(res)).toMatchObject({ message, field });
  });
});

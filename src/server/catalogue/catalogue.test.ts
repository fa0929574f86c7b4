import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import type { TCatalogueSearchResponse } from '@contract/catalogue';

let ctx: TestContext;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
  client = (await signedInClient(ctx)).client;
});
afterAll(() => ctx.close());

const search = async (q: string, extra = '') =>
  json<TCatalogueSearchResponse>(await client.get(`/api/catalogue/search?q=${encodeURIComponent(q)}${extra}`));

describe('catalogue search', () => {
  it('finds a card by name, and forgives a typo', async () => {
    expect((await search('Charizard')).cards[0].name).toMatch(/Charizard/);
    const typo = await search('charzard');
    expect(typo.cards.slice(0, 5).some((c) => c.name.startsWith('Charizard'))).toBe(true);
  });

  it('narrows by set name and number', async () => {
    const res = await search('charizard base 4');
    expect(res.cards[0]).toMatchObject({ id: 'base1-4', name: 'Charizard', setName: 'Base', number: '4' });
    const slash = await search('charizard 4/102');
    expect(slash.cards[0].id).toBe('base1-4');
  });

  it('filters by set and handles empty results', async () => {
    const res = await search('pikachu', '&setId=base1');
    expect(res.cards.every((c) => c.setId === 'base1')).toBe(true);
    expect(res.cards.length).toBeGreaterThan(0);
    expect((await search('zzqqxx')).total).toBe(0);
  });

  // Counts from the bundled snapshot: Flabébé is printed in 11 cards; 214 cards have a name word or a
  // set-name word starting with "pokemon" (Pokémon Catcher, Pokémon Center Lady, the Pokémon GO set…).
  it('matches accented names with or without their accents, with the snapshot’s counts', async () => {
    const accented = await search('Flabébé');
    expect(accented.total).toBe(11);
    expect(new Set(accented.cards.map((c) => c.name))).toEqual(new Set(['Flabébé']));
    const plain = await search('flabebe');
    expect(plain.cards.map((c) => c.id)).toEqual(accented.cards.map((c) => c.id));

    const pokemon = await search('Pokémon');
    expect(pokemon.total).toBe(214);
    expect(pokemon.cards[0].name).toMatch(/^Pokémon /);
    expect((await search('pokemon')).total).toBe(214);
  });

  // Issue 15: "Charizard" answered twelve modern cards and not the Base Set one.
  it('ranks the exact name first, its printings oldest set first, with set, year and number', async () => {
    const res = await search('Charizard', '&limit=12');
    expect(res.cards[0]).toMatchObject({ id: 'base1-4', name: 'Charizard', setName: 'Base', number: '4', releaseDate: '1999/01/09' });
    expect(res.cards.slice(0, 3).map((c) => c.id)).toEqual(['base1-4', 'base4-4', 'base6-3']);
    // The cards named exactly Charizard (δ and ★ are marks, not words) come before "Charizard ex", which
    // come before the names that only contain the word ("Dark Charizard"); each group oldest first.
    const all = await search('Charizard', '&limit=50&page=1');
    const group = (name: string) => {
      const bare = name.replace(/\s*[★δ]/g, '');
      return bare === 'Charizard' ? 0 : bare.startsWith('Charizard') ? 1 : 2;
    };
    const groups = all.cards.map((c) => group(c.name));
    expect(groups).toEqual([...groups].sort());
    expect(groups.filter((g) => g === 0)).toHaveLength(29);
    const exactDates = all.cards.filter((c) => group(c.name) === 0).map((c) => c.releaseDate);
    expect(exactDates).toEqual([...exactDates].sort());
  });

  it('ranks an exact name above names that start with it, and those above names that contain it', async () => {
    const res = await search('Mew', '&limit=50');
    const group = (name: string) => {
      const bare = name.replace(/\s*[★δ]/g, '');
      return bare === 'Mew' ? 0 : /^Mew\b/.test(bare) ? 1 : 2;
    };
    const groups = res.cards.map((c) => group(c.name));
    expect(groups).toEqual([...groups].sort());
    expect(groups[0]).toBe(0);
    expect(groups.at(-1)).toBe(2);
    expect((await search('Mewtwo')).cards[0].name).toBe('Mewtwo');
    // Half-typed: the names that begin so come first.
    expect((await search('chari')).cards[0].name).toMatch(/^Charizard/);
  });

  it('pages through every match with a stable total and no repeats', async () => {
    const first = await search('Charizard', '&limit=10&page=1');
    const second = await search('Charizard', '&limit=10&page=2');
    expect(first).toMatchObject({ page: 1, limit: 10 });
    expect(second.total).toBe(first.total);
    expect(first.total).toBeGreaterThan(90);
    expect(second.cards).toHaveLength(10);
    expect(new Set([...first.cards, ...second.cards].map((c) => c.id)).size).toBe(20);
    const last = await search('Charizard', `&limit=10&page=${Math.ceil(first.total / 10)}`);
    expect(last.cards.length).toBe(first.total % 10 || 10);
    expect((await search('Charizard', `&limit=10&page=${Math.ceil(first.total / 10) + 1}`)).cards).toEqual([]);
  });

  it('filters by set, and lists a whole set in number order without a query', async () => {
    const res = await search('Charizard', '&setId=base4');
    expect(res.cards.map((c) => c.id)).toEqual(['base4-4']);
    const set = json<TCatalogueSearchResponse>(await client.get('/api/catalogue/search?setId=base1&limit=50&page=3'));
    expect(set.total).toBe(102);
    expect(set.cards.map((c) => c.number)).toEqual(['101', '102']);
    const firstPage = json<TCatalogueSearchResponse>(await client.get('/api/catalogue/search?setId=base1&limit=5'));
    expect(firstPage.cards.map((c) => c.number)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('rejects an empty query with a readable 400 and needs a signed-in user', async () => {
    const res = await client.get('/api/catalogue/search?q=');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Type a card name, set or number');
    expect((await new TestClient(ctx.app).get('/api/catalogue/search?q=pika')).statusCode).toBe(401);
  });

  it('lists sets and reads one card', async () => {
    const sets = json<Array<{ id: string }>>(await client.get('/api/catalogue/sets'));
    expect(sets).toHaveLength(169);
    expect(json(await client.get('/api/catalogue/cards/base1-4')).name).toBe('Charizard');
    expect((await client.get('/api/catalogue/cards/nope-1')).statusCode).toBe(404);
  });
});

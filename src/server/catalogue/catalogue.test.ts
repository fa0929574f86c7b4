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

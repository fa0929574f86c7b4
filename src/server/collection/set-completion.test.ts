import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TSetCompletionResponse } from '@contract/set-completion';
import { createTestApp, json, signedInClient, TestClient, type TestContext } from '../test/app';
import { buildUserCard } from '../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

const owns = (userId: string, cardId: string | null, extra: object = {}) => buildUserCard(ctx.database.db, userId, { cardId, ...extra });

it('counts distinct catalogue cards per set out of the set’s catalogue cards, most complete first, per user', async () => {
  const { client, user } = await signedInClient(ctx);
  const other = await signedInClient(ctx);
  // Base (102 cards): Charizard twice (two copies, or a first edition and an unlimited: one card), Blastoise.
  await owns(user.id, 'base1-4');
  await owns(user.id, 'base1-4', { edition: 'first_edition', finish: 'holofoil' });
  await owns(user.id, 'base1-2');
  // Base Set 2 (130): one card. Southern Islands (18): three, so the smallest set is the most complete.
  await owns(user.id, 'base4-4');
  for (const id of ['si1-1', 'si1-2', 'si1-3']) await owns(user.id, id);
  // A card entered by hand belongs to no set of the catalogue.
  await owns(user.id, null, { cardName: 'Homemade', cardSet: 'Base' });
  // Someone else's cards never count.
  await owns(other.user.id, 'base1-1');
  await owns(other.user.id, 'base1-3');
  await owns(other.user.id, 'neo1-1');

  const res = await client.get('/api/collection/set-completion');
  expect(res.statusCode).toBe(200);
  expect(json<TSetCompletionResponse>(res)).toEqual([
    { setId: 'si1', setName: 'Southern Islands', series: 'Other', releaseDate: '2001/07/31', owned: 3, total: 18, percent: 16 },
    { setId: 'base1', setName: 'Base', series: 'Base', releaseDate: '1999/01/09', owned: 2, total: 102, percent: 1 },
    { setId: 'base4', setName: 'Base Set 2', series: 'Base', releaseDate: '2000/02/24', owned: 1, total: 130, percent: 0 },
  ]);
  const theirs = json<TSetCompletionResponse>(await other.client.get('/api/collection/set-completion'));
  expect(theirs.map((s) => [s.setId, s.owned])).toEqual([
    ['base1', 2],
    ['neo1', 1],
  ]);
});

it('is empty for a new collector and needs a signed-in user', async () => {
  const { client } = await signedInClient(ctx);
  expect(json(await client.get('/api/collection/set-completion'))).toEqual([]);
  expect((await new TestClient(ctx.app).get('/api/collection/set-completion')).statusCode).toBe(401);
});

it('reads 100% for a set owned whole, even where the catalogue holds more cards than the set announces', async () => {
  const { client, user } = await signedInClient(ctx);
  // Scarlet & Violet Energies announce 8 cards; the catalogue holds 16.
  for (let n = 1; n <= 16; n++) await owns(user.id, `sve-${n}`);
  const [sve] = json<TSetCompletionResponse>(await client.get('/api/collection/set-completion'));
  expect(sve).toMatchObject({ setId: 'sve', owned: 16, total: 16, percent: 100 });
});

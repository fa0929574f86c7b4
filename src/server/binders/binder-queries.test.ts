import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TBinder } from '@contract/binders';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';
import { buildGrading, buildUserCard } from '../test/factories';
import { binderCards } from '../db/schema';

let ctx: TestContext;
let queries = 0;
beforeAll(async () => {
  // The session lookup is left out: its one-second cache may expire between requests on a slow machine.
  ctx = await createTestApp({ RATE_LIMIT: 'false' }, (text) => void (/\bsessions\b/.test(text) || queries++));
});
afterAll(() => ctx.close());

async function binderWith(n: number) {
  const owner = await signedInClient(ctx);
  const binder = json<TBinder>(await owner.client.post('/api/binders', { name: `${n} cards` }));
  for (let i = 0; i < n; i++) {
    const card = await buildUserCard(ctx.database.db, owner.user.id, { cardName: `Card ${i}` });
    const grading = await buildGrading(ctx.database.db, card);
    await ctx.database.db.insert(binderCards).values({ binderId: binder.id, userCardId: card.id, submissionId: grading.id });
  }
  return { ...owner, binder };
}

it('reads a binder in a fixed number of SQL statements whether it holds 2 cards or 40', async () => {
  const counts: number[] = [];
  const repeats: number[] = [];
  for (const n of [2, 40]) {
    const { client, binder } = await binderWith(n);
    await client.get('/api/auth/user'); // warm the session cache: count the binder's own queries
    queries = 0;
    const res = await client.get(`/api/binders/${binder.id}`);
    expect(json<{ cards: unknown[] }>(res).cards).toHaveLength(n);
    counts.push(queries);
    queries = 0;
    await client.get(`/api/binders/${binder.id}`);
    repeats.push(queries);
  }
  // The version (and access) check, then the one statement that builds the whole document; a repeat
  // finds that version in the cache and needs the check only.
  expect(counts).toEqual([2, 2]);
  expect(repeats).toEqual([1, 1]);
});

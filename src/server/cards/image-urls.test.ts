import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../test/app';
import { userCardImageUrl, userCardImageUrlSql } from './image-urls';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => ctx.close());

it('builds the same photo URL in SQL as in TypeScript, for every kind of key the app stores', async () => {
  const id = '0b8f2a6e-1c1d-4a59-9d3f-5a1f0e7c2b11';
  const keys = [
    `${id}/front.jpg`,
    `${id}/back.jpg`,
    `${id}/fronttopleft.jpg`,
    `${id}/detail-3.jpg`,
    `${id}/front.webp`,
    'front.jpg',
    `${id}/3f2a9c1d/front.jpg`,
    `${id}/3f2a9c1d/detail-2.jpg`,
    null,
  ];
  for (const key of keys) {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
    const result = (await ctx.database.db.execute(
      sql`select ${userCardImageUrlSql(sql`${id}::uuid`, sql`${key}::text`)} as url`,
    )) as unknown as { rows: { url: string | null }[] };
    expect([key, result.rows[0].url]).toEqual([key, userCardImageUrl(id, key ?? undefined)]);
  }
});

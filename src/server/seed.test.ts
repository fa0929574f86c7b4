import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { cardSets, cards, users } from './db/schema';
import { DEMO_ACCOUNTS, seedCatalogue, seedDemoAccounts } from './seed';
import { openTestDatabase } from './test/db';
import { verifyPassword } from './auth/password';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('holds the whole bundled catalogue, quirks included, and does not load it twice', async () => {
  const [{ sets }] = await database.db.select({ sets: sql<number>`count(*)::int` }).from(cardSets);
  const [{ total }] = await database.db.select({ total: sql<number>`count(*)::int` }).from(cards);
  expect(sets).toBe(169);
  expect(total).toBe(19_653);
  const [{ noRarity }] = await database.db
    .select({ noRarity: sql<number>`count(*)::int` })
    .from(cards)
    .where(isNull(cards.rarity));
  expect(noRarity).toBe(295);
  const [charizard] = await database.db.select().from(cards).where(eq(cards.id, 'base1-4'));
  expect(charizard).toMatchObject({ name: 'Charizard', number: '4', rarity: 'Rare Holo', setId: 'base1' });
  expect(await seedCatalogue(database.db)).toBeNull();
});

it.skipIf(!!process.env.DATABASE_URL)('creates the four demo accounts once with a generated password', async () => {
  const first = await seedDemoAccounts(database.db, undefined);
  expect(first.created.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
  expect(first.generatedPassword).toMatch(/^[\w-]{12}$/);
  const again = await seedDemoAccounts(database.db, undefined);
  expect(again).toEqual({ created: [], generatedPassword: undefined });

  const rows = await database.db
    .select()
    .from(users)
    .where(sql`${users.email} like '%@demo.gradevault.local'`);
  const byName = Object.fromEntries(rows.map((u) => [u.username, u]));
  expect(byName.superadmin).toMatchObject({ role: 'super_admin' });
  expect(byName.admin).toMatchObject({ role: 'admin' });
  expect(byName.collector).toMatchObject({ role: 'user', accountType: 'starter', credits: 10 });
  expect(byName.pro).toMatchObject({ role: 'user', accountType: 'pro' });
  expect(await verifyPassword(byName.collector.passwordHash, first.generatedPassword!)).toBe(true);

  // DEMO_PASSWORD given later: the existing demo accounts take it.
  await seedDemoAccounts(database.db, 'chosen-demo-password');
  const [collector] = await database.db.select().from(users).where(eq(users.username, 'collector'));
  expect(await verifyPassword(collector.passwordHash, 'chosen-demo-password')).toBe(true);
});

it.skipIf(!!process.env.DATABASE_URL)(
  'gives the demo accounts their starting credits with a ledger line, and repairs demo rows made without one',
  async () => {
    const { usersOffLedger } = await import('./db/credit-ledger');
    const { creditLedger } = await import('./db/schema');
    const demo = sql`u.email like '%@demo.gradevault.local'`;
    await seedDemoAccounts(database.db, 'demo-password-1');
    expect(await usersOffLedger(database.db, demo)).toEqual([]);
    const [collector] = await database.db.select().from(users).where(eq(users.username, 'collector'));
    const lines = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, collector.id));
    expect(lines.map((l) => [l.delta, l.reason])).toEqual([[10, 'signup']]);

    // A demo account from an older version: 10 credits and no line, then 3 spent (3 lines of −1).
    await database.db.delete(creditLedger).where(eq(creditLedger.userId, collector.id));
    await database.db.update(users).set({ credits: 7 }).where(eq(users.id, collector.id));
    await database.db
      .insert(creditLedger)
      .values([-1, -1, -1].map((delta) => ({ userId: collector.id, delta, reason: 'grading' as const })));
    expect(await usersOffLedger(database.db, demo)).toMatchObject([{ username: 'collector', credits: 7, ledger: -3 }]);
    await seedDemoAccounts(database.db, undefined);
    expect(await usersOffLedger(database.db, demo)).toEqual([]);
    await seedDemoAccounts(database.db, undefined);
    const after = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, collector.id));
    expect(after.reduce((s, l) => s + l.delta, 0)).toBe(7);
    expect(after).toHaveLength(4);
  },
);

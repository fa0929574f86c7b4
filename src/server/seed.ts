import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './db/client';
import { LOCK_SEED } from './db/client';
import { cardSets, cards, users } from './db/schema';
import { cardRow, setRow } from './catalogue/rows';
import { loadSnapshotCards, loadSnapshotSets } from './catalogue/snapshot';
import { hashPassword } from './auth/password';
import { writeMissingLedgerLines } from './db/credit-ledger';

const BATCH = 1000;

/** Loads the bundled catalogue into an empty database. Later refreshes are the catalogue sync's job. */
export async function seedCatalogue(db: Db): Promise<{ sets: number; cards: number } | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(cardSets);
  if (count > 0) return null;
  const sets = loadSnapshotSets();
  const allCards = loadSnapshotCards();
  await db.transaction(async (tx) => {
    await tx.insert(cardSets).values(sets.map(setRow));
    for (let i = 0; i < allCards.length; i += BATCH) {
      await tx.insert(cards).values(allCards.slice(i, i + BATCH).map(cardRow));
    }
  });
  return { sets: sets.length, cards: allCards.length };
}

export const DEMO_ACCOUNTS = [
  { username: 'superadmin', role: 'super_admin', accountType: 'starter', credits: 10, firstName: 'Sam' },
  { username: 'admin', role: 'admin', accountType: 'starter', credits: 10, firstName: 'Alex' },
  { username: 'collector', role: 'user', accountType: 'starter', credits: 10, firstName: 'Casey' },
  { username: 'pro', role: 'user', accountType: 'pro', credits: 0, firstName: 'Parker' },
] as const;

/**
 * Demo accounts for trying the product. With DEMO_PASSWORD they all get that password (also on
 * later starts); without, the first start generates one and returns it to be printed once.
 */
export async function seedDemoAccounts(
  db: Db,
  demoPassword: string | undefined,
): Promise<{ created: string[]; generatedPassword?: string }> {
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) in ${DEMO_ACCOUNTS.map((a) => a.username)}`);
  const have = new Set(existing.map((u) => u.username.toLowerCase()));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.username));
  const password = demoPassword ?? randomBytes(9).toString('base64url');
  const passwordHash = missing.length > 0 || demoPassword ? await hashPassword(password) : '';
  const demoRows = sql`lower(u.username) in ${DEMO_ACCOUNTS.map((a) => a.username)} and u.email like '%@demo.gradevault.local'`;
  // The starting credits and their ledger line are one fact, as at registration. The same statement
  // also writes the line that demo accounts made by earlier versions (credits, no line) never got.
  await db.transaction(async (tx) => {
    if (missing.length > 0) {
      await tx
        .insert(users)
        .values(missing.map((a) => ({ ...a, email: `${a.username}@demo.gradevault.local`, passwordHash })))
        .onConflictDoNothing();
    }
    await writeMissingLedgerLines(tx, 'signup', demoRows);
  });
  if (demoPassword && have.size > 0) {
    await db
      .update(users)
      .set({ passwordHash })
      .where(sql`lower(${users.username}) in ${[...have]}`);
  }
  return { created: missing.map((a) => a.username), generatedPassword: demoPassword || !missing.length ? undefined : password };
}

export async function seedDatabase(database: Database, opts: { demo: boolean; demoPassword?: string }) {
  return database.withLock(LOCK_SEED, async () => {
    const catalogue = await seedCatalogue(database.db);
    const demo = opts.demo ? await seedDemoAccounts(database.db, opts.demoPassword) : null;
    return { catalogue, demo };
  });
}

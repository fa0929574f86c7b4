import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { creditLedger, gradings, userCards, users } from '../db/schema';
import { hashPassword } from '../auth/password';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/** Makes a fresh user with unique username/email; every test creates its own instead of sharing rows. */
export async function buildUser(db: Db, overrides: UserOverrides = {}) {
  const suffix = randomBytes(5).toString('hex');
  const { password, ...rest } = overrides;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = password ? await hashPassword(password) : await passwordHash;
  // Credits a test gives are granted like real ones: with their ledger line (see db/credit-ledger.ts), in
  // one transaction with the user — test files share one PostgreSQL database, and another file's ledger
  // check must never see the user without the line.
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ username: `user_${suffix}`, email: `user_${suffix}@example.test`, passwordHash: hash, ...rest })
      .returning();
    if (user.credits !== 0) await tx.insert(creditLedger).values({ userId: user.id, delta: user.credits, reason: 'admin' });
    return user;
  });
}

/** A card in a user's collection (a catalogue card by default). */
export async function buildUserCard(db: Db, userId: string, overrides: Partial<typeof userCards.$inferInsert> = {}) {
  const [card] = await db
    .insert(userCards)
    .values({
      userId,
      cardId: 'base1-4',
      cardName: 'Charizard',
      cardSet: 'Base',
      cardNumber: '4',
      rarity: 'Rare Holo',
      images: { front: `${randomBytes(8).toString('hex')}/front.jpg` },
      ...overrides,
    })
    .returning();
  return card;
}

/** A completed grading of a user card with plausible grades and values. */
export async function buildGrading(
  db: Db,
  userCard: { id: string; userId: string },
  overrides: Partial<typeof gradings.$inferInsert> = {},
) {
  const [g] = await db
    .insert(gradings)
    .values({
      gradingId: `GV-${randomBytes(5).toString('hex').toUpperCase()}`,
      userCardId: userCard.id,
      userId: userCard.userId,
      status: 'completed',
      progress: 100,
      psaGrade: 9,
      bgsGrade: 9,
      cgcGrade: 9,
      centeringScore: 9,
      cornersScore: 9.5,
      edgesScore: 9,
      surfaceScore: 9,
      confidence: 0.9,
      recommendedPlatform: 'PSA',
      psaEstimatedValue: '120.00',
      bgsEstimatedValue: '110.50',
      cgcEstimatedValue: '95.00',
      completedAt: new Date(),
      ...overrides,
    })
    .returning();
  return g;
}

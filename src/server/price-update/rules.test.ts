import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { providerSubscriptions } from '../db/schema';
import { openPrivateTestDatabase } from '../test/private-database';
import { buildGrading, buildUser, buildUserCard } from '../test/factories';
import { classifiedCards, coverageCounts, nextGroups, TO_UPDATE, type RulesClock } from './rules';

const NOW = new Date('2026-11-23T03:00:00.000Z');
const clock: RulesClock = { now: NOW, graceDays: 7 };
const DAY = 86_400_000;
/** Exactly 12 calendar months before NOW (what PostgreSQL's `interval '12 months'` means). */
const TWELVE_MONTHS_AGO = new Date('2025-11-23T03:00:00.000Z');

let database: Database;
beforeAll(async () => {
  database = await openPrivateTestDatabase();
});
afterAll(() => database.close());

async function proUser() {
  const user = await buildUser(database.db, { accountType: 'pro' });
  await database.db.insert(providerSubscriptions).values({
    id: `sub_${randomBytes(6).toString('hex')}`,
    userId: user.id,
    provider: 'local',
    status: 'active',
    plan: 'pro',
    amount: 999,
    currency: 'usd',
  });
  return user;
}
const starterUser = () => buildUser(database.db);
/** A catalogue id nobody else in this file uses, so "a pro subscriber holds the card" is under the test's control. */
const freshCardId = () => `test-${randomBytes(5).toString('hex')}`;

async function gradedCard(
  userId: string,
  o: { cardId?: string | null; completedAt: Date; pricedAt?: Date | null; psaGrade?: number | null },
) {
  // Cards entered by hand: the same name|set|number is the same card (the key a price is made for).
  const uc = await buildUserCard(database.db, userId, {
    cardId: null,
    cardName: 'Pikachu',
    cardSet: 'Hand',
    cardNumber: o.cardId ?? randomBytes(4).toString('hex'),
  });
  await buildGrading(database.db, uc, {
    completedAt: o.completedAt,
    pricedAt: o.pricedAt ?? null,
    ...(o.psaGrade !== undefined ? { psaGrade: o.psaGrade } : {}),
  });
  return uc;
}

async function classify(userCardId: string, c: RulesClock = clock) {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
  const r = (await database.db.execute(
    sql`select c.*, ${TO_UPDATE} as to_update from (${classifiedCards(c)}) c where c.user_card_id = ${userCardId}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return r.rows[0] as { to_update: boolean; recent: boolean; fresh: boolean; complete: boolean; key_pro: boolean; holder_pro: boolean };
}

describe('coverage rules at their edges (spec §6)', () => {
  it('a starter card graded exactly 12 months ago is still covered; a millisecond earlier it is skipped', async () => {
    const u = await starterUser();
    const edge = await gradedCard(u.id, { completedAt: TWELVE_MONTHS_AGO });
    const older = await gradedCard(u.id, { completedAt: new Date(TWELVE_MONTHS_AGO.getTime() - 1) });
    expect((await classify(edge.id)).to_update).toBe(true);
    const o = await classify(older.id);
    expect(o.recent).toBe(false);
    expect(o.to_update).toBe(false);
  });

  it('a card priced exactly 7 days ago is priced again; one priced a millisecond later is skipped', async () => {
    const u = await starterUser();
    const atEdge = await gradedCard(u.id, { completedAt: new Date(NOW.getTime() - 30 * DAY), pricedAt: new Date(NOW.getTime() - 7 * DAY) });
    const inside = await gradedCard(u.id, {
      completedAt: new Date(NOW.getTime() - 30 * DAY),
      pricedAt: new Date(NOW.getTime() - 7 * DAY + 1),
    });
    expect((await classify(atEdge.id)).to_update).toBe(true);
    expect((await classify(inside.id)).fresh).toBe(true);
    expect((await classify(inside.id)).to_update).toBe(false);
  });

  it('a card graded (and so priced) less than 7 days ago is skipped', async () => {
    const u = await starterUser();
    const c = await gradedCard(u.id, { completedAt: new Date(NOW.getTime() - 2 * DAY) });
    expect((await classify(c.id)).to_update).toBe(false);
  });

  it('old cards of a Pro subscriber are covered', async () => {
    const p = await proUser();
    const c = await gradedCard(p.id, { completedAt: new Date(NOW.getTime() - 800 * DAY) });
    const k = await classify(c.id);
    expect(k.holder_pro).toBe(true);
    expect(k.to_update).toBe(true);
  });

  it('an old starter card is covered when any Pro subscriber holds the same catalogue card', async () => {
    const cardId = freshCardId();
    const s = await starterUser();
    const old = await gradedCard(s.id, { cardId, completedAt: new Date(NOW.getTime() - 800 * DAY) });
    expect((await classify(old.id)).to_update).toBe(false);
    const p = await proUser();
    await gradedCard(p.id, { cardId, completedAt: new Date(NOW.getTime() - 400 * DAY) });
    const k = await classify(old.id);
    expect(k.key_pro).toBe(true);
    expect(k.to_update).toBe(true);
  });

  it('a Pro subscription that lapsed (canceled) no longer covers old cards', async () => {
    const u = await buildUser(database.db);
    await database.db.insert(providerSubscriptions).values({
      id: `sub_${randomBytes(6).toString('hex')}`,
      userId: u.id,
      provider: 'local',
      status: 'canceled',
      plan: 'pro',
      amount: 999,
      currency: 'usd',
    });
    const c = await gradedCard(u.id, { completedAt: new Date(NOW.getTime() - 800 * DAY) });
    expect((await classify(c.id)).to_update).toBe(false);
  });

  it('a card without complete grading information is skipped, even for Pro', async () => {
    const p = await proUser();
    const c = await gradedCard(p.id, { completedAt: new Date(NOW.getTime() - 30 * DAY), psaGrade: null });
    const k = await classify(c.id);
    expect(k.complete).toBe(false);
    expect(k.to_update).toBe(false);
  });
});

describe('preview counts and pricing groups', () => {
  let db2: Database;
  beforeAll(async () => {
    db2 = await openPrivateTestDatabase();
  });
  afterAll(() => db2.close());

  it('counts the four categories and makes one group per (card, grades), holders together', async () => {
    const db = db2.db;
    const s = await buildUser(db);
    const p = await buildUser(db, { accountType: 'pro' });
    await db.insert(providerSubscriptions).values({
      id: `sub_${randomBytes(6).toString('hex')}`,
      userId: p.id,
      provider: 'local',
      status: 'trialing',
      plan: 'pro',
      amount: 999,
      currency: 'usd',
    });
    const mk = async (userId: string, cardId: string, days: number, psa = 9) => {
      const uc = await buildUserCard(db, userId, { cardId });
      await buildGrading(db, uc, { completedAt: new Date(NOW.getTime() - days * DAY), psaGrade: psa });
      return uc;
    };
    await mk(s.id, 'base1-4', 30); // recent, starter
    await mk(p.id, 'base1-4', 30); // recent, pro: same group as the one above
    await mk(p.id, 'base1-2', 500); // old, pro
    await mk(s.id, 'base1-2', 500); // old, starter, but a pro holds base1-2
    await mk(s.id, 'base1-3', 500); // old starter only: skipped
    await mk(s.id, 'base1-4', 30, 10); // recent, another PSA grade: its own group
    const counts = await coverageCounts(db, clock);
    expect(counts).toEqual({
      totalCards: 6,
      // Covered by the rules, minus those priced in the last 7 days or without complete grading data.
      eligibleCards: 5,
      skippedRecentlyPriced: 0,
      skippedIncomplete: 0,
      cardsToUpdate: 5,
      eligibleUsers: 2,
      pricingGroups: 3,
      gradedWithSubscription: 2,
      recentlyGraded: 3,
      oldGradedWithPro: 2,
      oldGradedWithoutPro: 1,
    });
    const first = await nextGroups(db, clock, null, 2);
    const rest = await nextGroups(db, clock, first[1].groupKey, 10);
    const all = [...first, ...rest];
    expect(all.map((g) => g.holders.length).sort()).toEqual([1, 2, 2]);
    expect(new Set(all.map((g) => g.groupKey)).size).toBe(3);
    expect(all.find((g) => g.cardKey === 'base1-4' && g.grades.PSA === 9)!.lastValues.PSA).toBe(120);
  });
});

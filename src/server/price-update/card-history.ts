/**
 * One collector's card's value history: the weekly update's price history for the card at the grades
 * of its latest completed grading. Owner only: another user's card id answers 404, like every card route.
 */
import { and, asc, desc, eq, or } from 'drizzle-orm';
import { type TCardPriceHistoryResponse } from '@contract/price-update';
import type { Db } from '../db/client';
import { gradings, priceHistory, userCards } from '../db/schema';
import { missing } from '../domain-errors';
import { cardKeyOf } from './rules';

export async function cardPriceHistory(db: Db, userId: string, userCardId: string): Promise<TCardPriceHistoryResponse> {
  const [card] = await db
    .select()
    .from(userCards)
    .where(and(eq(userCards.id, userCardId), eq(userCards.userId, userId)));
  if (!card) throw missing("That card isn't in your collection.");
  const [g] = await db
    .select()
    .from(gradings)
    .where(and(eq(gradings.userCardId, card.id), eq(gradings.status, 'completed')))
    .orderBy(desc(gradings.createdAt))
    .limit(1);
  if (!g || g.psaGrade === null || g.bgsGrade === null || g.cgcGrade === null) return { entries: [] };
  const key = cardKeyOf(card);
  const rows = await db
    .select()
    .from(priceHistory)
    .where(
      and(
        eq(priceHistory.cardKey, key),
        or(
          and(eq(priceHistory.platform, 'PSA'), eq(priceHistory.grade, g.psaGrade)),
          and(eq(priceHistory.platform, 'BGS'), eq(priceHistory.grade, g.bgsGrade)),
          and(eq(priceHistory.platform, 'CGC'), eq(priceHistory.grade, g.cgcGrade)),
        ),
      ),
    )
    .orderBy(asc(priceHistory.recordedAt), asc(priceHistory.platform));
  return {
    entries: rows.map((r) => ({
      cardKey: r.cardKey,
      platform: r.platform,
      grade: r.grade,
      value: r.value,
      source: r.source,
      recordedAt: r.recordedAt.toISOString(),
    })),
  };
}

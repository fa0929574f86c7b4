import { eq } from 'drizzle-orm';
import type { TCollectionSummaryResponse } from '@contract/collection';
import type { Db } from '../db/client';
import { userCards } from '../db/schema';
import { displayedGrade, displayedPlatform, displayedValue } from '../grading/displayed';
import { cardKeyOf } from '../price-update/rules';
import { valueHistory, type ValuedCard } from '../price-update/value-history';
import { latestCompletedGradings } from './latest-gradings';
import { setCompletion } from './set-completion';

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => (c / 100).toFixed(2);

export function createCollectionService(db: Db) {
  return {
    /** Owned / total per set the collector has cards of (set-completion.ts). */
    setCompletion: (userId: string) => setCompletion(db, userId),
    /**
     * Two queries (cards, latest completed gradings); the arithmetic is in integer cents.
     * Quantity (issue 15): a row holds `quantity` copies of one printing in one condition, so its
     * grading stands for each copy: cards, graded cards, value and the value history count
     * value × quantity, the average grade weighs each row by its copies, and the purchase price is per
     * copy (cost = price × quantity), as a value is.
     */
    async summary(userId: string): Promise<TCollectionSummaryResponse> {
      const cards = await db
        .select({
          id: userCards.id,
          purchasePriceCents: userCards.purchasePriceCents,
          cardId: userCards.cardId,
          cardName: userCards.cardName,
          cardSet: userCards.cardSet,
          cardNumber: userCards.cardNumber,
          edition: userCards.edition,
          finish: userCards.finish,
          quantity: userCards.quantity,
        })
        .from(userCards)
        .where(eq(userCards.userId, userId));
      const latest = await latestCompletedGradings(db, userId);
      const byCard = new Map(latest.map((g) => [g.userCardId, g]));

      let valueCents = 0,
        costCents = 0,
        pairedValue = 0,
        pairedCost = 0,
        gradeSum = 0,
        gradeCount = 0,
        totalCopies = 0,
        gradedCopies = 0;
      const valued: ValuedCard[] = [];
      for (const card of cards) {
        const g = byCard.get(card.id);
        const copies = card.quantity;
        totalCopies += copies;
        if (g) gradedCopies += copies;
        const v = g ? cents(Number(displayedValue(g) ?? 0)) : 0;
        valueCents += v * copies;
        const cost = card.purchasePriceCents === null ? null : card.purchasePriceCents * copies;
        if (cost !== null) costCents += cost;
        if (g && cost !== null) {
          pairedValue += v * copies;
          pairedCost += cost;
        }
        const grade = g && displayedGrade(g);
        if (grade !== null && grade !== undefined) {
          gradeSum += grade * copies;
          gradeCount += copies;
        }
        if (g?.completedAt)
          valued.push({
            cardKey: cardKeyOf(card),
            platform: displayedPlatform(g),
            grade: grade ?? null,
            completedAt: g.completedAt,
            valueCents: v,
            quantity: copies,
          });
      }
      return {
        totalCards: totalCopies,
        gradedCards: gradedCopies,
        estimatedValue: money(valueCents),
        totalCost: money(costCents),
        gainLoss: money(pairedValue - pairedCost),
        roiPercent: pairedCost > 0 ? Math.round(((pairedValue - pairedCost) / pairedCost) * 1000) / 10 : null,
        averageGrade: gradeCount ? Math.round((gradeSum / gradeCount) * 10) / 10 : null,
        // The weekly price update's history moves the chart (price-update/value-history.ts).
        valueHistory: await valueHistory(db, valued),
      };
    },
  };
}

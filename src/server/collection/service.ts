import { desc, eq, sql } from 'drizzle-orm';
import type { TCollectionSummaryResponse } from '@contract/collection';
import type { Db } from '../db/client';
import { gradings, userCards } from '../db/schema';
import { displayedGrade, displayedPlatform, displayedValue } from '../grading/displayed';
import { cardKeyOf } from '../price-update/rules';
import { valueHistory, type ValuedCard } from '../price-update/value-history';
import { setCompletion } from './set-completion';

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => (c / 100).toFixed(2);

export function createCollectionService(db: Db) {
  return {
    /** Owned / total per set the collector has cards of (set-completion.ts). */
    setCompletion: (userId: string) => setCompletion(db, userId),
    /** Two queries (cards, latest completed gradings); the arithmetic is in integer cents. */
    async summary(userId: string): Promise<TCollectionSummaryResponse> {
      const cards = await db
        .select({
          id: userCards.id,
          purchasePriceCents: userCards.purchasePriceCents,
          cardId: userCards.cardId,
          cardName: userCards.cardName,
          cardSet: userCards.cardSet,
          cardNumber: userCards.cardNumber,
        })
        .from(userCards)
        .where(eq(userCards.userId, userId));
      const latest = await db
        .selectDistinctOn([gradings.userCardId], {
          userCardId: gradings.userCardId,
          completedAt: gradings.completedAt,
          recommendedPlatform: gradings.recommendedPlatform,
          psaGrade: gradings.psaGrade,
          bgsGrade: gradings.bgsGrade,
          cgcGrade: gradings.cgcGrade,
          psaEstimatedValue: gradings.psaEstimatedValue,
          bgsEstimatedValue: gradings.bgsEstimatedValue,
          cgcEstimatedValue: gradings.cgcEstimatedValue,
        })
        .from(gradings)
        .where(sql`${gradings.userId} = ${userId} and ${gradings.status} = 'completed'`)
        .orderBy(gradings.userCardId, desc(gradings.completedAt));
      const byCard = new Map(latest.map((g) => [g.userCardId, g]));

      let valueCents = 0,
        costCents = 0,
        pairedValue = 0,
        pairedCost = 0,
        gradeSum = 0,
        gradeCount = 0;
      const valued: ValuedCard[] = [];
      for (const card of cards) {
        const g = byCard.get(card.id);
        const v = g ? cents(Number(displayedValue(g) ?? 0)) : 0;
        valueCents += v;
        if (card.purchasePriceCents !== null) costCents += card.purchasePriceCents;
        if (g && card.purchasePriceCents !== null) {
          pairedValue += v;
          pairedCost += card.purchasePriceCents;
        }
        const grade = g && displayedGrade(g);
        if (grade !== null && grade !== undefined) {
          gradeSum += grade;
          gradeCount++;
        }
        if (g?.completedAt)
          valued.push({
            cardKey: cardKeyOf(card),
            platform: displayedPlatform(g),
            grade: grade ?? null,
            completedAt: g.completedAt,
            valueCents: v,
          });
      }
      return {
        totalCards: cards.length,
        gradedCards: byCard.size,
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

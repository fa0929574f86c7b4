import type { TCollectionSummaryResponse } from '@contract/collection';
import type { Db } from '../db/client';
import { displayedGrade, displayedPlatform } from '../grading/displayed';
import type { MarketPriceSource } from '../pricing/port';
import { cardKeyOf } from '../price-update/rules';
import { valueHistory, type ValuedCard } from '../price-update/value-history';
import { collectionTotals, figuredCards } from './figures';
import { setCompletion } from './set-completion';

const money = (c: number) => (c / 100).toFixed(2);

export function createCollectionService(db: Db, market: MarketPriceSource) {
  return {
    /** Owned / total per set the collector has cards of (set-completion.ts). */
    setCompletion: (userId: string) => setCompletion(db, userId),
    /** The tiles' figures and the value chart, from the one definition of each (figures.ts). */
    async summary(userId: string): Promise<TCollectionSummaryResponse> {
      const cards = await figuredCards(db, market, userId);
      const t = collectionTotals(cards);
      const valued: ValuedCard[] = [];
      for (const c of cards) {
        if (!c.value) continue;
        const g = c.grading;
        // A graded card counts from its grading (and follows its price history); a card valued at its
        // market price counts from the day it was added, at today's price.
        valued.push(
          g && c.value.basis === 'graded'
            ? {
                cardKey: cardKeyOf(c),
                platform: displayedPlatform(g),
                grade: displayedGrade(g) ?? null,
                completedAt: g.completedAt ?? c.createdAt,
                valueCents: c.value.centsPerCopy,
                quantity: c.quantity,
              }
            : {
                cardKey: cardKeyOf(c),
                platform: null,
                grade: null,
                completedAt: c.createdAt,
                valueCents: c.value.centsPerCopy,
                quantity: c.quantity,
              },
        );
      }
      const paired = t.pairedCostCents;
      return {
        totalCards: t.cards,
        totalCopies: t.copies,
        gradedCards: t.gradedCards,
        marketValuedCards: t.marketValuedCards,
        unvaluedCards: t.unvaluedCards,
        pricedCards: t.pricedCards,
        gainLossCards: t.pairedCards,
        estimatedValue: money(t.valueCents),
        totalCost: money(t.costCents),
        gainLoss: money(t.pairedValueCents - paired),
        roiPercent: paired > 0 ? Math.round(((t.pairedValueCents - paired) / paired) * 1000) / 10 : null,
        averageGrade: t.averageGrade,
        valueHistory: await valueHistory(db, valued),
      };
    },
  };
}

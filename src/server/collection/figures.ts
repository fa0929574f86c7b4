/**
 * The collection's figures, each defined once (issue 24.5). The summary tiles, the value chart and the
 * CSV export all read them from here, so they cannot disagree.
 *
 * - A card is one row of the collection (what the grid shows); a row holds `quantity` copies of one
 *   printing, and each copy counts in money figures.
 * - Its value per copy: the displayed value of its latest completed grading when graded; else the
 *   market raw value of its catalogue printing from the market price source (synced prices, then the
 *   bundled snapshot); else none. Rarity guesses are not market values and are not used.
 * - Cost: what was paid (price × copies) over the cards with a purchase price.
 * - Gain / loss and ROI: value − cost over the cards that have both, so a card with no value or no
 *   price moves neither side.
 */
import { eq } from 'drizzle-orm';
import type { TEdition, TFinish } from '@contract/printing';
import type { Db } from '../db/client';
import { userCards } from '../db/schema';
import { displayedGrade, displayedValue } from '../grading/displayed';
import type { MarketPriceSource } from '../pricing/port';
import { latestCompletedGradings } from './latest-gradings';

export type LatestGrading = Awaited<ReturnType<typeof latestCompletedGradings>>[number];
export type CardValue = { centsPerCopy: number; basis: 'graded' | 'market' };

export interface FiguredCard {
  id: string;
  cardId: string | null;
  cardName: string;
  cardSet: string;
  cardNumber: string;
  edition: string | null;
  finish: string | null;
  quantity: number;
  purchasePriceCents: number | null;
  createdAt: Date;
  grading: LatestGrading | undefined;
  value: CardValue | null;
}

export interface CollectionTotals {
  cards: number;
  copies: number;
  gradedCards: number;
  marketValuedCards: number;
  unvaluedCards: number;
  pricedCards: number;
  pairedCards: number;
  valueCents: number;
  costCents: number;
  pairedValueCents: number;
  pairedCostCents: number;
  averageGrade: number | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Every card of the collector with its latest grading and its value per copy (rule above). */
export async function figuredCards(db: Db, market: MarketPriceSource, userId: string): Promise<FiguredCard[]> {
  const rows = await db
    .select({
      id: userCards.id,
      cardId: userCards.cardId,
      cardName: userCards.cardName,
      cardSet: userCards.cardSet,
      cardNumber: userCards.cardNumber,
      rarity: userCards.rarity,
      edition: userCards.edition,
      finish: userCards.finish,
      quantity: userCards.quantity,
      purchasePriceCents: userCards.purchasePriceCents,
      createdAt: userCards.createdAt,
    })
    .from(userCards)
    .where(eq(userCards.userId, userId));
  const latest = await latestCompletedGradings(db, userId);
  const byCard = new Map(latest.map((g) => [g.userCardId, g]));
  // One lookup per printing, however many rows hold it.
  const prices = new Map<string, Promise<number | null>>();
  const marketCents = (r: (typeof rows)[number]) => {
    if (!r.cardId) return Promise.resolve(null);
    const key = `${r.cardId}|${r.edition}|${r.finish}`;
    let p = prices.get(key);
    if (!p) {
      p = market
        .marketPrice({
          cardId: r.cardId,
          rarity: r.rarity,
          edition: r.edition as TEdition | null,
          finish: r.finish as TFinish | null,
        })
        .then((m) => (m ? cents(m.usd) : null));
      prices.set(key, p);
    }
    return p;
  };
  const out: FiguredCard[] = [];
  for (const { rarity: _rarity, ...r } of rows) {
    const grading = byCard.get(r.id);
    const graded = grading ? displayedValue(grading) : null;
    let value: CardValue | null = null;
    if (graded !== null && graded !== undefined) value = { centsPerCopy: cents(Number(graded)), basis: 'graded' };
    else if (!grading) {
      const m = await marketCents({ ...r, rarity: _rarity });
      if (m !== null) value = { centsPerCopy: m, basis: 'market' };
    }
    out.push({ ...r, grading, value });
  }
  return out;
}

/** The totals of the rule above; the average grade weighs each card by its copies. */
export function collectionTotals(cards: FiguredCard[]): CollectionTotals {
  const t: CollectionTotals = {
    cards: cards.length,
    copies: 0,
    gradedCards: 0,
    marketValuedCards: 0,
    unvaluedCards: 0,
    pricedCards: 0,
    pairedCards: 0,
    valueCents: 0,
    costCents: 0,
    pairedValueCents: 0,
    pairedCostCents: 0,
    averageGrade: null,
  };
  let gradeSum = 0,
    gradeCopies = 0;
  for (const c of cards) {
    const copies = c.quantity;
    t.copies += copies;
    if (c.grading) t.gradedCards++;
    if (c.value?.basis === 'market') t.marketValuedCards++;
    if (!c.value) t.unvaluedCards++;
    const value = c.value ? c.value.centsPerCopy * copies : null;
    const cost = c.purchasePriceCents === null ? null : c.purchasePriceCents * copies;
    if (value !== null) t.valueCents += value;
    if (cost !== null) {
      t.pricedCards++;
      t.costCents += cost;
    }
    if (value !== null && cost !== null) {
      t.pairedCards++;
      t.pairedValueCents += value;
      t.pairedCostCents += cost;
    }
    const grade = c.grading && displayedGrade(c.grading);
    if (grade !== null && grade !== undefined) {
      gradeSum += grade * copies;
      gradeCopies += copies;
    }
  }
  t.averageGrade = gradeCopies ? Math.round((gradeSum / gradeCopies) * 10) / 10 : null;
  return t;
}

import { z } from 'zod';
import { ZDecimalString } from './common';

/**
 * Totals of a collection: value from each card's latest completed grading, cost from purchase prices.
 * Copies count (issue 15): a card held ×3 is three cards, three times its value and, its purchase
 * price being per copy, three times its cost.
 */
export const ZCollectionSummaryResponse = z.object({
  /** Cards as the grid lists them: one per row, whatever its quantity. */
  totalCards: z.number().int(),
  /** Copies held: the sum of the cards' quantities. */
  totalCopies: z.number().int(),
  /** Cards with a completed grading. */
  gradedCards: z.number().int(),
  /** Cards not graded whose value is the market raw price of their printing. */
  marketValuedCards: z.number().int(),
  /** Cards with no value: neither a graded value nor a known market price. */
  unvaluedCards: z.number().int(),
  /** Cards with a purchase price. */
  pricedCards: z.number().int(),
  /** Cards with both a value and a purchase price: what Gain / loss and ROI are over. */
  gainLossCards: z.number().int(),
  /** Each card's value per copy × copies: its graded value when graded, else its market raw value. */
  estimatedValue: ZDecimalString,
  /** Purchase price × copies over the cards with a purchase price. */
  totalCost: ZDecimalString,
  /** Value minus cost, over the cards that have both. */
  gainLoss: ZDecimalString,
  /** gainLoss / cost in percent, over the cards that have both; null without any. */
  roiPercent: z.number().nullable(),
  averageGrade: z.number().nullable(),
  /** Estimated value at each month's end (same per-card rule), oldest first: the value-over-time chart. */
  valueHistory: z.array(z.object({ month: z.string(), value: ZDecimalString })),
});
export type TCollectionSummaryResponse = z.infer<typeof ZCollectionSummaryResponse>;

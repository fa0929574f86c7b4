import { z } from 'zod';
import { ZDecimalString } from './common';

/**
 * Totals of a collection: value from each card's latest completed grading, cost from purchase prices.
 * Copies count (issue 15): a card held ×3 is three cards, three times its value and, its purchase
 * price being per copy, three times its cost.
 */
export const ZCollectionSummaryResponse = z.object({
  /** Copies held: the sum of the cards' quantities. */
  totalCards: z.number().int(),
  /** Copies whose card has a completed grading. */
  gradedCards: z.number().int(),
  estimatedValue: ZDecimalString,
  /** What the collector paid for the cards whose price they entered. */
  totalCost: ZDecimalString,
  /** Value minus cost, over the cards that have both. */
  gainLoss: ZDecimalString,
  /** gainLoss / cost in percent, over the cards that have both; null without any. */
  roiPercent: z.number().nullable(),
  averageGrade: z.number().nullable(),
  /** Cumulative estimated value by month of grading, oldest first: for the value-over-time chart. */
  valueHistory: z.array(z.object({ month: z.string(), value: ZDecimalString })),
});
export type TCollectionSummaryResponse = z.infer<typeof ZCollectionSummaryResponse>;

import { z } from 'zod';
import { ZDecimalString } from './common';

/** Totals of a collection: value from each card's latest completed grading, cost from purchase prices. */
export const ZCollectionSummaryResponse = z.object({
  totalCards: z.number().int(),
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

import { z } from 'zod';

/**
 * The weekly price update (spec §2.7, §3, §7.3): the preview of what a run would cover, the last run's
 * outcome, a run's result, and the price history every new value is written to.
 */
export const ZPriceUpdateCategories = z.object({
  /** Graded cards whose holder has an active Pro subscription. */
  gradedWithSubscription: z.number().int().min(0),
  /** Cards graded in the last 12 months, any account. */
  recentlyGraded: z.number().int().min(0),
  /** Cards graded more than 12 months ago, covered because a Pro subscriber holds the card. */
  oldGradedWithPro: z.number().int().min(0),
  /** Cards graded more than 12 months ago on starter accounts only: skipped. */
  oldGradedWithoutPro: z.number().int().min(0),
});

export const ZPriceUpdatePreviewResponse = z.object({
  totalCards: z.number().int().min(0),
  cardsToUpdate: z.number().int().min(0),
  eligibleUsers: z.number().int().min(0),
  /** Human text, e.g. "About 3 minutes". */
  estimatedDuration: z.string(),
  priceUpdateCategories: ZPriceUpdateCategories,
  /**
   * Why "Cards to Update" is what it is (issue 24.10): the cards the rules cover, those of them skipped
   * because they were priced within `recencyDays`, and the cards left out by the rules. eligibleCards −
   * skippedRecentlyPriced = cardsToUpdate.
   */
  counts: z
    .object({
      eligibleCards: z.number().int().min(0),
      skippedRecentlyPriced: z.number().int().min(0),
      recencyDays: z.number().int().min(1),
      skippedOldStarter: z.number().int().min(0),
      skippedIncomplete: z.number().int().min(0),
    })
    .optional(),
  /** What prices the cards: the configured pricing adapter, named as it runs. */
  pricedBy: z.object({ kind: z.enum(['estimator', 'openai']), label: z.string() }).optional(),
});
export type TPriceUpdatePreviewResponse = z.infer<typeof ZPriceUpdatePreviewResponse>;

export const ZPriceUpdateLastRunResponse = z.object({
  status: z.enum(['success', 'failed', 'never', 'running']),
  /** ISO time the last run started; null when never run. */
  lastRun: z.string().nullable(),
  totalCardsUpdated: z.number().int().min(0),
  message: z.string(),
});
export type TPriceUpdateLastRunResponse = z.infer<typeof ZPriceUpdateLastRunResponse>;

export const ZPriceUpdateStats = z.object({
  totalCardsProcessed: z.number().int().min(0),
  successfulUpdates: z.number().int().min(0),
  failedUpdates: z.number().int().min(0),
  duplicatesSkipped: z.number().int().min(0),
  /** Human text, e.g. "1m 12s". */
  duration: z.string(),
  totalApiCalls: z.number().int().min(0),
});
export type TPriceUpdateStats = z.infer<typeof ZPriceUpdateStats>;

export const ZPriceUpdateResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  stats: ZPriceUpdateStats,
  errors: z.array(z.string()),
  /** True when the run is still going after the POST stopped waiting (202): the stats so far. */
  inProgress: z.boolean().optional(),
});
export type TPriceUpdateResponse = z.infer<typeof ZPriceUpdateResponse>;

export const ZPlatform = z.enum(['PSA', 'BGS', 'CGC']);
export type TPlatform = z.infer<typeof ZPlatform>;

export const ZPriceHistoryEntry = z.object({
  /** The catalogue card id, or the name|set|number key of a card entered by hand. */
  cardKey: z.string(),
  platform: ZPlatform,
  grade: z.number(),
  /** USD, decimal as a string (spec: values are strings parsed as decimals). */
  value: z.string(),
  /** What priced it: `estimator:<multipliers version>` or `openai:<model>`. */
  source: z.string(),
  recordedAt: z.string(),
});
export type TPriceHistoryEntry = z.infer<typeof ZPriceHistoryEntry>;

/** A card's value history (its card, at its latest grading's grade on each platform), oldest first. */
export const ZCardPriceHistoryResponse = z.object({ entries: z.array(ZPriceHistoryEntry) });
export type TCardPriceHistoryResponse = z.infer<typeof ZCardPriceHistoryResponse>;

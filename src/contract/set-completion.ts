import { z } from 'zod';

/**
 * How far a collector is through each set they own cards of (issue 15): distinct catalogue cards
 * owned out of the set's cards in the catalogue. Cards entered by hand belong to no catalogue set and
 * do not count; two copies (or two printings) of one card count once.
 */
export const ZSetCompletion = z.object({
  setId: z.string(),
  setName: z.string(),
  series: z.string(),
  releaseDate: z.string(),
  owned: z.number().int(),
  /** The set's cards in the catalogue (secret rares included, so 100% means every card there is). */
  total: z.number().int(),
  /** owned / total in whole percent, rounded down: 99.6% is not complete. */
  percent: z.number().int().min(0).max(100),
});
export type TSetCompletion = z.infer<typeof ZSetCompletion>;

/** Most complete first; ties by more cards owned, then the older set. */
export const ZSetCompletionResponse = z.array(ZSetCompletion);
export type TSetCompletionResponse = z.infer<typeof ZSetCompletionResponse>;

import { z } from 'zod';

/**
 * What a grading's values rest on: the ungraded price the grade multipliers were applied to.
 * - `market`: a dated market price of the card (the bundled TCGplayer snapshot, later synced prices),
 *   with the print variant it is the price of;
 * - `estimate`: no price known for the card, so a typical price for its rarity;
 * - `given`: a raw value handed in directly (the command-line grader's --raw-value).
 */
export const ZValueSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('market'), provider: z.string(), asOf: z.string(), variant: z.string(), marketUsd: z.number() }),
  z.object({ kind: z.literal('estimate'), method: z.literal('rarity') }),
  z.object({ kind: z.literal('given') }),
]);
export type TValueSource = z.infer<typeof ZValueSource>;

const VARIANT_WORDS: Record<string, string> = {
  normal: 'normal',
  holofoil: 'holofoil',
  reverseHolofoil: 'reverse holofoil',
  '1stEditionHolofoil': '1st edition holofoil',
  unlimitedHolofoil: 'unlimited holofoil',
  '1stEdition': '1st edition',
  '1stEditionNormal': '1st edition',
  unlimited: 'unlimited',
};
export const variantLabel = (variant: string) => VARIANT_WORDS[variant] ?? variant;

/**
 * The basis of a value in a few words, shown beside values: "TCGplayer market, 2024-08-02, holofoil"
 * or "estimate from rarity". No source (null): a grading valued before market prices were bundled,
 * when every value was a rarity estimate.
 */
export function valueSourceLabel(source: TValueSource | null | undefined): string {
  if (!source || source.kind === 'estimate') return 'estimate from rarity';
  if (source.kind === 'given') return 'raw value given by hand';
  return `${source.provider}, ${source.asOf}, ${variantLabel(source.variant)}`;
}

import { z } from 'zod';

/**
 * What a grading's values rest on: the ungraded price the grade multipliers were applied to.
 * - `market`: a dated market price of the card (the bundled TCGplayer snapshot, later synced prices),
 *   with the print variant it is the price of;
 * - `estimate`: no price known for the card, so a typical price for its rarity;
 * - `given`: a raw value handed in directly (the command-line grader's --raw-value).
 */
export const ZValueSource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('market'),
    provider: z.string(),
    asOf: z.string(),
    /** The print variant whose market price was used (a TCGplayer key: holofoil, 1stEditionHolofoil…). */
    variant: z.string(),
    /** That variant's market price; the raw value is this times `premium.multiplier` when there is one. */
    marketUsd: z.number(),
    /**
     * Set when the owned printing has no price of its own (a Shadowless or 1st Edition Base Set card, a
     * reverse holo without a listing): the value is estimated from `variant`'s price times a documented
     * premium (server/pricing/printing-price.ts). `printing` names the owned printing ("1st Edition Holo").
     */
    premium: z.object({ printing: z.string(), multiplier: z.number() }).optional(),
  }),
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

/** "1st Edition Holo estimated from unlimited holofoil × 8": the base of a premium is always the Unlimited print. */
export function premiumPhrase(variant: string, premium: { printing: string; multiplier: number }): string {
  const base = variantLabel(variant);
  const from = /unlimited|1st/.test(base) ? base : `unlimited ${base}`;
  return `${premium.printing} estimated from ${from} × ${premium.multiplier}`;
}

/**
 * The basis of a value in a few words, shown beside values: "TCGplayer market, 2024-08-02, holofoil"
 * or "estimate from rarity". No source (null): a grading valued before market prices were bundled,
 * when every value was a rarity estimate.
 */
export function valueSourceLabel(source: TValueSource | null | undefined): string {
  if (!source || source.kind === 'estimate') return 'estimate from rarity';
  if (source.kind === 'given') return 'raw value given by hand';
  if (source.premium) return `${source.provider}, ${source.asOf}, ${premiumPhrase(source.variant, source.premium)}`;
  return `${source.provider}, ${source.asOf}, ${variantLabel(source.variant)}`;
}

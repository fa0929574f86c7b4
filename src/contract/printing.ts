import { z } from 'zod';

/**
 * The printing of a card a collector owns (issue 15): its edition and its finish. The database checks
 * the same words (user_cards_edition_known, user_cards_finish_known in migration 0007). Null: not told.
 */
export const EDITIONS = ['first_edition', 'shadowless', 'unlimited'] as const;
export const ZEdition = z.enum(EDITIONS, { message: 'Edition is 1st Edition, Shadowless or Unlimited' });
export type TEdition = z.infer<typeof ZEdition>;

export const FINISHES = ['normal', 'holofoil', 'reverse_holofoil'] as const;
export const ZFinish = z.enum(FINISHES, { message: 'Finish is Normal, Holo or Reverse Holo' });
export type TFinish = z.infer<typeof ZFinish>;

export const EDITION_LABELS: Record<TEdition, string> = {
  first_edition: '1st Edition',
  shadowless: 'Shadowless',
  unlimited: 'Unlimited',
};
export const FINISH_LABELS: Record<TFinish, string> = {
  normal: 'Normal',
  holofoil: 'Holo',
  reverse_holofoil: 'Reverse Holo',
};

/** Copies of one printing held; an import row's quantity. */
export const QUANTITY_MAX = 999;
export const ZQuantity = z.coerce
  .number({ message: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity is at least 1')
  .max(QUANTITY_MAX, `Quantity is at most ${QUANTITY_MAX}`);

/** "1st Edition Holo", "Unlimited", "Reverse Holo"; null when neither is told. A Normal finish is said only alone. */
export function printingLabel(p: { edition: TEdition | null; finish: TFinish | null }): string | null {
  const parts = [
    p.edition && EDITION_LABELS[p.edition],
    p.finish && (p.finish !== 'normal' || !p.edition) ? FINISH_LABELS[p.finish] : null,
  ];
  const label = parts.filter(Boolean).join(' ');
  return label || null;
}

/**
 * GET /api/catalogue/cards/{id}/printings: the editions and finishes a catalogue card was printed in, as
 * far as its market prices (and the set) tell. `known` false: no price lists the card, every choice is
 * offered. An empty `editions` list: the set had no editions (everything after the WotC era).
 */
export const ZCardPrintingsResponse = z.object({
  known: z.boolean(),
  editions: z.array(ZEdition),
  finishes: z.array(ZFinish),
});
export type TCardPrintingsResponse = z.infer<typeof ZCardPrintingsResponse>;

/**
 * Which market price stands for the printing a collector owns (issue 15): the ONE rule the grading
 * worker, manual grading, the card profile's raw value and the weekly price update all go through
 * (every `MarketPriceSource` calls `pickPrintingPrice`).
 *
 * 1. Printing not told (edition and finish null): the old guess, `chooseVariant` (variant.ts).
 * 2. The printing's own TCGplayer variant when it has a market price:
 *    1st Edition + Holo → 1stEditionHolofoil; 1st Edition + Normal → 1stEdition (1stEditionNormal);
 *    Unlimited + Holo → unlimitedHolofoil, else holofoil (sets without editions, and Base Set, whose
 *    `holofoil` listing IS the Unlimited print); Unlimited + Normal → unlimited, else normal;
 *    Reverse Holo → reverseHolofoil (whatever the edition: English reverse holos have no editions).
 *    A finish not told is taken from the rarity (holo rarities holo first), then the other finish.
 * 3. No price of its own: the Unlimited price of the same finish times a premium (below), marked as an
 *    estimate in the value's source, so the screen says "1st Edition Holo estimated from … × 8".
 *    Never the Unlimited price as it is: a 1st Edition Base Set Charizard is not an Unlimited one.
 * 4. Nothing fits (a finish the card has no listing for): the nearest listed print (rule 1, never a
 *    1st Edition price for another edition) with a premium of × 1, still marked as estimated.
 *
 * The premiums (conservative on purpose, as chooseVariant prefers the lower price when unsure):
 * - 1st Edition, sets other than Base Set: × 2.5. Measured on the bundled TCGplayer snapshot
 *   (2024-08-02): of the 829 cards priced in both editions (Jungle, Fossil, Team Rocket, Gym, Neo) the
 *   1st Edition market price is 2.64× the Unlimited one at the median (holos 2.75×, quartiles 2.1–3.4×).
 * - 1st Edition Base Set: × 8. TCGplayer lists Base Set 1st Edition as a set of its own, absent from the
 *   card's prices; its print run was a small fraction of Unlimited's and raw copies sell for roughly
 *   8–15× the Unlimited copy (a played 1st Edition Charizard sells in the thousands against ~$350
 *   Unlimited): the low end.
 * - Shadowless (Base Set only): × 3. Also a separate TCGplayer listing, never in the card's prices; raw
 *   Shadowless holos sell for about 3–5× Unlimited ones: the low end.
 * - Reverse Holo without a listing: the Normal price × 2 (snapshot: reverse holo / normal, 9,890 cards,
 *   lower quartile 2.0, median 2.9).
 */
import { EDITION_LABELS, FINISH_LABELS, printingLabel, type TEdition, type TFinish } from '@contract/printing';
import { chooseVariant, HOLO_RARITY } from './variant';

export type Printing = { edition: TEdition | null; finish: TFinish | null };

export const FIRST_EDITION_PREMIUM = 2.5;
export const BASE_SET_FIRST_EDITION_PREMIUM = 8;
export const SHADOWLESS_PREMIUM = 3;
export const REVERSE_HOLO_PREMIUM = 2;
/** The set whose 1st Edition and Shadowless prints TCGplayer lists apart from the card. */
export const BASE_SET_ID = 'base1';

type Family = 'holofoil' | 'normal';
const OWN_KEYS: Record<'first_edition' | 'unlimited' | 'untold', Record<Family, string[]>> = {
  first_edition: { holofoil: ['1stEditionHolofoil'], normal: ['1stEdition', '1stEditionNormal'] },
  unlimited: { holofoil: ['unlimitedHolofoil', 'holofoil'], normal: ['unlimited', 'normal'] },
  // Finish told, edition not: the plain listing first, the Unlimited one next (the safer guess).
  untold: { holofoil: ['holofoil', 'unlimitedHolofoil'], normal: ['normal', 'unlimited'] },
};
const isFirstEditionKey = (v: string) => v.startsWith('1stEdition');

/** The premium for a printing without a price of its own, from the Unlimited price of its finish. */
export function editionPremium(edition: TEdition, cardId: string | null): number {
  const baseSet = !!cardId && cardId.startsWith(`${BASE_SET_ID}-`);
  if (edition === 'shadowless') return SHADOWLESS_PREMIUM;
  if (edition === 'first_edition') return baseSet ? BASE_SET_FIRST_EDITION_PREMIUM : FIRST_EDITION_PREMIUM;
  return 1;
}

export type PrintingPick = {
  /** The listed variant whose price is used. */
  variant: string;
  /** Set when the owned printing has no listing of its own: the price is `variant`'s times this. */
  premium?: { printing: string; multiplier: number };
};

/** Which listed variant (and premium) prices this printing; null when nothing is listed. */
export function pickPrintingVariant(
  card: { cardId: string | null; rarity: string | null } & Partial<Printing>,
  available: readonly string[],
): PrintingPick | null {
  const edition = card.edition ?? null;
  const finish = card.finish ?? null;
  if (available.length === 0) return null;
  if (!edition && !finish) {
    const v = chooseVariant(card.rarity, available);
    return v ? { variant: v } : null;
  }
  const printing = printingLabel({ edition, finish }) ?? FINISH_LABELS.normal;
  const has = (keys: readonly string[]) => keys.find((k) => available.includes(k));

  if (finish === 'reverse_holofoil') {
    if (available.includes('reverseHolofoil')) return { variant: 'reverseHolofoil' };
    const base = has(OWN_KEYS.unlimited.normal);
    if (base) return { variant: base, premium: { printing, multiplier: REVERSE_HOLO_PREMIUM } };
  } else {
    const holoFirst = card.rarity ? HOLO_RARITY.test(card.rarity) : false;
    const families: Family[] = finish ? [finish] : holoFirst ? ['holofoil', 'normal'] : ['normal', 'holofoil'];
    // Shadowless is never listed on its own.
    const own = edition === 'shadowless' ? null : OWN_KEYS[edition ?? 'untold'];
    for (const f of families) {
      const hit = own && has(own[f]);
      if (hit) return { variant: hit };
    }
    if (edition === 'first_edition' || edition === 'shadowless') {
      for (const f of families) {
        const base = has(OWN_KEYS.unlimited[f]);
        if (base) {
          // A finish not told is said by the listing it was priced from.
          const named = finish ? printing : `${EDITION_LABELS[edition]}${f === 'holofoil' ? ` ${FINISH_LABELS.holofoil}` : ''}`;
          return { variant: base, premium: { printing: named, multiplier: editionPremium(edition, card.cardId) } };
        }
      }
    }
  }
  // Rule 4: the nearest listed print, never another edition's 1st Edition price.
  const nearest = chooseVariant(card.rarity, edition === 'first_edition' ? available : available.filter((v) => !isFirstEditionKey(v)));
  return nearest ? { variant: nearest, premium: { printing, multiplier: 1 } } : null;
}

/** The price of a pick in USD, to the cent. */
export const pickedUsd = (pick: PrintingPick, marketUsd: number) => Math.round(marketUsd * (pick.premium?.multiplier ?? 1) * 100) / 100;

/**
 * The editions and finishes a catalogue card can be owned in, from its listed variants: 1st Edition and
 * Unlimited where a listing names them, all three editions on Base Set; no editions for later sets.
 */
export function printingsOf(cardId: string, available: readonly string[]): { known: boolean; editions: TEdition[]; finishes: TFinish[] } {
  const baseSet = cardId.startsWith(`${BASE_SET_ID}-`);
  if (available.length === 0 && !baseSet)
    return { known: false, editions: ['first_edition', 'shadowless', 'unlimited'], finishes: ['normal', 'holofoil', 'reverse_holofoil'] };
  const editions: TEdition[] = baseSet
    ? ['first_edition', 'shadowless', 'unlimited']
    : available.some(isFirstEditionKey) || available.some((v) => v.startsWith('unlimited'))
      ? ['first_edition', 'unlimited']
      : [];
  const finishes = new Set<TFinish>();
  for (const v of available) {
    if (v === 'reverseHolofoil') finishes.add('reverse_holofoil');
    else if (/holofoil$/i.test(v)) finishes.add('holofoil');
    else finishes.add('normal');
  }
  const order: TFinish[] = ['normal', 'holofoil', 'reverse_holofoil'];
  return { known: available.length > 0, editions, finishes: finishes.size ? order.filter((f) => finishes.has(f)) : order };
}

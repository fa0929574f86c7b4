/**
 * Which print variant's price stands for a card when the collector did not say which copy they have.
 * The rule (written down in README's "Values" section too):
 * 1. Holo cards (rarity says holo, or an ultra/secret/illustration/shiny/radiant/amazing/prism rare):
 *    holofoil, then unlimited holofoil, then 1st edition holofoil.
 * 2. Every other card: normal, then unlimited, then 1st edition.
 * 3. Otherwise the first variant the source lists, with reverse holofoil last: it is a parallel print
 *    of a normal card, not the card itself.
 * Unlimited before 1st edition: the unlimited print is the common one, and the lower price is the safer
 * guess. Only variants that have a market price count.
 */
export const HOLO_RARITY = /holo|ultra|secret|rainbow|illustration|shiny|radiant|amazing|prism/i;
const HOLO_ORDER = ['holofoil', 'unlimitedHolofoil', '1stEditionHolofoil'];
const PLAIN_ORDER = ['normal', 'unlimited', '1stEdition', '1stEditionNormal'];

export function chooseVariant(rarity: string | null, available: readonly string[]): string | null {
  if (available.length === 0) return null;
  const preferred = rarity && HOLO_RARITY.test(rarity) ? HOLO_ORDER : PLAIN_ORDER;
  const hit = preferred.find((v) => available.includes(v));
  if (hit) return hit;
  return available.find((v) => v !== 'reverseHolofoil') ?? available[0];
}

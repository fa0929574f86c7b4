import type { PricedCard, PricingPort } from './port';

/** Typical ungraded prices by rarity (USD), conservative market medians. */
const BY_RARITY: [RegExp, number][] = [
  [/secret|hyper|special illustration|gold|rainbow/i, 45],
  [/ultra|illustration rare|full art|vmax|vstar|\bex\b|\bgx\b|\bv\b/i, 18],
  [/holo/i, 9],
  [/rare/i, 4],
  [/uncommon/i, 0.8],
  [/common/i, 0.4],
  [/promo/i, 3],
];

/** A stable per-card factor (0.7–1.5) so two cards of one rarity don't share a price. */
function cardFactor(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return 0.7 + ((h >>> 0) % 1000) / 1250;
}

export function createEmbeddedPricing(): PricingPort {
  return {
    kind: 'embedded',
    async rawValueUsd(card: PricedCard) {
      const base = BY_RARITY.find(([re]) => card.rarity && re.test(card.rarity))?.[1] ?? 2;
      // Famous names carry a premium in every set.
      const star = /charizard|pikachu|mewtwo|lugia|umbreon|rayquaza|gengar|blastoise|venusaur|mew\b/i.test(card.cardName) ? 2.5 : 1;
      return Math.round(base * star * cardFactor(card.cardId ?? card.cardName) * 100) / 100;
    },
  };
}

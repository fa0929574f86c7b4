import type { TValueSource } from '@contract/pricing';
import type { MarketPrice, MarketPriceSource, PricedCard, PricingPort, RawValue } from './port';
import { createSnapshotMarketPrices } from './snapshot-prices';

/** Typical ungraded prices by rarity (USD), conservative market medians: only for cards without a price. */
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

/** The rarity guess: for cards entered by hand and catalogue cards the price source does not know. */
export function rarityEstimateUsd(card: PricedCard): number {
  const base = BY_RARITY.find(([re]) => card.rarity && re.test(card.rarity))?.[1] ?? 2;
  // Famous names carry a premium in every set.
  const star = /charizard|pikachu|mewtwo|lugia|umbreon|rayquaza|gengar|blastoise|venusaur|mew\b/i.test(card.cardName) ? 2.5 : 1;
  return Math.round(base * star * cardFactor(card.cardId ?? card.cardName) * 100) / 100;
}

/** A market price as a value's basis: the listed price, and the premium when the printing had none. */
export function marketValueSource(market: MarketPrice): TValueSource {
  return {
    kind: 'market',
    provider: market.provider,
    asOf: market.asOf,
    variant: market.variant,
    marketUsd: market.premium ? market.premium.listedUsd : market.usd,
    ...(market.premium ? { premium: { printing: market.premium.printing, multiplier: market.premium.multiplier } } : {}),
  };
}

/** The embedded pricing: the card's market price from `prices` (the bundled snapshot by default), else the rarity guess. */
export function createEmbeddedPricing(prices: MarketPriceSource = createSnapshotMarketPrices()): PricingPort {
  return {
    kind: 'embedded',
    async rawValueUsd(card: PricedCard): Promise<RawValue> {
      const market = card.cardId
        ? await prices.marketPrice({ cardId: card.cardId, rarity: card.rarity, edition: card.edition ?? null, finish: card.finish ?? null })
        : null;
      if (market) return { usd: market.usd, source: marketValueSource(market) };
      return { usd: rarityEstimateUsd(card), source: { kind: 'estimate', method: 'rarity' } };
    },
  };
}

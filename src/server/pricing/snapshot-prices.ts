/**
 * The first `MarketPriceSource`: TCGplayer market prices from the bundled snapshot
 * (catalogue/snapshot/prices.json.gz, dated 2024-08-02; 17,776 of the catalogue's 19,653 cards). Read
 * once, on the first price asked for, and kept as card id → variant → market price.
 */
import { loadSnapshotPrices } from '../catalogue/snapshot';
import type { MarketPrice, MarketPriceSource } from './port';
import { chooseVariant } from './variant';

export const SNAPSHOT_PROVIDER = 'TCGplayer market';

export function createSnapshotMarketPrices(load = loadSnapshotPrices): MarketPriceSource & { readonly asOf: () => string } {
  let table: { asOf: string; cards: Map<string, Record<string, number>> } | null = null;
  const get = () => {
    if (!table) {
      const snapshot = load();
      const cards = new Map<string, Record<string, number>>();
      for (const [id, variants] of Object.entries(snapshot.cards)) {
        const market: Record<string, number> = {};
        for (const [variant, p] of Object.entries(variants)) if (typeof p.market === 'number' && p.market > 0) market[variant] = p.market;
        if (Object.keys(market).length) cards.set(id, market);
      }
      table = { asOf: snapshot.pricesDate, cards };
    }
    return table;
  };
  return {
    asOf: () => get().asOf,
    async marketPrice(card): Promise<MarketPrice | null> {
      const { asOf, cards } = get();
      const prices = cards.get(card.cardId);
      if (!prices) return null;
      const variant = chooseVariant(card.rarity, Object.keys(prices));
      return variant ? { usd: prices[variant], provider: SNAPSHOT_PROVIDER, asOf, variant } : null;
    },
  };
}

/**
 * The first `MarketPriceSource`: TCGplayer market prices from the bundled snapshot
 * (catalogue/snapshot/prices.json.gz, dated 2024-08-02; 17,776 of the catalogue's 19,653 cards). Read
 * once, on the first price asked for, and kept as card id → variant → market price.
 */
import { loadSnapshotPrices } from '../catalogue/snapshot';
import type { MarketPrice, MarketPriceSource } from './port';
import { pickPrintingVariant, pickedUsd } from './printing-price';

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
      const pick = pickPrintingVariant(card, Object.keys(prices));
      if (!pick) return null;
      const listedUsd = prices[pick.variant];
      return {
        usd: pickedUsd(pick, listedUsd),
        provider: SNAPSHOT_PROVIDER,
        asOf,
        variant: pick.variant,
        ...(pick.premium ? { premium: { ...pick.premium, listedUsd } } : {}),
      };
    },
    async listedVariants(cardId) {
      return Object.keys(get().cards.get(cardId) ?? {});
    },
  };
}

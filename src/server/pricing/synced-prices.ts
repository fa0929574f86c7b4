/**
 * Market prices the catalogue sync stored (card_prices, TCGplayer USD per variant, dated by the
 * source). They come first; the bundled snapshot answers for cards the sync has not priced yet.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cardPrices } from '../db/schema';
import type { MarketPrice, MarketPriceSource } from './port';
import { pickPrintingVariant, pickedUsd } from './printing-price';

export const SYNCED_PROVIDER = 'TCGplayer market (catalogue sync)';
/** Prices above this are not believed (the sync refuses them now; rows stored before it are passed over). */
const MAX_BELIEVED_USD = 1_000_000;

export function createSyncedMarketPrices(db: Db): MarketPriceSource {
  const listed = (cardId: string) =>
    db
      .select({ variant: cardPrices.variant, market: cardPrices.market, updatedAt: cardPrices.updatedAt, syncedAt: cardPrices.syncedAt })
      .from(cardPrices)
      .where(
        and(
          eq(cardPrices.cardId, cardId),
          eq(cardPrices.source, 'tcgplayer'),
          gt(cardPrices.market, 0),
          lte(cardPrices.market, MAX_BELIEVED_USD),
        ),
      );
  return {
    async marketPrice(card): Promise<MarketPrice | null> {
      const rows = await listed(card.cardId);
      const pick = pickPrintingVariant(
        card,
        rows.map((r) => r.variant),
      );
      const row = pick && rows.find((r) => r.variant === pick.variant);
      if (!pick || !row || row.market == null) return null;
      // The source's own date when it gave one, else the day it was synced.
      return {
        usd: pickedUsd(pick, row.market),
        provider: SYNCED_PROVIDER,
        asOf: row.updatedAt ?? row.syncedAt.toISOString().slice(0, 10),
        variant: row.variant,
        ...(pick.premium ? { premium: { ...pick.premium, listedUsd: row.market } } : {}),
      };
    },
    async listedVariants(cardId) {
      return (await listed(cardId)).map((r) => r.variant);
    },
  };
}

/** The first source that knows a price for the card. */
export function firstMarketPrice(...sources: MarketPriceSource[]): MarketPriceSource {
  return {
    async marketPrice(card) {
      for (const source of sources) {
        const price = await source.marketPrice(card);
        if (price) return price;
      }
      return null;
    },
    async listedVariants(cardId) {
      for (const source of sources) {
        const variants = (await source.listedVariants?.(cardId)) ?? [];
        if (variants.length) return variants;
      }
      return [];
    },
  };
}

/**
 * The pricing port: what an ungraded copy of a card is worth (USD), and what that figure rests on. The
 * grading engine turns it into per-platform graded values with the grade multipliers
 * (grade-multipliers.ts). Embedded default: the card's market price from a `MarketPriceSource` (the
 * bundled TCGplayer snapshot), a rarity estimate where the source has no price. A remote adapter (a
 * language model, a pricing service) implements the same port.
 */
import type { TValueSource } from '@contract/pricing';

import type { Printing } from './printing-price';

/** A card to price; the printing owned (issue 15) is optional: without it the old variant guess. */
export type PricedCard = { cardId: string | null; cardName: string; rarity: string | null } & Partial<Printing>;
export type RawValue = { usd: number; source: TValueSource };

export interface PricingPort {
  readonly kind: 'embedded' | 'remote';
  /** The ungraded value in USD and its basis (the method keeps its name: callers predate the basis). */
  rawValueUsd(card: PricedCard): Promise<RawValue>;
}

/** One card's market price, in USD, for one print variant, as of a date. */
export type MarketPrice = {
  usd: number;
  provider: string;
  asOf: string;
  variant: string;
  /** The owned printing has no listing: `usd` is `variant`'s price (`listedUsd`) times the premium. */
  premium?: { printing: string; multiplier: number; listedUsd: number };
};

/**
 * Where market prices come from. The bundled snapshot is the first source (snapshot-prices.ts); prices
 * synced into the database (issue 13) are the next: swap the source, nothing else changes.
 */
export interface MarketPriceSource {
  /**
   * The market price of the card's printing (printing-price.ts decides which listed variant, and the
   * premium when the printing has none of its own), or null when the source has none for the card.
   */
  marketPrice(card: { cardId: string; rarity: string | null } & Partial<Printing>): Promise<MarketPrice | null>;
  /** The variants the source lists with a market price (what printings a card was made in). */
  listedVariants?(cardId: string): Promise<string[]>;
}

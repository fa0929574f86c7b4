/**
 * The pricing port: what an ungraded copy of a card is worth (USD). The grading engine turns it into
 * per-platform graded values with its grade multipliers. Embedded default: a rarity-based estimate
 * from the bundled catalogue. A market-data or language-model adapter implements the same port.
 */
export type PricedCard = { cardId: string | null; cardName: string; rarity: string | null };

export interface PricingPort {
  readonly kind: 'embedded' | 'remote';
  rawValueUsd(card: PricedCard): Promise<number>;
}

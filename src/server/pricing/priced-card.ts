import type { TEdition, TFinish } from '@contract/printing';
import type { PricedCard } from './port';

/**
 * A user card as the pricing port reads it: identity, rarity and the printing owned (issue 15), so
 * every caller (grading, manual grading, the raw value, a printing change) prices the same printing.
 * The database checks edition and finish against the contract's words (migration 0007).
 */
export const pricedCard = (card: {
  cardId: string | null;
  cardName: string;
  rarity: string | null;
  edition: string | null;
  finish: string | null;
}): PricedCard => ({
  cardId: card.cardId,
  cardName: card.cardName,
  rarity: card.rarity,
  edition: card.edition as TEdition | null,
  finish: card.finish as TFinish | null,
});

/**
 * The sanity check every quote passes before it is written, whichever model made it: a value that is
 * negative, not finite, above $1,000,000 or above 20× the card's last price is taken for a mistake (a
 * misread decimal point, a different card), so the card fails and keeps its old price.
 */
import type { PricingGroup } from '../rules';
import { PLATFORMS, type PriceQuote } from './port';

export const MAX_VALUE_USD = 1_000_000;
export const MAX_JUMP = 20;

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Null when the quote is believable; otherwise a sentence saying why not. */
export function rejectQuote(group: Pick<PricingGroup, 'lastValues' | 'grades'>, quote: PriceQuote): string | null {
  if (!Number.isFinite(quote.rawUsd) || quote.rawUsd < 0) return `raw value ${quote.rawUsd} is not a price`;
  for (const p of PLATFORMS) {
    const v = quote.graded[p];
    const where = `${p} ${group.grades[p]}`;
    if (!Number.isFinite(v) || v < 0) return `${where} value ${v} is not a price`;
    if (v > MAX_VALUE_USD) return `${where} value ${money(v)} is above ${money(MAX_VALUE_USD)}`;
    const last = group.lastValues[p];
    if (last !== null && last > 0 && v > last * MAX_JUMP)
      return `${where} value ${money(v)} is more than ${MAX_JUMP}× the last price ${money(last)}`;
  }
  return null;
}

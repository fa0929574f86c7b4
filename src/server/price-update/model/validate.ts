/**
 * The sanity check every quote passes before it is written, whichever model made it: a value that is
 * negative, not finite, above $1,000,000, above 20× the card's last price, below a twentieth of it, or
 * under a cent (it would be stored as $0.00: a graded card is never worth nothing) is taken for a
 * mistake (a misread decimal point, a different card), so the card fails, keeps its old price, and
 * the run's results list it with this sentence. Falls are bounded as rises are: a model answering
 * 0.001 for a $20 card is as wrong as one answering $400.
 */
import type { PricingGroup } from '../rules';
import { PLATFORMS, type PriceQuote } from './port';

export const MAX_VALUE_USD = 1_000_000;
export const MAX_JUMP = 20;
/** The smallest value stored: values are kept in cents, and below this they would read $0.00. */
export const MIN_VALUE_USD = 0.01;

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Null when the quote is believable; otherwise a sentence saying why not. */
export function rejectQuote(group: Pick<PricingGroup, 'lastValues' | 'grades'>, quote: PriceQuote): string | null {
  if (!Number.isFinite(quote.rawUsd) || quote.rawUsd < 0) return `raw value ${quote.rawUsd} is not a price`;
  for (const p of PLATFORMS) {
    const v = quote.graded[p];
    const where = `${p} ${group.grades[p]}`;
    if (!Number.isFinite(v) || v < 0) return `${where} value ${v} is not a price`;
    if (v > MAX_VALUE_USD) return `${where} value ${money(v)} is above ${money(MAX_VALUE_USD)}`;
    if (Math.round(v * 100) < MIN_VALUE_USD * 100) return `${where} value ${v} would be stored as $0.00`;
    const last = group.lastValues[p];
    if (last !== null && last > 0 && v > last * MAX_JUMP)
      return `${where} value ${money(v)} is more than ${MAX_JUMP}× the last price ${money(last)}`;
    if (last !== null && last > 0 && v < last / MAX_JUMP)
      return `${where} value ${money(v)} is less than 1/${MAX_JUMP} of the last price ${money(last)}`;
  }
  return null;
}

/**
 * Money typed by a person: plain decimal text only ("12", "12.5", "1234.50"). Number("0x10") is 16,
 * Number("1e3") is 1000 and Number(" ") is 0, so text is never handed to Number() unchecked: it must
 * match this first. At most 7 whole digits (under 10,000,000) and 2 decimals (cents).
 */
export const PLAIN_DECIMAL = /^\d{1,7}(\.\d{1,2})?$/;
export const PLAIN_DECIMAL_MESSAGE = 'Enter an amount in dollars with digits and at most two decimals, such as 12.50';

/** Plain decimal text → integer cents, exactly (no binary floating point on the way). */
export function plainDecimalToCents(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

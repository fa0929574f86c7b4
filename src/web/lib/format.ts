const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Minor units (cents) shown as en-US dollars (spec §9). */
export const formatCents = (cents: number | null | undefined): string => (cents == null ? '—' : usd.format(cents / 100));
/** A decimal dollar amount, as the API sends values ("12.50"). */
export const formatDollars = (value: number | string | null | undefined, wholeDollars = false): string => {
  if (value == null || value === '') return '—';
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(n) ? (wholeDollars ? usdWhole : usd).format(n) : '—';
};
export const formatInteger = (n: number): string => integer.format(n);

const pluralRules = new Intl.PluralRules('en-US');
/** A noun's two en-US forms. */
export type Noun = { one: string; other: string };
export const CREDIT: Noun = { one: 'credit', other: 'credits' };
export const CARD: Noun = { one: 'card', other: 'cards' };
/** The noun in the form the count takes: 'credit' for 1, 'credits' for 0, 2 or 1,250. */
export const pluralNoun = (n: number, noun: Noun): string => (pluralRules.select(n) === 'one' ? noun.one : noun.other);
/** A count with its noun: "1 credit", "0 credits", "1,250 credits". */
export const formatCount = (n: number, noun: Noun): string => `${integer.format(n)} ${pluralNoun(n, noun)}`;
export const formatDate = (iso: string | Date): string => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string | Date): string => dateTimeFormat.format(new Date(iso));

/** "3 minutes ago" style text for notification times. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return 'just now';
}

const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const MINUS = '\u2212';

/** Short dollar amounts for chart axes: "$0", "$500", "$1.5K", "$1.2M". */
export const formatCompactDollars = (value: number): string => (Number.isFinite(value) ? usdCompact.format(value) : '—');
/** A change in dollars with its sign always shown: "+$12.50", "−$3.00" (a real minus sign), "$0.00". */
export const formatSignedDollars = (value: number): string =>
  !Number.isFinite(value) ? '—' : value > 0 ? `+${usd.format(value)}` : value < 0 ? `${MINUS}${usd.format(-value)}` : usd.format(0);
/** A change in percent with its sign: "+12.5%", "−3.0%", "0.0%". */
export const formatSignedPercent = (value: number): string => {
  if (!Number.isFinite(value)) return '—';
  const r = Math.round(value * 10) / 10;
  return `${r > 0 ? '+' : r < 0 ? MINUS : ''}${Math.abs(r).toFixed(1)}%`;
};
/** A "YYYY-MM" month as "Jan 2026" (or "January 2026" with `long`). */
export const formatMonth = (month: string, long = false): string => {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return (long ? monthLong : monthShort).format(Date.UTC(y, m - 1, 1));
};

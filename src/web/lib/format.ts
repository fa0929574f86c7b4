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
export const formatDate = (iso: string | Date): string => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string | Date): string => dateTimeFormat.format(new Date(iso));

/** "3 minutes ago" style text for notification times. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86400], ['hour', 3600], ['minute', 60]];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return 'just now';
}

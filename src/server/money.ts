/** Cents to the decimal string the API speaks ("1234.50"); null stays null. */
export const centsToDecimal = (cents: number | null | undefined): string | null =>
  cents === null || cents === undefined ? null : (cents / 100).toFixed(2);

/** numeric(12,2) columns arrive as strings; normalise to two places ("12.5" → "12.50"). */
export const normalizeDecimal = (v: string | null | undefined): string | null =>
  v === null || v === undefined ? null : Number(v).toFixed(2);

/**
 * What the sync accepts from a source, record by record. Anything beyond these fields is ignored;
 * a record that lacks one is skipped with a warning (never a crash), and prices may be null or absent.
 * The source is outside data, so it is held to the same rules as a request (issue 23.5): text has a
 * length cap and no control characters, a price is a finite figure from 0 to $1,000,000 (a market
 * price of 1e12 used to be stored, shown, and then overflow the grading's numeric columns: 500), and
 * an image URL is https (the browser shows it, the reference-image fetcher fetches it). A record that
 * breaks a rule is skipped with a warning naming the field, and the run goes on.
 */
import { z } from 'zod';
import { zText } from '@contract/text';
import type { cardPrices } from '../db/schema';

/** The highest market price believed from a source (the price model uses the same ceiling). */
export const MAX_SOURCE_PRICE = 1_000_000;

const text = (max = 200) => zText().trim().min(1).max(max);
const optionalText = (max = 200) => zText().trim().max(max).nullish();
const id = zText()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\s/\\]+$/, 'an id has no spaces or slashes'); // 'ex10-!' and 'ex10-?' are real (Unown)
const price = z.number().finite().min(0).max(MAX_SOURCE_PRICE).nullish();
const imageUrl = z
  .string()
  .max(500)
  .url()
  .refine((u) => new URL(u).protocol === 'https:', 'an image URL must be https')
  .nullish();

export const ZApiSet = z.object({
  id,
  name: text(),
  series: text(),
  printedTotal: z.number().int().min(0).max(100_000),
  total: z.number().int().min(0).max(100_000),
  releaseDate: text(10).regex(/^\d{4}[/-]\d{2}[/-]\d{2}$/, 'a release date is YYYY/MM/DD'),
  images: z.object({ symbol: imageUrl, logo: imageUrl }).partial().nullish(),
});

const ZTcgPrices = z.record(
  z.string(),
  z.object({ low: price, mid: price, high: price, market: price, directLow: price }).partial().nullable(),
);

export const ZApiCard = z.object({
  id,
  name: text(),
  supertype: text(40),
  subtypes: z.array(text(40)).max(20).nullish(),
  number: text(20),
  rarity: optionalText(100),
  artist: optionalText(),
  nationalPokedexNumbers: z.array(z.number().int().min(0).max(100_000)).max(20).nullish(),
  images: z.object({ small: imageUrl, large: imageUrl }).partial().nullish(),
  set: z.object({ id }).passthrough(),
  tcgplayer: z
    .object({ updatedAt: optionalText(40), prices: ZTcgPrices.nullish() })
    .passthrough()
    .nullish(),
  cardmarket: z
    .object({
      updatedAt: optionalText(40),
      prices: z.object({ averageSellPrice: price, lowPrice: price, trendPrice: price }).partial().passthrough().nullish(),
    })
    .passthrough()
    .nullish(),
});
export type TApiCard = z.infer<typeof ZApiCard>;

export type { CardRow, SetRow } from '../catalogue/rows';
export type PriceRow = typeof cardPrices.$inferInsert;

/** The first problem with a record, in a few words: the warning's message. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue.path.join('.') || 'record'}: ${issue.message}`;
}

/** The record's id when it has a readable one (for the warning), else its position. */
export const recordLabel = (record: unknown, index: number) => {
  const id = (record as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : `#${index + 1}`;
};

/** "2024/08/02" (the API's spelling) → "2024-08-02". */
const isoDate = (d: string | null | undefined) => (d ? d.replaceAll('/', '-') : null);

/** A card's prices: one row per TCGplayer variant (USD) with any figure, and one Cardmarket row (EUR). */
export function priceRows(c: TApiCard): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const [variant, p] of Object.entries(c.tcgplayer?.prices ?? {})) {
    if (!p || [p.low, p.mid, p.high, p.market].every((v) => v == null)) continue;
    rows.push({
      cardId: c.id,
      source: 'tcgplayer',
      variant,
      currency: 'USD',
      low: p.low ?? null,
      mid: p.mid ?? null,
      high: p.high ?? null,
      market: p.market ?? null,
      updatedAt: isoDate(c.tcgplayer?.updatedAt),
    });
  }
  const cm = c.cardmarket?.prices;
  if (cm && [cm.lowPrice, cm.averageSellPrice, cm.trendPrice].some((v) => v != null)) {
    rows.push({
      cardId: c.id,
      source: 'cardmarket',
      variant: 'normal',
      currency: 'EUR',
      low: cm.lowPrice ?? null,
      mid: cm.averageSellPrice ?? null,
      high: null,
      market: cm.trendPrice ?? null,
      updatedAt: isoDate(c.cardmarket?.updatedAt),
    });
  }
  return rows;
}

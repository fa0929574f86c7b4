/**
 * What the sync accepts from a source, record by record. Anything beyond these fields is ignored;
 * a record that lacks one is skipped with a warning (never a crash), and prices may be null or absent.
 */
import { z } from 'zod';
import type { cardPrices, cardSets, cards } from '../db/schema';

const text = z.string().trim().min(1);
const price = z.number().finite().nullish();

export const ZApiSet = z.object({
  id: text,
  name: text,
  series: text,
  printedTotal: z.number().int(),
  total: z.number().int(),
  releaseDate: text,
  images: z.object({ symbol: z.string().nullish(), logo: z.string().nullish() }).partial().nullish(),
});

const ZTcgPrices = z.record(
  z.string(),
  z.object({ low: price, mid: price, high: price, market: price, directLow: price }).partial().nullable(),
);

export const ZApiCard = z.object({
  id: text,
  name: text,
  supertype: text,
  subtypes: z.array(z.string()).nullish(),
  number: text,
  rarity: z.string().nullish(),
  artist: z.string().nullish(),
  nationalPokedexNumbers: z.array(z.number().int()).nullish(),
  images: z.object({ small: z.string().nullish(), large: z.string().nullish() }).partial().nullish(),
  set: z.object({ id: text }).passthrough(),
  tcgplayer: z.object({ updatedAt: z.string().nullish(), prices: ZTcgPrices.nullish() }).passthrough().nullish(),
  cardmarket: z
    .object({
      updatedAt: z.string().nullish(),
      prices: z.object({ averageSellPrice: price, lowPrice: price, trendPrice: price }).partial().passthrough().nullish(),
    })
    .passthrough()
    .nullish(),
});
export type TApiCard = z.infer<typeof ZApiCard>;

export type SetRow = typeof cardSets.$inferInsert;
export type CardRow = typeof cards.$inferInsert;
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

export const setRow = (s: z.infer<typeof ZApiSet>): SetRow => ({
  id: s.id,
  name: s.name,
  series: s.series,
  printedTotal: s.printedTotal,
  total: s.total,
  releaseDate: s.releaseDate,
  symbolUrl: s.images?.symbol ?? null,
  logoUrl: s.images?.logo ?? null,
});

export const cardRow = (c: TApiCard): CardRow => ({
  id: c.id,
  setId: c.set.id,
  name: c.name,
  supertype: c.supertype,
  subtypes: c.subtypes ?? [],
  number: c.number,
  rarity: c.rarity ?? null,
  artist: c.artist ?? null,
  nationalPokedexNumbers: c.nationalPokedexNumbers ?? [],
  imageSmall: c.images?.small ?? null,
  imageLarge: c.images?.large ?? null,
});

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

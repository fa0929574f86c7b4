/**
 * Batched upserts that write only what changed: a row whose columns all equal the incoming ones is
 * left alone (ON CONFLICT … DO UPDATE … WHERE (old) IS DISTINCT FROM (new)), so a second sync with
 * nothing new writes 0 rows, and `updated_at` moves only when a row really changed. Returns the
 * number of rows inserted or changed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cardPrices, cardSets, cards } from '../db/schema';
import type { CardRow, PriceRow, SetRow } from './records';

const BATCH = 500;

/** `("t"."a", "t"."b") IS DISTINCT FROM (excluded."a", excluded."b")` over the given columns. */
function changed(table: string, columns: string[]): SQL {
  const old = columns.map((c) => `"${table}"."${c}"`).join(', ');
  const incoming = columns.map((c) => `excluded."${c}"`).join(', ');
  return sql.raw(`(${old}) IS DISTINCT FROM (${incoming})`);
}
const fromExcluded = (columns: Record<string, string>) =>
  Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded."${column}"`)]));

/** Several records with one key in one statement make PostgreSQL refuse it: the last one wins. */
function lastPerKey<T>(rows: T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((r) => [key(r), r])).values()];
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<number>): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH) written += await write(rows.slice(i, i + BATCH));
  return written;
}

const SET_COLUMNS = {
  name: 'name',
  series: 'series',
  printedTotal: 'printed_total',
  total: 'total',
  releaseDate: 'release_date',
  symbolUrl: 'symbol_url',
  logoUrl: 'logo_url',
};
const CARD_COLUMNS = {
  setId: 'set_id',
  name: 'name',
  supertype: 'supertype',
  subtypes: 'subtypes',
  number: 'number',
  rarity: 'rarity',
  artist: 'artist',
  nationalPokedexNumbers: 'national_pokedex_numbers',
  imageSmall: 'image_small',
  imageLarge: 'image_large',
};
const PRICE_COLUMNS = { currency: 'currency', low: 'low', mid: 'mid', high: 'high', market: 'market', updatedAt: 'updated_at' };

export function upsertSets(db: DbOrTx, rows: SetRow[]): Promise<number> {
  return inBatches(
    lastPerKey(rows, (r) => r.id),
    async (batch) => {
      const done = await db
        .insert(cardSets)
        .values(batch)
        .onConflictDoUpdate({
          target: cardSets.id,
          set: { ...fromExcluded(SET_COLUMNS), updatedAt: sql`now()` },
          setWhere: changed('card_sets', Object.values(SET_COLUMNS)),
        })
        .returning({ id: cardSets.id });
      return done.length;
    },
  );
}

export function upsertCards(db: DbOrTx, rows: CardRow[]): Promise<number> {
  return inBatches(
    lastPerKey(rows, (r) => r.id),
    async (batch) => {
      const done = await db
        .insert(cards)
        .values(batch)
        .onConflictDoUpdate({
          target: cards.id,
          set: { ...fromExcluded(CARD_COLUMNS), updatedAt: sql`now()` },
          setWhere: changed('cards', Object.values(CARD_COLUMNS)),
        })
        .returning({ id: cards.id });
      return done.length;
    },
  );
}

export function upsertPrices(db: DbOrTx, rows: PriceRow[]): Promise<number> {
  return inBatches(
    lastPerKey(rows, (r) => `${r.cardId}\u0000${r.source}\u0000${r.variant}`),
    async (batch) => {
      const done = await db
        .insert(cardPrices)
        .values(batch)
        .onConflictDoUpdate({
          target: [cardPrices.cardId, cardPrices.source, cardPrices.variant],
          set: { ...fromExcluded(PRICE_COLUMNS), syncedAt: sql`now()` },
          setWhere: changed('card_prices', Object.values(PRICE_COLUMNS)),
        })
        .returning({ id: cardPrices.cardId });
      return done.length;
    },
  );
}

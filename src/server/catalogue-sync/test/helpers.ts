/** Shared by the sync tests and the sync bench: a catalogue's content hash and a small test catalogue. */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadApiShapedSnapshot, type ApiShapedCatalogue } from '../source/snapshot';

/** Row counts and a SHA-256 over every catalogue row's content (timestamps of the write left out). */
export async function catalogueFingerprint(db: Db) {
  const sets = await db.execute(
    sql`select id, name, series, printed_total, total, release_date, symbol_url, logo_url from card_sets order by id`,
  );
  const cards = await db.execute(
    sql`select id, set_id, name, supertype, subtypes, number, rarity, artist, national_pokedex_numbers, image_small, image_large from cards order by id`,
  );
  const prices = await db.execute(
    sql`select card_id, source, variant, currency, low, mid, high, market, updated_at from card_prices order by card_id, source, variant`,
  );
  const rows = (r: unknown) => (r as { rows?: unknown[] }).rows ?? (r as unknown[]);
  const hash = createHash('sha256')
    .update(JSON.stringify([rows(sets), rows(cards), rows(prices)]))
    .digest('hex');
  return { sets: rows(sets).length, cards: rows(cards).length, prices: rows(prices).length, hash };
}

/**
 * Every set, and the cards of a few vintage sets (Base Set's Charizard included), plus two records the
 * sync must skip with a warning: a card of a set nobody knows, and a card without a name.
 */
export function smallCatalogue(setIds = ['base1', 'base2', 'base3', 'base4', 'base5']): ApiShapedCatalogue {
  const full = loadApiShapedSnapshot();
  const keep = new Set(setIds);
  const cards = full.cards.filter((c) => keep.has(String((c.set as { id: string }).id)));
  const template = cards[0];
  cards.push({ ...template, id: 'base2-zz-unknown-set', set: { id: 'zz-unknown', name: 'Nowhere' } });
  const nameless: Record<string, unknown> = { ...template, id: 'base3-zz-nameless' };
  delete nameless.name;
  cards.push(nameless);
  cards.sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
  return { sets: full.sets, cards };
}

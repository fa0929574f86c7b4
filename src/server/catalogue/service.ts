import { asc, eq } from 'drizzle-orm';
import type { TCatalogueCard } from '@contract/catalogue';
import type { Db } from '../db/client';
import { cardSets, cards } from '../db/schema';
import { CardSearchIndex, type SearchOptions } from './search-index';

/** Refresh the in-memory index at most this often, so a catalogue sync in another process shows up. */
const INDEX_MAX_AGE_MS = 10 * 60_000;

/** A catalogue card as the contract shows it (TCatalogueCard): its row joined to its set's. */
const CATALOGUE_CARD_COLUMNS = {
  id: cards.id,
  name: cards.name,
  number: cards.number,
  rarity: cards.rarity,
  setId: cards.setId,
  setName: cardSets.name,
  series: cardSets.series,
  setPrintedTotal: cardSets.printedTotal,
  releaseDate: cardSets.releaseDate,
  imageSmall: cards.imageSmall,
  imageLarge: cards.imageLarge,
};

export function createCatalogueService(db: Db) {
  let index: { built: number; value: Promise<CardSearchIndex> } | null = null;

  async function loadCards(): Promise<TCatalogueCard[]> {
    return db.select(CATALOGUE_CARD_COLUMNS).from(cards).innerJoin(cardSets, eq(cardSets.id, cards.setId));
  }

  function getIndex(): Promise<CardSearchIndex> {
    if (!index || Date.now() - index.built > INDEX_MAX_AGE_MS) {
      const value = loadCards().then((rows) => new CardSearchIndex(rows));
      value.catch(() => (index = null));
      index = { built: Date.now(), value };
    }
    return index.value;
  }

  return {
    async search(q: string, opts: SearchOptions) {
      return (await getIndex()).search(q, opts);
    },
    /** Call after a catalogue sync in this process. */
    invalidate() {
      index = null;
    },
    async listSets() {
      return db
        .select({ id: cardSets.id, name: cardSets.name, series: cardSets.series, total: cardSets.total, releaseDate: cardSets.releaseDate })
        .from(cardSets)
        .orderBy(asc(cardSets.releaseDate));
    },
    async getCard(id: string): Promise<TCatalogueCard | undefined> {
      const rows = await db
        .select(CATALOGUE_CARD_COLUMNS)
        .from(cards)
        .innerJoin(cardSets, eq(cardSets.id, cards.setId))
        .where(eq(cards.id, id))
        .limit(1);
      return rows[0];
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

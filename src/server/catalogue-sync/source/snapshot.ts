/**
 * The `snapshot` adapter (the default): the bundled catalogue (catalogue/snapshot/) served through the
 * same paged interface as the live API, so a sync runs offline on a fresh clone. Cards are shaped as
 * the API shapes them: the whole set object under `set`, and the bundled TCGplayer prices (dated
 * 2024-08-02) under `tcgplayer.prices` with their date in `tcgplayer.updatedAt`.
 */
import {
  loadSnapshotCards,
  loadSnapshotPrices,
  loadSnapshotSets,
  type SnapshotCard,
  type SnapshotPrices,
  type SnapshotSet,
} from '../../catalogue/snapshot';
import type { CatalogueSource, Listing, SourcePage } from './port';

export interface ApiShapedCatalogue {
  sets: Record<string, unknown>[];
  cards: Record<string, unknown>[];
}

/** The API's set object for a snapshot set: the snapshot keeps the API's fields, so only `images` is filled in. */
export function apiSet(s: SnapshotSet): Record<string, unknown> {
  return { ...s, images: s.images ?? {} };
}

/** The API's card object: set embedded, prices where the API puts them (absent when the dump has none). */
export function apiCard(c: SnapshotCard, set: Record<string, unknown> | undefined, prices: SnapshotPrices): Record<string, unknown> {
  const { setId, ...rest } = c;
  const card: Record<string, unknown> = { ...rest, set: set ?? { id: setId } };
  const variants = prices.cards[c.id];
  if (variants) {
    card.tcgplayer = {
      url: `https://prices.pokemontcg.io/tcgplayer/${c.id}`,
      updatedAt: prices.pricesDate.replaceAll('-', '/'),
      prices: variants,
    };
  }
  return card;
}

const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0;

/** The whole bundled catalogue in API shape, ordered by id (the order both adapters page in). */
export function loadApiShapedSnapshot(): ApiShapedCatalogue {
  const prices = loadSnapshotPrices();
  const sets = loadSnapshotSets().map(apiSet);
  const setById = new Map(sets.map((s) => [String(s.id), s]));
  const cards = loadSnapshotCards().map((c) => apiCard(c, setById.get(c.setId), prices));
  return { sets: sets.sort(byId), cards: cards.sort(byId) };
}

/** One page of a listing, in the API's envelope. */
export function pageOf(all: readonly unknown[], page: number, pageSize: number): SourcePage {
  const data = all.slice((page - 1) * pageSize, page * pageSize);
  return { data, page, pageSize, count: data.length, totalCount: all.length };
}

/**
 * Loaded on the first page and kept by this source only: a source lives for one run, so the ~100 MB of
 * card objects are released when the run ends instead of staying in the server for good.
 */
export function createSnapshotSource(loadCatalogue: () => ApiShapedCatalogue = loadApiShapedSnapshot): CatalogueSource {
  let loaded: ApiShapedCatalogue | null = null;
  const load = () => (loaded ??= loadCatalogue());
  return {
    kind: 'snapshot',
    async fetchPage(listing: Listing, page: number, pageSize: number) {
      return pageOf(load()[listing], page, pageSize);
    },
  };
}

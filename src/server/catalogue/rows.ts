/**
 * A catalogue set or card as the catalogue tables store it, whichever source it comes from: the
 * bundled snapshot (seed.ts, first start) or a sync source's checked records (catalogue-sync/).
 * One mapper each, so the two loads cannot fill a column differently.
 */
import type { cardSets, cards } from '../db/schema';

export type SetRow = typeof cardSets.$inferInsert;
export type CardRow = typeof cards.$inferInsert;

/** What both sources say of a set (the sync's records allow null where the snapshot leaves a field out). */
export interface SetRecord {
  id: string;
  name: string;
  series: string;
  printedTotal: number;
  total: number;
  releaseDate: string;
  images?: { symbol?: string | null; logo?: string | null } | null;
}

/** What both sources say of a card; `setId` is the snapshot's field (the API nests it as `set.id`). */
export interface CardRecord {
  id: string;
  setId: string;
  name: string;
  supertype: string;
  subtypes?: string[] | null;
  number: string;
  rarity?: string | null;
  artist?: string | null;
  nationalPokedexNumbers?: number[] | null;
  images?: { small?: string | null; large?: string | null } | null;
}

export const setRow = (s: SetRecord): SetRow => ({
  id: s.id,
  name: s.name,
  series: s.series,
  printedTotal: s.printedTotal,
  total: s.total,
  releaseDate: s.releaseDate,
  symbolUrl: s.images?.symbol ?? null,
  logoUrl: s.images?.logo ?? null,
});

export const cardRow = (c: CardRecord): CardRow => ({
  id: c.id,
  setId: c.setId,
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

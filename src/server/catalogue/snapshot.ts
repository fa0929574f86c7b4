import fs from 'node:fs';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** The bundled catalogue snapshot (Pokémon TCG data, 169 sets, 19,653 cards): the offline catalogue source. */
export interface SnapshotSet {
  id: string;
  name: string;
  series: string;
  printedTotal: number;
  total: number;
  releaseDate: string;
  images?: { symbol?: string; logo?: string };
}
export interface SnapshotCard {
  id: string;
  name: string;
  supertype: string;
  subtypes?: string[];
  number: string;
  rarity?: string;
  setId: string;
  artist?: string;
  nationalPokedexNumbers?: number[];
  images?: { small?: string; large?: string };
}

const dir = fileURLToPath(new URL('./snapshot/', import.meta.url));
const readJson = <T>(name: string): T => JSON.parse(fs.readFileSync(dir + name, 'utf8')) as T;

export const loadSnapshotSets = () => readJson<SnapshotSet[]>('sets.json');
export const loadSnapshotCards = () => readJson<SnapshotCard[]>('cards.json');

/** TCGplayer prices per card id and print variant (USD), dated; gzip-compressed in the repository. */
export interface SnapshotPrices {
  source: string;
  pricesDate: string;
  currency: 'USD';
  cards: Record<
    string,
    Record<string, { low?: number | null; mid?: number | null; high?: number | null; market?: number | null; directLow?: number | null }>
  >;
}
export const loadSnapshotPrices = (): SnapshotPrices =>
  JSON.parse(zlib.gunzipSync(fs.readFileSync(dir + 'prices.json.gz')).toString('utf8')) as SnapshotPrices;

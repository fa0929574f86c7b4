import fs from 'node:fs';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { CardRecord, SetRecord } from './rows';

/** The bundled catalogue snapshot (Pokémon TCG data, 169 sets, 19,653 cards): the offline catalogue source. */
export type SnapshotSet = SetRecord;
export type SnapshotCard = CardRecord;

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

/**
 * Catalogue search over the bundled 19,653 cards: the in-memory index's build time, and per-query
 * latency (p50 / p99) for a mix of what collectors type: exact names, half-typed names, typos, set and
 * number words, a set filter, and a whole set listed without a query. The route adds only its zod
 * parsing and JSON to these figures.
 *   npm run bench:catalogue-search      (BENCH_ROUNDS=… to vary)
 */
import { loadSnapshotCards, loadSnapshotSets } from '../src/server/catalogue/snapshot';
import { CardSearchIndex, type SearchOptions } from '../src/server/catalogue/search-index';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const sets = new Map(loadSnapshotSets().map((s) => [s.id, s]));
const cards = loadSnapshotCards().map((c) => {
  const s = sets.get(c.setId)!;
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    rarity: c.rarity ?? null,
    setId: c.setId,
    setName: s.name,
    series: s.series,
    setPrintedTotal: s.printedTotal,
    releaseDate: s.releaseDate,
    imageSmall: c.images?.small ?? null,
    imageLarge: c.images?.large ?? null,
  };
});

const built = performance.now();
const index = new CardSearchIndex(cards);
const buildMs = performance.now() - built;

const QUERIES: Array<[string, SearchOptions]> = [
  ['Charizard', { limit: 20 }],
  ['charizard', { limit: 20, offset: 20 }],
  ['chari', { limit: 20 }],
  ['charzard', { limit: 20 }],
  ['charizard base 4', { limit: 20 }],
  ['charizard 4/102', { limit: 20 }],
  ['Pikachu', { limit: 20 }],
  ['pikachu', { limit: 20, setId: 'base1' }],
  ['Professor Oak', { limit: 20 }],
  ['Mew', { limit: 20 }],
  ['Pokémon', { limit: 20 }],
  ['dark', { limit: 20 }],
  ['', { limit: 20, setId: 'swsh12pt5' }],
];
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const all: number[] = [];
const rows: string[] = [];
for (const [q, opts] of QUERIES) index.search(q, opts); // warm up
for (const [q, opts] of QUERIES) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    index.search(q, opts);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  const label = `${q || '(empty)'}${opts.setId ? ` in ${opts.setId}` : ''}${opts.offset ? ` page 2` : ''}`;
  rows.push(`  ${label.padEnd(28)} p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms`);
}
all.sort((a, b) => a - b);
console.log(`catalogue search over ${index.size.toLocaleString('en-US')} cards, ${ROUNDS} rounds per query`);
console.log(`index build ${buildMs.toFixed(0)} ms, heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
console.log(rows.join('\n'));
console.log(`all queries: p50 ${pct(all, 50).toFixed(2)} ms, p99 ${pct(all, 99).toFixed(2)} ms`);

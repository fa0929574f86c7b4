/**
 * Catalogue sync from a loopback Pokémon TCG API serving the whole bundled catalogue (169 sets,
 * 19,653 cards in 79 pages of 250, 17,776 of them priced) into an empty database: wall time,
 * records and rows per second, peak memory (RSS of this process, which also runs the loopback API);
 * then a second run with nothing changed (rows written must be 0); then the cancel latency, in
 * process (the fetch is aborted) and from another process (the heartbeat sees the flag).
 *   npm run bench:sync        (DATABASE_URL=… for PostgreSQL; BENCH_PAGE_DELAY_MS=… to slow pages)
 */
import { eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { syncLogs } from '../src/server/db/schema';
import { systemClock } from '../src/server/deps';
import { createPokemonTcgSource } from '../src/server/catalogue-sync/source/pokemontcg';
import { loadApiShapedSnapshot } from '../src/server/catalogue-sync/source/snapshot';
import { createSyncWorker } from '../src/server/catalogue-sync/worker';
import { createCatalogueSyncService } from '../src/server/catalogue-sync/service';
import { startLoopbackApi } from '../src/server/catalogue-sync/test/loopback-api';
import { catalogueFingerprint } from '../src/server/catalogue-sync/test/helpers';

const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
const { db } = database;
const api = await startLoopbackApi(loadApiShapedSnapshot());
const pageDelay = Number(process.env.BENCH_PAGE_DELAY_MS ?? 0);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

const worker = createSyncWorker({
  db,
  clock: systemClock,
  openSource: () => createPokemonTcgSource({ baseUrl: api.url, timeoutMs: 30_000, requestBudget: 500 }),
});
const service = createCatalogueSyncService({ db, abortLocal: (id) => worker.abortLocal(id) });
const logOf = async (id: string) => (await db.select().from(syncLogs).where(eq(syncLogs.id, id)))[0];

async function fullSync() {
  const { syncLogId } = await service.start('full');
  const started = performance.now();
  await worker.runOnce();
  return { log: await logOf(syncLogId), seconds: (performance.now() - started) / 1000 };
}

const baseRss = process.memoryUsage().rss;
const first = await fullSync();
const fp = await catalogueFingerprint(db);
const written = first.log.metadata.rowsWritten ?? 0;
console.log(`database: ${database.kind}`);
console.log(
  `first full sync: ${first.log.status}, ${first.log.processedRecords} records (${fp.sets} sets, ${fp.cards} cards, ${fp.prices} price rows), ${written} rows written`,
);
console.log(
  `  wall ${first.seconds.toFixed(1)} s, ${(first.log.processedRecords / first.seconds).toFixed(0)} records/s, ${(written / first.seconds).toFixed(0)} rows written/s`,
);
console.log(`  peak RSS ${mb(peakRss)} (${mb(baseRss)} before the run; the loopback API and its catalogue live in this process too)`);

const second = await fullSync();
console.log(
  `second full sync, nothing changed: ${second.log.status}, rows written ${second.log.metadata.rowsWritten}, wall ${second.seconds.toFixed(1)} s`,
);

async function cancelLatency(inProcess: boolean) {
  api.setDelay(pageDelay || 300);
  const { syncLogId } = await service.start('cards');
  const run = worker.runOnce();
  while (((await logOf(syncLogId)).metadata.currentPage ?? 1) < 3) await new Promise((r) => setTimeout(r, 10));
  const asked = performance.now();
  if (inProcess) await service.cancel(syncLogId);
  // Another process only sets the flag; this one learns it from its heartbeat.
  else await createCatalogueSyncService({ db }).cancel(syncLogId);
  await run;
  const ms = performance.now() - asked;
  const log = await logOf(syncLogId);
  api.setDelay(pageDelay);
  return `${ms.toFixed(0)} ms (${log.status} on page ${log.metadata.currentPage}, pages take ${pageDelay || 300} ms)`;
}
console.log(`cancel latency, same process: ${await cancelLatency(true)}`);
console.log(`cancel latency, from another process: ${await cancelLatency(false)}`);

clearInterval(sampler);
await api.close();
await database.close();

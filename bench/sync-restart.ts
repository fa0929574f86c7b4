/**
 * A catalogue sync interrupted by kill -9, on the real server (src/server/main.ts) reading the Pokémon
 * TCG API from a loopback peer (the whole bundled catalogue, pages slowed to BENCH_PAGE_DELAY_MS,
 * default 100 ms): start a full sync as the demo admin, SIGKILL the server part-way through the
 * cards, start it again on the same data, check the run shows failed on the page it was on, resume it,
 * wait for completed, and compare the catalogue (row counts + content hash) with a clean full sync
 * into a fresh database. Exits 1 when they differ or records were counted twice.
 *   npm run bench:sync-restart
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TSyncLog } from '@contract/catalogue-sync';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { seedCatalogue } from '../src/server/seed';
import { systemClock } from '../src/server/deps';
import { createPokemonTcgSource } from '../src/server/catalogue-sync/source/pokemontcg';
import { loadApiShapedSnapshot } from '../src/server/catalogue-sync/source/snapshot';
import { createSyncWorker } from '../src/server/catalogue-sync/worker';
import { createCatalogueSyncService } from '../src/server/catalogue-sync/service';
import { startLoopbackApi } from '../src/server/catalogue-sync/test/loopback-api';
import { catalogueFingerprint } from '../src/server/catalogue-sync/test/helpers';
import { startMainServer } from './lib/main-server';

const api = await startLoopbackApi(loadApiShapedSnapshot());
api.setDelay(Number(process.env.BENCH_PAGE_DELAY_MS ?? 100));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-bench-sync-restart-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const password = 'bench demo password';
const env = {
  DATA_DIR: dataDir,
  DEMO: 'true',
  DEMO_PASSWORD: password,
  RATE_LIMIT: 'false',
  CATALOGUE_SOURCE: 'pokemontcg',
  POKEMONTCG_API_BASE: api.url,
};

async function adminClient(base: string) {
  const csrf = 'bench-csrf-token';
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const sid = /sid=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
  const headers = { cookie: `csrf_token=${csrf}; sid=${sid}`, 'x-csrf-token': csrf };
  return async <T>(method: string, url: string) => {
    const r = await fetch(`${base}/api/admin/sync${url}`, { method, headers });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
}

let server = await startMainServer({ port, env });
let id = '';
let failedOk = false;
try {
  let call = await adminClient(server.base);
  id = (await call<{ syncLogId: string }>('POST', '/start-full')).syncLogId;
  let log = await call<TSyncLog>('GET', `/logs/${id}`);
  while (!(log.metadata.phase === 'cards' && (log.metadata.currentPage ?? 0) >= 30)) {
    if (log.status !== 'running') throw new Error(`the sync ended (${log.status}) before it was killed`);
    await new Promise((r) => setTimeout(r, 20));
    log = await call<TSyncLog>('GET', `/logs/${id}`);
  }
  server.child.kill('SIGKILL');
  await new Promise((r) => server.child.once('exit', r));
  console.log(`kill -9 on cards page ${log.metadata.currentPage} (${log.processedRecords} of ${log.totalRecords} records)`);

  server = await startMainServer({ port, env });
  call = await adminClient(server.base);
  const after = await call<TSyncLog>('GET', `/logs/${id}`);
  failedOk = after.status === 'failed' && (after.metadata.currentPage ?? 0) >= 30;
  console.log(
    `after restart: ${after.status} on ${after.metadata.phase} page ${after.metadata.currentPage}; last error: ${after.lastError}`,
  );
  console.log(`resume: ${(await call<{ message: string }>('POST', `/resume/${id}`)).message}`);
  const resumedAt = performance.now();
  log = await call<TSyncLog>('GET', `/logs/${id}`);
  while (log.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    log = await call<TSyncLog>('GET', `/logs/${id}`);
  }
  console.log(
    `resumed run: ${log.status} in ${((performance.now() - resumedAt) / 1000).toFixed(1)} s, ${log.processedRecords}/${log.totalRecords} records, ${log.errorCount} errors`,
  );
  if (log.status !== 'completed' || log.processedRecords !== log.totalRecords) process.exitCode = 1;
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

const killed = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
const afterKill = await catalogueFingerprint(killed.db);
await killed.close();

// The reference: a clean full sync from the same API into a fresh, freshly seeded database.
api.setDelay(0);
const clean = await openDatabase({ kind: 'pglite' });
await migrateDatabase(clean);
await seedCatalogue(clean.db);
const worker = createSyncWorker({
  db: clean.db,
  clock: systemClock,
  openSource: () => createPokemonTcgSource({ baseUrl: api.url, timeoutMs: 30_000, requestBudget: 500 }),
});
await createCatalogueSyncService({ db: clean.db }).start('full');
await worker.runOnce();
const reference = await catalogueFingerprint(clean.db);
await clean.close();
await api.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const same = JSON.stringify(afterKill) === JSON.stringify(reference);
console.log(
  `killed + resumed: ${afterKill.sets} sets, ${afterKill.cards} cards, ${afterKill.prices} prices, ${afterKill.hash.slice(0, 16)}`,
);
console.log(
  `clean full sync:  ${reference.sets} sets, ${reference.cards} cards, ${reference.prices} prices, ${reference.hash.slice(0, 16)}`,
);
console.log(same && failedOk ? 'EQUAL: no duplicates, nothing missing' : 'DIFFERENT');
if (!same || !failedOk) process.exitCode = 1;

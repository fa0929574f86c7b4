/**
 * A 10,000-row collection import against the real server (src/server/main.ts as `npm start` runs it,
 * on its embedded PGlite database): the upload with its parse and catalogue match (the preview), one
 * preview page, and the confirm that writes every matched row in one transaction. The file is shaped
 * like a TCGplayer export of random catalogue cards, with some rows a set name off (ambiguous) and
 * some numbers that do not exist (unmatched). Prints the times and the server's peak resident memory.
 *   npm run bench:import
 *   BENCH_ROWS=5000 npm run bench:import
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { TConfirmImportResponse, TImportPreviewResponse } from '../src/contract/collection-io';
import { loadSnapshotCards, loadSnapshotSets } from '../src/server/catalogue/snapshot';
import { hasWebBuild, memoryOf, registeredClient, startMainServer } from './lib/main-server';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const cards = loadSnapshotCards();
const setName = new Map(loadSnapshotSets().map((s) => [s.id, s.name]));

/** The same file for every run: a small deterministic generator. */
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 2 ** 24;
const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const PRINTINGS = ['Normal', 'Holofoil', 'Reverse Holofoil', '1st Edition Holofoil', 'Unlimited'];
const lines = ['Quantity,Name,Set,Card Number,Printing,Condition,Price'];
for (let i = 0; i < ROWS; i++) {
  const c = cards[Math.floor(random() * cards.length)];
  const r = random();
  const set = r < 0.03 ? `${setName.get(c.setId)} Promo Box` : (setName.get(c.setId) ?? c.setId);
  const number = r > 0.98 ? '9999' : c.number;
  const printing = PRINTINGS[Math.floor(random() * PRINTINGS.length)];
  lines.push(
    [1 + Math.floor(random() * 3), quote(c.name), quote(set), number, printing, 'Near Mint', (random() * 200).toFixed(2)].join(','),
  );
}
const file = Buffer.from(lines.join('\r\n') + '\r\n');

if (!hasWebBuild()) execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts'], { stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-bench-import-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const server = await startMainServer({ port, env: { DATA_DIR: dataDir, DEMO: 'false', RATE_LIMIT: 'false' } });
try {
  const client = await registeredClient(server.base, `import_${process.pid}`);
  const idle = memoryOf(server.pid);
  let peak = idle.rssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rssMb)), 25);

  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'tcgplayer.csv');
  const res = await client.fetch('/api/collection-imports', { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const preview = (await res.json()) as TImportPreviewResponse;
  const t1 = performance.now();
  const page = await client.fetch(`/api/collection-imports/${preview.id}?status=ambiguous&page=2`);
  await page.text();
  const t2 = performance.now();
  const confirm = await client.fetch(`/api/collection-imports/${preview.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ choices: [] }),
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  const done = (await confirm.json()) as TConfirmImportResponse;
  const t3 = performance.now();
  const exported = await client.fetch('/api/user-cards/export.csv');
  const exportBytes = (await exported.arrayBuffer()).byteLength;
  const t4 = performance.now();
  clearInterval(sampler);
  const after = memoryOf(server.pid);

  const { counts } = preview;
  console.log(`\nCollection import: ${ROWS.toLocaleString('en-US')} rows, ${(file.length / 1048576).toFixed(2)} MB (TCGplayer-shaped)`);
  console.log(
    `  preview (upload, parse, match):  ${((t1 - t0) / 1000).toFixed(2)} s  → ${counts.matched} matched, ${counts.ambiguous} ambiguous, ${counts.unmatched} unmatched`,
  );
  console.log(`  one preview page:                ${((t2 - t1) / 1000).toFixed(2)} s`);
  console.log(
    `  confirm (one transaction):       ${((t3 - t2) / 1000).toFixed(2)} s  → ${done.imported} cards written, ${done.skipped} left out`,
  );
  console.log(`  export of the collection:        ${((t4 - t3) / 1000).toFixed(2)} s  (${(exportBytes / 1048576).toFixed(2)} MB)`);
  console.log(`  import total:                    ${((t3 - t0) / 1000).toFixed(2)} s`);
  console.log(
    `  server resident memory: ${idle.rssMb.toFixed(0)} MB before → peak ${peak.toFixed(0)} MB (sampled every 25 ms; VmHWM ${after.peakMb.toFixed(0)} MB, includes start-up), ${after.rssMb.toFixed(0)} MB after`,
  );
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * GET /api/binders/{id} for a binder of 500 graded cards: requests per second and p99 latency under
 * autocannon at 50 connections, for first fetches (no If-None-Match: the whole document, compressed as
 * the client accepts) and repeat fetches (If-None-Match with the current ETag: 304), the latency of a
 * fetch right after the binder changed (the document is built again), and the SQL statements per
 * request (must not grow with the cards).
 *   npm run bench:binder         (BINDER_CARDS=…, BENCH_SECONDS=…, DATABASE_URL=… to vary)
 */
import autocannon from 'autocannon';
import { startChild } from './lib/child-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startChild('bench/binder-api-server.ts');
const [token, binderId] = server.extra.split(' ');
const base = `http://127.0.0.1:${server.port}`;
const url = `${base}/api/binders/${binderId}`;
const headers = { cookie: `sid=${token}; csrf_token=bench` };
const queryCount = async () => ((await (await fetch(`${base}/bench/queries`)).json()) as { queries: number }).queries;

const res = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
const body = (await res.json()) as { cards: unknown[] };
const bytes = JSON.stringify(body).length;
const etag = res.headers.get('etag')!;
const sizes: string[] = [];
for (const coding of ['br', 'gzip']) {
  const r = await fetch(url, { headers: { ...headers, 'accept-encoding': coding } });
  // fetch() decompresses; the wire size is the Content-Length the server sent.
  sizes.push(`${coding} ${(Number(r.headers.get('content-length')) / 1024).toFixed(0)} KB`);
  await r.arrayBuffer();
}

// Queries per request, measured cold (session not cached) and warm, one request at a time.
const perRequest: number[] = [];
for (let i = 0; i < 5; i++) {
  const before = await queryCount();
  await (await fetch(url, { headers })).arrayBuffer();
  perRequest.push((await queryCount()) - before);
}

// A fetch right after a change builds and caches the new version: one request at a time.
const afterChange: number[] = [];
for (let i = 0; i < 20; i++) {
  await fetch(`${base}/bench/touch`, { method: 'POST' });
  const started = performance.now();
  await (await fetch(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } })).arrayBuffer();
  afterChange.push(performance.now() - started);
}
afterChange.sort((a, b) => a - b);
const current = (await fetch(url, { headers })).headers.get('etag')!;

async function load(label: string, extra: Record<string, string>, expectStatus: number) {
  const opts = { url, connections: 50, headers: { ...headers, ...extra } };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: DURATION, expectBody: undefined });
  const wrong = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => Number(code) !== expectStatus);
  if (r.errors || wrong.length) throw new Error(`${label}: ${r.errors} errors, status codes ${JSON.stringify(r.statusCodeStats)}`);
  return `${label.padEnd(44)} ${r.requests.average.toLocaleString('en-US').padStart(8)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;
}
const lines = [
  await load('first fetch, uncompressed', {}, 200),
  await load('first fetch, Accept-Encoding: br, gzip', { 'accept-encoding': 'br, gzip' }, 200),
  await load('repeat fetch, If-None-Match (304)', { 'accept-encoding': 'br, gzip', 'if-none-match': current }, 304),
];
server.child.kill();

console.log(
  `\nGET /api/binders/{id}: ${body.cards.length} cards, ${(bytes / 1024).toFixed(0)} KB JSON (${sizes.join(', ')}), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
console.log(`SQL statements per request: ${perRequest.join(', ')} (session cache warm after the first)`);
console.log(
  `first fetch after a change (document built): median ${afterChange[10].toFixed(1)} ms, worst ${afterChange[19].toFixed(1)} ms (first ETag ${etag})`,
);
console.log(`autocannon 50 connections, ${DURATION} s:`);
for (const line of lines) console.log(`  ${line}`);

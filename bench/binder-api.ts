/**
 * GET /api/binders/{id} for a binder of 500 graded cards: requests per second and p99 latency under
 * autocannon at 50 connections, and the SQL statements per request (must not grow with the cards).
 *   npm run bench:binder         (BINDER_CARDS=…, BENCH_SECONDS=…, DATABASE_URL=… to vary)
 */
import autocannon from 'autocannon';
import { startChild } from './lib/child-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startChild('bench/binder-api-server.ts');
const [token, binderId] = server.extra.split(' ');
const base = `http://127.0.0.1:${server.port}`;
const headers = { cookie: `sid=${token}; csrf_token=bench` };
const queryCount = async () => ((await (await fetch(`${base}/bench/queries`)).json()) as { queries: number }).queries;

const res = await fetch(`${base}/api/binders/${binderId}`, { headers });
const body = (await res.json()) as { cards: unknown[] };
const bytes = JSON.stringify(body).length;

// Queries per request, measured cold (session not cached) and warm, one request at a time.
const perRequest: number[] = [];
for (let i = 0; i < 5; i++) {
  const before = await queryCount();
  await fetch(`${base}/api/binders/${binderId}`, { headers });
  perRequest.push((await queryCount()) - before);
}

await autocannon({ url: `${base}/api/binders/${binderId}`, connections: 50, duration: 2, headers });
const r = await autocannon({ url: `${base}/api/binders/${binderId}`, connections: 50, duration: DURATION, headers });
server.child.kill();
if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);

console.log(`\nGET /api/binders/{id}: ${body.cards.length} cards, ${(bytes / 1024).toFixed(0)} KB JSON, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
console.log(`SQL statements per request: ${perRequest.join(', ')} (session cache warm after the first)`);
console.log(`autocannon 50 connections, ${DURATION} s: ${r.requests.average.toLocaleString('en-US')} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
if (process.env.BENCH_VERBOSE) console.log(r.latency);

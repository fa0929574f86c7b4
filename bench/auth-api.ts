/**
 * GET /api/auth/user (signed in) against a bare Fastify route, same machine, same run:
 * requests per second and p99 latency under autocannon with 50 connections.
 *   npm run bench:auth            (embedded PGlite)
 *   DATABASE_URL=… npm run bench:auth
 */
import autocannon from 'autocannon';
import { startChild } from './lib/child-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url: string, headers: Record<string, string> = {}) {
  // Warm up (JIT, connection pool), then measure.
  await autocannon({ url, connections: 50, duration: 2, headers });
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
}

const bare = await startChild('bench/auth-api-server.ts', { MODE: 'bare' });
const bareResult = await load(`http://127.0.0.1:${bare.port}/bare`);
bare.child.kill();

const app = await startChild('bench/auth-api-server.ts', { MODE: 'app' });
const appResult = await load(`http://127.0.0.1:${app.port}/api/auth/user`, { cookie: `sid=${app.extra}; csrf_token=bench` });
app.child.kill();

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
console.log(`\nautocannon, 50 connections, ${DURATION} s each, 2 cores shared by server and load generator`);
console.log(`bare Fastify route          ${fmt(bareResult.rps)} req/s   p50 ${bareResult.p50} ms   p99 ${bareResult.p99} ms`);
console.log(`GET /api/auth/user (${db})  ${fmt(appResult.rps)} req/s   p50 ${appResult.p50} ms   p99 ${appResult.p99} ms`);
const ratio = (appResult.rps / bareResult.rps) * 100;
console.log(`ratio: ${ratio.toFixed(1)}% of the bare route (target ≥ 40%) ${ratio >= 40 ? 'PASS' : 'FAIL'}`);

/**
 * The back-office at scale (issue 12): p50/p99 of the users page (plain and searched), the submissions
 * page (all, a status, a deep page) and the stats call at 20 connections, on PostgreSQL with 100,000
 * users and 1,000,000 gradings.
 *   DATABASE_URL=postgres://… npm run bench:admin   (ADMIN_USERS, ADMIN_GRADINGS, BENCH_SECONDS to vary)
 */
import autocannon from 'autocannon';
import { startChild } from './lib/child-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startChild('bench/admin-api-server.ts');
const [token, seedSeconds, userCount, gradingCount] = server.extra.split(' ');
const base = `http://127.0.0.1:${server.port}`;
const headers = { cookie: `sid=${token}; csrf_token=bench` };
const { prefix } = (await (await fetch(`${base}/api/admin/path`, { headers })).json()) as { prefix: string };

async function load(label: string, path: string) {
  const url = `${base}${prefix}${path}`;
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`${label}: ${first.status} ${await first.text()}`);
  await first.arrayBuffer();
  const opts = { url, connections: 20, headers };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: DURATION });
  const wrong = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => Number(code) !== 200);
  if (r.errors || wrong.length) throw new Error(`${label}: ${r.errors} errors, status codes ${JSON.stringify(r.statusCodeStats)}`);
  return `${label.padEnd(40)} ${r.requests.average.toLocaleString('en-US').padStart(7)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;
}

const lines = [
  await load('users, page 1', '/users?page=1&pageSize=25'),
  await load('users, search "u4242"', '/users?search=u4242&pageSize=25'),
  await load('users, search "@example" page 40', '/users?search=%40example&page=40&pageSize=25'),
  await load('submissions, page 1', '/submissions?page=1&pageSize=25'),
  await load('submissions, status=failed, page 1', '/submissions?status=failed&page=1&pageSize=25'),
  await load('submissions, page 200', '/submissions?page=200&pageSize=25'),
  await load('stats', '/stats'),
];
console.log(
  `admin API on PostgreSQL: ${userCount} users, ${gradingCount} gradings (seeded in ${seedSeconds} s), 20 connections, ${DURATION} s each`,
);
for (const line of lines) console.log(line);
server.child.kill('SIGINT');

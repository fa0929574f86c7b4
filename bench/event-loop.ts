/**
 * Does grading stall the web process? Starts the app in its own process, queues four gradings and,
 * while they run, keeps 4 connections requesting GET /api/auth/user back to back. Prints that
 * route's latency (p50, p99, max) during the gradings and, for comparison, with nothing running.
 *   npm run bench:event-loop            (embedded PGlite; DATABASE_URL=… for PostgreSQL)
 */
import { startChild } from './lib/child-server';
import { percentile } from '../src/engine/index';

const CONNECTIONS = 4;
const server = await startChild('bench/event-loop-server.ts');
const [token, idList] = server.extra.split(' ');
const cardIds = idList.split(',');
const base = `http://127.0.0.1:${server.port}`;
const headers = { cookie: `sid=${token}; csrf_token=bench`, 'x-csrf-token': 'bench' };

/** Requests /api/auth/user on CONNECTIONS loops until `until()` says stop; returns each latency in ms. */
async function hammer(until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!until()) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/auth/user`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`/api/auth/user answered ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

// Idle figures first (warm-up included, then 3 s measured).
await hammer(
  (
    (end) => () =>
      Date.now() > end
  )(Date.now() + 1000),
);
const idle = await hammer(
  (
    (end) => () =>
      Date.now() > end
  )(Date.now() + 3000),
);

const gradingIds: string[] = [];
for (const id of cardIds) {
  const res = await fetch(`${base}/api/user-cards/${id}/grade`, { method: 'POST', headers });
  if (res.status !== 202) throw new Error(`grade: ${res.status} ${await res.text()}`);
  gradingIds.push(((await res.json()) as { gradingId: string }).gradingId);
}
const t0 = performance.now();
let finished = false;
const watcher = (async () => {
  for (;;) {
    const states = await Promise.all(
      gradingIds.map(async (g) => ((await (await fetch(`${base}/api/gradings/${g}`, { headers })).json()) as { status: string }).status),
    );
    if (states.every((s) => s === 'completed' || s === 'failed')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  finished = true;
})();
const busy = await hammer(() => finished);
await watcher;
const seconds = (performance.now() - t0) / 1000;
server.child.kill();

const fmt = (xs: number[]) =>
  `p50 ${percentile(xs, 0.5).toFixed(1)} ms  p99 ${percentile(xs, 0.99).toFixed(1)} ms  max ${Math.max(...xs).toFixed(0)} ms  (${xs.length} requests)`;
console.log(`\nGET /api/auth/user, ${CONNECTIONS} connections back to back (2 cores shared with the load generator and other work):`);
console.log(`  idle                      ${fmt(idle)}`);
console.log(`  during ${cardIds.length} gradings (${seconds.toFixed(1)} s) ${fmt(busy)}`);

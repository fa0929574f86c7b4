/**
 * The weekly price update's figures:
 * - preview time (the §6 coverage counts in SQL) over PRICE_BENCH_CARDS graded cards (default 100,000);
 * - cards priced per second by a whole run with the embedded estimator over those cards;
 * - cards priced per second with the `openai` adapter against a loopback OpenAI-compatible server that
 *   answers each call after PRICE_BENCH_MODEL_MS (default 300 ms), over PRICE_BENCH_MODEL_CARDS cards
 *   (default 3,000), and the model calls it made per 1,000 cards.
 *   npm run bench:price-update        (DATABASE_URL=postgres://… for PostgreSQL; PGlite otherwise)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { seedCatalogue } from '../src/server/seed';
import { createEstimatorModel } from '../src/server/price-update/model/estimator';
import { createOpenAiModel } from '../src/server/price-update/model/openai';
import type { PriceModel } from '../src/server/price-update/model/port';
import { createPriceUpdateRunner } from '../src/server/price-update/runner';
import { coverageCounts } from '../src/server/price-update/rules';
import { createSnapshotMarketPrices } from '../src/server/pricing/snapshot-prices';

const CARDS = Number(process.env.PRICE_BENCH_CARDS ?? 100_000);
const MODEL_CARDS = Number(process.env.PRICE_BENCH_MODEL_CARDS ?? 3_000);
const MODEL_MS = Number(process.env.PRICE_BENCH_MODEL_MS ?? 300);
const market = createSnapshotMarketPrices();
const clock = { now: () => new Date() };

async function open(): Promise<Database> {
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  return database;
}

/**
 * `n` graded cards on 2,000 users (a tenth of them Pro), catalogue cards chosen so that many cards are
 * held more than once, graded over the last two years: made with set-based SQL, not row by row.
 */
async function fill(database: Database, n: number, tag: string) {
  const db = database.db;
  const users = Math.max(10, Math.min(2000, Math.floor(n / 50)));
  await db.execute(sql`INSERT INTO users (username, email, password_hash)
    SELECT ${tag} || '_' || i, ${tag} || '_' || i || '@bench.test', 'x' FROM generate_series(1, ${users}::int) i`);
  await db.execute(sql`INSERT INTO provider_subscriptions (id, user_id, provider, status, plan, amount, currency)
    SELECT 'sub_' || ${tag} || '_' || u.id, u.id, 'local', 'active', 'pro', 999, 'usd' FROM users u WHERE u.username LIKE ${tag + '_%'} AND right(u.username, 1) = '7'`);
  await db.execute(
    sql`CREATE TEMP TABLE bench_ids AS SELECT row_number() OVER (ORDER BY id) AS k, id, name, number, rarity FROM cards WHERE id IN (SELECT id FROM cards ORDER BY id LIMIT 5000)`,
  );
  await db.execute(
    sql`CREATE TEMP TABLE bench_users AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM users WHERE username LIKE ${tag + '_%'}`,
  );
  await db.execute(sql`INSERT INTO user_cards (id, user_id, card_id, card_name, card_set, card_number, rarity)
    SELECT gen_random_uuid(), u.id, c.id, c.name, 'Bench', c.number, c.rarity
    FROM generate_series(1, ${n}::int) i
    JOIN bench_users u ON u.k = 1 + (i % ${users}::int)
    JOIN bench_ids c ON c.k = 1 + ((i * 7919) % (SELECT count(*) FROM bench_ids))`);
  await db.execute(sql`INSERT INTO gradings (grading_id, user_card_id, user_id, status, progress, psa_grade, bgs_grade, cgc_grade, recommended_platform,
      psa_estimated_value, bgs_estimated_value, cgc_estimated_value, created_at, completed_at)
    SELECT 'B-' || uc.id, uc.id, uc.user_id, 'completed', 100, 8 + (abs(hashtext(uc.id::text)) % 3), 9, 9, 'PSA', 50, 45, 40,
      now() - make_interval(days => 8 + abs(hashtext(uc.id::text || 'd')) % 720), now() - make_interval(days => 8 + abs(hashtext(uc.id::text || 'd')) % 720)
    FROM user_cards uc JOIN bench_users u ON u.id = uc.user_id`);
  await db.execute(sql`DROP TABLE bench_ids; DROP TABLE bench_users`).catch(async () => {
    await db.execute(sql`DROP TABLE bench_ids`);
    await db.execute(sql`DROP TABLE bench_users`);
  });
  await db.execute(sql`ANALYZE`);
}

async function run(database: Database, model: PriceModel) {
  const runner = createPriceUpdateRunner({ db: database.db, model, clock, graceDays: 7, maxCalls: 1_000_000, market });
  const started = performance.now();
  const { done } = await runner.start('admin');
  const finished = await done;
  const seconds = (performance.now() - started) / 1000;
  return { seconds, stats: finished.stats, status: finished.status };
}

const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const lines: string[] = [];
{
  const database = await open();
  const t0 = performance.now();
  await fill(database, CARDS, `pb${Date.now().toString(36)}`);
  console.log(`filled ${CARDS.toLocaleString('en-US')} graded cards in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const times: number[] = [];
  let counts = await coverageCounts(database.db, { now: clock.now(), graceDays: 7 });
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    counts = await coverageCounts(database.db, { now: clock.now(), graceDays: 7 });
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  lines.push(
    `preview over ${counts.totalCards.toLocaleString('en-US')} graded cards (${counts.cardsToUpdate.toLocaleString('en-US')} to update, ${counts.pricingGroups.toLocaleString('en-US')} prices): median ${times[2].toFixed(0)} ms, max ${times[4].toFixed(0)} ms`,
  );
  const r = await run(database, createEstimatorModel());
  lines.push(
    `estimator run: ${r.stats.processed.toLocaleString('en-US')} cards (${r.stats.succeeded.toLocaleString('en-US')} prices) in ${r.seconds.toFixed(1)} s = ${Math.round(r.stats.processed / r.seconds).toLocaleString('en-US')} cards/s, ${r.status}`,
  );
  await database.close();
}
{
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(data) as { messages: { content: string }[] };
      const cards = (JSON.parse(body.messages[1].content) as { cards: { id: string; marketPriceUsd: { ungraded: number } | null }[] })
        .cards;
      const prices = cards.map((c) => {
        const raw = c.marketPriceUsd?.ungraded ?? 5;
        return { id: c.id, rawUsd: raw, psa: raw * 2, bgs: raw * 1.8, cgc: raw * 1.6, confidence: 0.6, basis: 'loopback' };
      });
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ prices }) } }] }));
      }, MODEL_MS);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const database = await open();
  await fill(database, MODEL_CARDS, `pm${Date.now().toString(36)}`);
  const r = await run(database, createOpenAiModel({ url, model: 'loopback', batchSize: 10, concurrency: 3 }));
  lines.push(
    `openai adapter, loopback answering in ${MODEL_MS} ms (10 cards/call, 3 at once): ${r.stats.processed.toLocaleString('en-US')} cards in ${r.seconds.toFixed(1)} s = ${(r.stats.processed / r.seconds).toFixed(1)} cards/s; ${r.stats.apiCalls.toLocaleString('en-US')} calls = ${((r.stats.apiCalls / r.stats.processed) * 1000).toFixed(0)} calls per 1,000 cards (${r.stats.succeeded.toLocaleString('en-US')} distinct prices)`,
  );
  server.closeAllConnections();
  server.close();
  await database.close();
}
console.log(`\nWeekly price update on ${kind}:`);
for (const l of lines) console.log(`  ${l}`);

/**
 * Server side of bench/webhooks.ts: the real app (Stripe adapter, webhook secret set) with USERS
 * starter accounts and ORDERS pending credit orders. GET /bench/orders hands the orders to the load
 * generator; GET /bench/totals answers what the database holds afterwards.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { createOutboxMail } from '../src/server/adapters/mail/outbox';
import { systemClock } from '../src/server/deps';
import { orders, users } from '../src/server/db/schema';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const config = loadConfig({
  LOG_LEVEL: 'silent',
  RATE_LIMIT: 'false',
  DATABASE_URL: process.env.DATABASE_URL,
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_WEBHOOK_SECRET: process.env.BENCH_WEBHOOK_SECRET!,
  // Checkout completions for payment orders never call the API; an unreachable base proves it.
  STRIPE_API_BASE: 'http://127.0.0.1:9',
});
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
const db = database.db;
const tag = randomBytes(4).toString('hex');
const people = await db
  .insert(users)
  .values(
    Array.from({ length: USERS }, (_, i) => ({
      username: `wh_${tag}_${i}`,
      email: `wh_${tag}_${i}@example.test`,
      passwordHash: 'x',
      credits: 0,
    })),
  )
  .returning({ id: users.id });
const made: { id: string; userId: string; credits: number; sessionId: string }[] = [];
for (let start = 0; start < ORDERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, ORDERS - start) }, (_, k) => {
    const i = start + k;
    const credits = [5, 20, 60][i % 3];
    return {
      userId: people[i % USERS].id,
      package: ['small', 'standard', 'large'][i % 3],
      credits,
      amount: [999, 2999, 7499][i % 3],
      currency: 'usd',
      provider: 'stripe',
      providerSessionId: `cs_bench_${tag}_${i}`,
    };
  });
  made.push(
    ...(
      await db
        .insert(orders)
        .values(batch)
        .returning({ id: orders.id, userId: orders.userId, credits: orders.credits, sessionId: orders.providerSessionId })
    ).map((o) => ({ ...o, sessionId: o.sessionId! })),
  );
}

const app = await buildApp(
  { config, database, mail: createOutboxMail(db), clock: systemClock, secret: 'bench'.repeat(8) },
  { logger: false },
);
app.get('/bench/orders', { config: { access: 'public' } }, async () => made);
app.get('/bench/totals', { config: { access: 'public' } }, async () => {
  const ids = sql.join(
    people.map((p) => sql`${p.id}::uuid`),
    sql`, `,
  );
  const [credits] = (
    (await db.execute<{ credits: number; ledger: number; completed: number }>(sql`
    select (select coalesce(sum(credits), 0)::int from users where id in (${ids})) as credits,
           (select count(*)::int from credit_ledger where user_id in (${ids})) as ledger,
           (select count(*)::int from orders where provider_session_id like ${`cs_bench_${tag}_%`} and status = 'completed') as completed`)) as {
      rows: { credits: number; ledger: number; completed: number }[];
    }
  ).rows;
  return credits;
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as { port: number }).port}`);
process.on('SIGINT', () => process.exit(0));

/**
 * Server side of bench/admin-api.ts: the real app on PostgreSQL with ADMIN_USERS users and
 * ADMIN_GRADINGS gradings made by SQL generate_series (once; a rerun reuses them), and one admin session.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { createSessionStore } from '../src/server/auth/sessions';
import { createOutboxMail } from '../src/server/adapters/mail/outbox';
import { systemClock } from '../src/server/deps';
import { users } from '../src/server/db/schema';

const USERS = Number(process.env.ADMIN_USERS ?? 100_000);
const GRADINGS = Number(process.env.ADMIN_GRADINGS ?? 1_000_000);
if (!process.env.DATABASE_URL) throw new Error('bench:admin needs DATABASE_URL (PostgreSQL): the figures are for PostgreSQL');
const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT: 'false', DATABASE_URL: process.env.DATABASE_URL, DATABASE_POOL_SIZE: '20' });
const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl!, poolSize: 20 });
await migrateDatabase(database);
const db = database.db;

const count = async (table: string) =>
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
  ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0].n;
const started = performance.now();
if ((await count('users')) < USERS) {
  await db.execute(sql`insert into users (username, email, password_hash, first_name, role, credits, created_at)
    select 'bench_u' || g, 'bench_u' || g || '@example.test', 'x', 'First' || (g % 977), case when g % 5000 = 0 then 'admin' else 'user' end, 0,
           now() - (g || ' seconds')::interval
    from generate_series(1, ${USERS}) g on conflict do nothing`);
  // One card per user; the gradings share them (10 each).
  await db.execute(sql`insert into user_cards (user_id, card_name, card_set, card_number, rarity, images)
    select id, 'Card ' || (abs(hashtext(id::text)) % 5000), 'Base', (abs(hashtext(id::text)) % 102 + 1)::text, 'Rare', '{}'::jsonb from users where username like 'bench_u%'`);
}
if ((await count('gradings')) < GRADINGS) {
  await db.execute(sql`with c as (select id, user_id, row_number() over (order by id) as rn from user_cards)
    insert into gradings (grading_id, user_card_id, user_id, status, progress, psa_grade, bgs_grade, cgc_grade, created_at, completed_at)
    select 'GV-' || lpad(upper(to_hex(g)), 10, '0'), c.id, c.user_id,
           (array['completed','completed','completed','completed','completed','completed','completed','completed','completed','failed'])[g % 10 + 1],
           100, 8 + g % 3, 8.5, 9, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(1, ${GRADINGS}) g join c on c.rn = g % (select count(*) from user_cards) + 1`);
  // A few running now, as in life (a worker holds each with a live lease).
  await db.execute(
    sql`update gradings set status = 'processing', lease_expires_at = now() + interval '1 hour' where id in (select id from gradings order by created_at desc limit 8)`,
  );
  await db.execute(sql`analyze`);
}
const seedSeconds = ((performance.now() - started) / 1000).toFixed(0);

const [admin] = await db
  .insert(users)
  .values({ username: `bench_admin_${Date.now()}`, email: `bench_admin_${Date.now()}@example.test`, passwordHash: 'x', role: 'admin' })
  .returning();
const token = await createSessionStore(db, systemClock, 30).create(admin.id, {});
const app = await buildApp(
  { config, database, mail: createOutboxMail(db), clock: systemClock, secret: 'bench'.repeat(8) },
  { logger: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(
  `READY ${(app.server.address() as { port: number }).port} ${token} ${seedSeconds} ${await count('users')} ${await count('gradings')}`,
);
process.on('SIGINT', () => process.exit(0));

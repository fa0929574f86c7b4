/**
 * Server side of bench/event-loop.ts: the real app (grading worker included, as with `npm start`) on
 * an embedded database, one signed-in user with credits, and four cards already uploaded. Prints
 * `READY <port> <session token> <card ids, comma-separated>`.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { createSessionStore } from '../src/server/auth/sessions';
import { createOutboxMail } from '../src/server/adapters/mail/outbox';
import { systemClock } from '../src/server/deps';
import { users } from '../src/server/db/schema';
import { generateSyntheticCard } from '../src/server/grading/engine/synthetic/generator';

const CARDS = Number(process.env.BENCH_GRADINGS ?? 4);
const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT: 'false', DATA_DIR: '.tmp/bench-event-loop', DATABASE_URL: process.env.DATABASE_URL });
const database = config.databaseUrl ? await openDatabase({ kind: 'postgres', url: config.databaseUrl }) : await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
const tag = randomBytes(4).toString('hex');
const [user] = await database.db.insert(users).values({ username: `loop_${tag}`, email: `loop_${tag}@example.test`, passwordHash: 'x', credits: CARDS }).returning();
const token = await createSessionStore(database.db, systemClock, 30).create(user!.id, {});
const app = await buildApp({ config, database, mail: createOutboxMail(database.db), clock: systemClock, secret: 'bench'.repeat(8) }, { logger: false });
await app.gradingWorker.start();
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const headers = { cookie: `sid=${token}; csrf_token=bench`, 'x-csrf-token': 'bench' };
const ids: string[] = [];
for (let i = 0; i < CARDS; i++) {
  const card = await generateSyntheticCard(710_000 + i, { defectRate: 0.5 });
  const form = new FormData();
  for (const [k, v] of Object.entries({ cardName: 'Charizard', cardSet: 'Base', cardNumber: '4', rarity: 'Rare Holo' })) form.append(k, v);
  form.append('front', new Blob([new Uint8Array(card.front)], { type: 'image/jpeg' }), 'front.jpg');
  form.append('back', new Blob([new Uint8Array(card.back)], { type: 'image/jpeg' }), 'back.jpg');
  const res = await fetch(`${base}/api/user-cards`, { method: 'POST', body: form, headers });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  ids.push(((await res.json()) as { id: string }).id);
}
console.log(`READY ${(app.server.address() as { port: number }).port} ${token} ${ids.join(',')}`);

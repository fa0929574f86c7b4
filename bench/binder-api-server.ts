/**
 * Server side of bench/binder-api.ts: the real app with one owner and a binder of BINDER_CARDS graded
 * cards. Counts the SQL statements it runs and answers them at GET /bench/queries; POST /bench/touch
 * renames the binder (a new version).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { createSessionStore } from '../src/server/auth/sessions';
import { createOutboxMail } from '../src/server/adapters/mail/outbox';
import { systemClock } from '../src/server/deps';
import { binderCards, binders, gradings, userCards, users } from '../src/server/db/schema';

const N = Number(process.env.BINDER_CARDS ?? 500);
let queries = 0;
const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT: 'false', DATABASE_URL: process.env.DATABASE_URL });
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, onQuery: () => queries++ })
  : await openDatabase({ kind: 'pglite', onQuery: () => queries++ });
await migrateDatabase(database);
const db = database.db;
const tag = randomBytes(4).toString('hex');
const [owner] = await db
  .insert(users)
  .values({ username: `binder_${tag}`, email: `binder_${tag}@example.test`, passwordHash: 'x' })
  .returning();
const [binder] = await db
  .insert(binders)
  .values({ userId: owner.id, name: `${N} cards` })
  .returning();
const cardsRows = await db
  .insert(userCards)
  .values(
    Array.from({ length: N }, (_, i) => ({
      userId: owner.id,
      cardName: `Card ${i}`,
      cardSet: 'Base',
      cardNumber: String(i + 1),
      rarity: i % 3 ? 'Common' : 'Rare',
      images: { front: `x/${i}.jpg` },
    })),
  )
  .returning({ id: userCards.id });
const gradingRows = await db
  .insert(gradings)
  .values(
    cardsRows.map((c, i) => ({
      gradingId: `B-${tag}-${i}`,
      userCardId: c.id,
      userId: owner.id,
      status: 'completed' as const,
      psaGrade: 8 + (i % 3),
      bgsGrade: 8.5,
      cgcGrade: 9,
      recommendedPlatform: ['PSA', 'BGS', 'CGC'][i % 3],
      psaEstimatedValue: '100.00',
      bgsEstimatedValue: '90.00',
      cgcEstimatedValue: '80.00',
      completedAt: new Date(),
    })),
  )
  .returning({ id: gradings.id });
await db.insert(binderCards).values(cardsRows.map((c, i) => ({ binderId: binder.id, userCardId: c.id, submissionId: gradingRows[i].id })));
const token = await createSessionStore(db, systemClock, 30).create(owner.id, {});

const app = await buildApp(
  { config, database, mail: createOutboxMail(db), clock: systemClock, secret: 'bench'.repeat(8) },
  { logger: false },
);
app.get('/bench/queries', { config: { access: 'public' } }, async () => ({ queries }));
// Changes the binder (a new version), so the bench can time the fetch that builds the document again.
app.post('/bench/touch', { config: { access: 'public' } }, async () => {
  await db
    .update(binders)
    .set({ name: `${N} cards ${Date.now()}` })
    .where(eq(binders.id, binder.id));
  return { ok: true };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as { port: number }).port} ${token} ${binder.id}`);
process.on('SIGINT', () => process.exit(0));

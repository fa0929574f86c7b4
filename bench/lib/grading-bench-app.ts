/**
 * The real app for the grading benchmarks: migrated database (embedded, or DATABASE_URL), the grading
 * worker running in-process as with `npm start`, listening on a loopback port, and one signed-in user
 * with `credits` credits. Returns what a client needs to call it as that user.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { createSessionStore } from '../../src/server/auth/sessions';
import { createOutboxMail } from '../../src/server/adapters/mail/outbox';
import { systemClock } from '../../src/server/deps';
import { users } from '../../src/server/db/schema';

export async function startGradingBenchApp(options: { dataDir: string; usernamePrefix: string; credits: number }) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    DATA_DIR: options.dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
  });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const tag = randomBytes(4).toString('hex');
  const name = `${options.usernamePrefix}_${tag}`;
  const [user] = await database.db
    .insert(users)
    .values({ username: name, email: `${name}@example.test`, passwordHash: 'x', credits: options.credits })
    .returning();
  const token = await createSessionStore(database.db, systemClock, 30).create(user.id, {});
  const app = await buildApp(
    { config, database, mail: createOutboxMail(database.db), clock: systemClock, secret: 'bench'.repeat(8) },
    { logger: false },
  );
  await app.gradingWorker.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = { cookie: `sid=${token}; csrf_token=bench`, 'x-csrf-token': 'bench' };
  return { app, database, base, headers, token };
}

/**
 * Server side of bench/auth-api.ts. MODE=bare: a bare Fastify route. MODE=app: the real app on an
 * embedded database with one signed-in user; prints the session cookie for the load generator.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { createSessionStore } from '../src/server/auth/sessions';
import { createOutboxMail } from '../src/server/adapters/mail/outbox';
import { systemClock } from '../src/server/deps';
import { users } from '../src/server/db/schema';

if (process.env.MODE === 'bare') {
  const app = Fastify();
  app.get('/bare', async () => ({ id: 'x', username: 'bare' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${(app.server.address() as { port: number }).port}`);
} else {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const [user] = await database.db
    .insert(users)
    .values({ username: `bench_${Date.now()}`, email: `bench_${Date.now()}@example.test`, passwordHash: 'x' })
    .returning();
  const token = await createSessionStore(database.db, systemClock, 30).create(user.id, {});
  const app = await buildApp(
    { config, database, mail: createOutboxMail(database.db), clock: systemClock, secret: 'bench-secret-bench-secret-bench-secret' },
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${(app.server.address() as { port: number }).port} ${token}`);
}

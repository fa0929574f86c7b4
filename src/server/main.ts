import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { openDatabase, migrateDatabase } from './db/client';
import { seedDatabase } from './seed';
import { loadServerSecret } from './db/secret';
import { createOutboxMail } from './adapters/mail/outbox';
import { createSmtpMail } from './adapters/mail/smtp';
import { buildApp } from './app';
import { systemClock } from './deps';

/**
 * The web app `npm run build` writes: dist/web beside dist/server, from this file in the bundle
 * (dist/server/main.mjs) and from the source (src/server/main.ts, under `npm run dev`) alike. The
 * server never builds it: building needs Vite, a devDependency, and several processes starting
 * together would race on the folder. `npm start` (scripts/start.mjs) builds first, once, under a lock.
 */
const WEB_DIST = fileURLToPath(new URL('../../dist/web', import.meta.url));

const started = Date.now();
const config = loadConfig();

const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
await migrateDatabase(database);
const seeded = await seedDatabase(database, { demo: config.demo, demoPassword: config.demoPassword });
const secret = await loadServerSecret(database.db, config.secretKey);

const serveWeb = config.role !== 'worker' && fs.existsSync(path.join(WEB_DIST, 'index.html'));
if (config.role !== 'worker' && !serveWeb)
  console.warn(`The web app is not built (${WEB_DIST}): serving the API only. Run \`npm run build\`, or start with \`npm start\`.`);

const mail = config.smtpUrl ? createSmtpMail(database.db, config.smtpUrl, config.mailFrom) : createOutboxMail(database.db);
const app = await buildApp({ config, database, mail, clock: systemClock, secret }, { webDist: serveWeb ? WEB_DIST : undefined });

if (seeded.catalogue) app.log.info(`catalogue loaded: ${seeded.catalogue.sets} sets, ${seeded.catalogue.cards} cards`);
if (seeded.demo?.created.length) {
  const pw = seeded.demo.generatedPassword;
  // Printed once, on the start that creates the accounts; set DEMO_PASSWORD to choose it instead.
  console.log(
    `\nDemo accounts: ${seeded.demo.created.join(', ')}\n` +
      (pw ? `Demo password (shown once): ${pw}\n` : 'Demo password: the value of DEMO_PASSWORD\n'),
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Grading jobs run in this process unless it is a web-only process (ROLE=web) of a larger deployment.
if (config.role !== 'web') {
  await app.gradingWorker.start();
  // Catalogue syncs run where the jobs run; a run this process lost at its last stop shows failed now.
  await app.syncWorker.start();
  // Reconciliation with the payment provider (and the embedded provider's renewals) run beside the workers.
  app.paymentsJob.start();
  // The weekly price update's schedule (PRICE_UPDATE_SCHEDULE) and the resumption of an interrupted run.
  await app.priceUpdateSchedule.start();
}

if (config.role !== 'worker') {
  await app.listen({ port: config.port, host: config.host });
  console.log(`GradeVault ready on http://localhost:${config.port} (${database.kind}, ${Date.now() - started} ms)`);
}

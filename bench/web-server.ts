/** The built app on a throwaway embedded database, for browser benchmarks. Prints `READY <port>`. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { createOutboxMail } from '../src/server/adapters/mail/outbox';
import { systemClock } from '../src/server/deps';
import { WEB_DIST } from '../scripts/build-web';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gv-bench-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir });
const database = await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
const app = await buildApp(
  { config, database, mail: createOutboxMail(database.db), clock: systemClock, secret: 'bench'.repeat(8) },
  { webDist: WEB_DIST, logger: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as { port: number }).port}`);

/**
 * Writes docs/openapi.json from the route schemas (the zod contract). A test fails when the
 * committed file drifts from the code: run `npm run openapi` after changing a route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';

export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

export async function generateOpenApi(): Promise<string> {
  // Building the routes needs no database connection; nothing here queries it. The admin hash would be
  // read from the database: a fixed one is given instead (routes say `:hash`, so it is not in the file).
  const database = { kind: 'pglite', db: {}, withLock: async () => undefined, close: async () => undefined } as unknown as Database;
  const app = await buildApp(
    {
      config: loadConfig({ LOG_LEVEL: 'silent', ADMIN_PATH_HASH: 'openapi-build-only-hash' }),
      database,
      mail: { transport: 'outbox', send: async () => undefined },
      clock: { now: () => new Date() },
      secret: 'x'.repeat(32),
    },
    { logger: false },
  );
  await app.ready();
  const spec = JSON.stringify(app.swagger(), null, 2) + '\n';
  await app.close();
  return spec;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
  fs.writeFileSync(OPENAPI_FILE, await generateOpenApi());
  console.log(`wrote ${OPENAPI_FILE}`);
}

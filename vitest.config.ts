import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
};

/**
 * Three projects, split by what a test file needs, so each pass runs only what it can change:
 * - `db`: server files that open a database through the fixtures (test/db, test/app,
 *   test/private-database). They run on PGlite and again on PostgreSQL (`.ci/run`).
 * - `unit`: server, contract and script files that need no database (the engine's smoke checks, pure rules).
 * - `web`: the React components in jsdom.
 * A file is put in `db` by what it imports, so a new database test cannot land in `unit` by its
 * name; one that reaches the database another way fails in `unit` with a message (test/db.ts).
 */
const SERVER_TESTS = [
  'src/server/**/*.test.ts',
  'src/engine/**/*.test.ts',
  'src/card-fixtures/**/*.test.ts',
  'src/contract/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const DATABASE_FIXTURE = /from '(?:\.\.?\/)+(?:[\w-]+\/)*test\/(?:db|app|private-database)'/;
const databaseTests = SERVER_TESTS.flatMap((pattern) => fs.globSync(pattern, { exclude: ['node_modules/**'] }))
  .filter((file) => DATABASE_FIXTURE.test(fs.readFileSync(file, 'utf8')))
  .map((file) => file.split(path.sep).join('/'));

const server = {
  environment: 'node' as const,
  setupFiles: ['src/server/test/setup-file.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two cores: one file per core. Vitest's default leaves one core idle on a two-core machine.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        resolve: { alias },
        test: { ...server, name: 'db', include: databaseTests, globalSetup: ['src/server/test/global-setup.ts'] },
      },
      {
        resolve: { alias },
        test: { ...server, name: 'unit', include: SERVER_TESTS, exclude: ['**/node_modules/**', ...databaseTests] },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          // A VM context per file on one jsdom per worker: each file stays isolated, without building a
          // new jsdom for each of the 41 files (a third of the project's time with the default pool).
          pool: 'vmThreads',
          // Beside the static checks and the server projects on two cores, a form test that types into
          // several fields can pass 5 s of wall time; a broken page still fails its 5 s findBy waits.
          testTimeout: 20_000,
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});

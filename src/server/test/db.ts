import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { assertBalancesMatchLedger } from './ledger-check';

/** A database for one test file: a copy of the migrated, catalogue-seeded template (or the shared PostgreSQL). */
export async function openTestDatabase(onQuery?: (sql: string) => void): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgliteTemplate');
  // Only the `db` project's global setup provides it (vitest.config.ts picks that project by import).
  if (template === undefined)
    throw new Error('This test file opens a database but runs outside the `db` project: import test/db or test/app directly.');
  const database = url
    ? await openDatabase({ kind: 'postgres', url, poolSize: 5, onQuery })
    : await openDatabase({ kind: 'pglite', loadDataDir: new Blob([fs.readFileSync(template)]), onQuery });
  return {
    ...database,
    // Every test file ends by proving the ledger invariant over everything it did (global-setup's
    // teardown proves it again over the whole shared PostgreSQL database after the suite).
    close: async () => {
      try {
        await assertBalancesMatchLedger(database.db);
      } finally {
        await database.close();
      }
    },
  };
}

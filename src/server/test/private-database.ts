/**
 * A database of its own, for test files whose subject is database-wide: a weekly price update reprices
 * every eligible card, a catalogue sync is one run at a time across the database, the admin overview sums
 * every order. On the PostgreSQL pass (where test files share one database) they would see, or disturb,
 * other files' rows. PGlite copies are
 * private already; on PostgreSQL this copies a migrated, seeded template into a throwaway database,
 * dropped on close.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client';
import { openTestDatabase } from './db';
import { assertBalancesMatchLedger } from './ledger-check';

/** The migrated, seeded database global-setup.ts makes once per PostgreSQL run for these copies. */
export const POSTGRES_TEMPLATE = 'gradevault_test_template';

export async function openPrivateTestDatabase(onQuery?: (sql: string) => void): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openTestDatabase(onQuery);
  const { Client } = await import('pg');
  const name = `private_test_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 5, onQuery });
  return {
    ...database,
    close: async () => {
      // The ledger invariant over everything the file did, as openTestDatabase proves it.
      try {
        await assertBalancesMatchLedger(database.db);
      } finally {
        await database.close();
      }
      // pool.end() resolves before the server has seen every socket close; FORCE would kill them
      // mid-goodbye (an uncaught 57P01 in the test), so wait for them instead.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if (attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await admin.end();
    },
  };
}

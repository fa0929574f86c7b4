/**
 * A database of its own, for test files whose subject is database-wide: a weekly price update reprices
 * every eligible card, a catalogue sync is one run at a time across the database, the admin overview sums
 * every order. On the PostgreSQL pass (where test files share one database) they would see, or disturb,
 * other files' rows. PGlite copies are
 * private already; on PostgreSQL this makes, migrates and seeds a throwaway database, dropped on close.
 */
import { randomBytes } from 'node:crypto';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { seedCatalogue } from '../db/seed';
import { openTestDatabase } from './db';

export async function openPrivateTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openTestDatabase();
  const { Client } = await import('pg');
  const name = `private_test_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 5 });
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
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

import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

/** A database for one test file: a copy of the migrated, catalogue-seeded template (or the shared PostgreSQL). */
export async function openTestDatabase(onQuery?: (sql: string) => void): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, poolSize: 5, onQuery });
  const template = inject('pgliteTemplate');
  const data = fs.readFileSync(template);
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([data]), onQuery });
}

import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either the database or an open transaction, so callers decide the unit of work. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a PostgreSQL session advisory lock (PGlite has one connection: no lock needed). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const LOCK_MIGRATE = 727_001;
export const LOCK_SEED = 727_002;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions = (
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
) & {
  /** Called with every SQL statement Drizzle sends: for query-count tests and benches. */
  onQuery?: (sql: string) => void;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (query: string) => opts.onQuery!(query) } : undefined;
  if (opts.kind === 'postgres') {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    const db = drizzle(pool, { schema, logger }) as unknown as Db;
    const withLock = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        lockClient.release();
      }
    };
    return { db, kind: 'postgres', withLock, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm: the back-office's user search indexes (migration 0006_admin.sql).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  takeTurnsWithIo(client);
  const db = drizzle(client, { schema, logger }) as unknown as Db;
  return { db, kind: 'pglite', withLock: (_key, fn) => fn(), close: () => client.close() };
}

/**
 * PGlite runs each statement synchronously on the event loop, and its own queue hands the next
 * statement over in a microtask, so under load it runs statement after statement without letting Node
 * read requests or flush replies: a large reply then waits for several whole batches to go out (seen
 * as a 4–7 s p99 with a p50 of 0.3 s on bench/binder-api.ts). Queueing statements here instead, with
 * one setImmediate between them, lets I/O in after each one. Statements inside a transaction go through
 * the transaction's own handle and are not delayed.
 */
function takeTurnsWithIo(client: { query: (...args: never[]) => Promise<unknown> }) {
  const query = client.query.bind(client);
  let last: Promise<unknown> = Promise.resolve();
  client.query = (...args: never[]) => {
    const run = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => query(...args));
    last = run.catch(() => undefined);
    return run;
  };
}

/**
 * Applies the committed migrations. On PostgreSQL several processes may start together, so the
 * migration runs under an advisory lock and the others wait for it instead of racing.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (!fs.existsSync(path.join(migrationsFolder, 'meta', '_journal.json'))) {
    throw new Error(`No migrations found in ${migrationsFolder}`);
  }
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await database.withLock(LOCK_MIGRATE, () => migrate(database.db as never, { migrationsFolder }));
}

import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';
import { seedCatalogue } from '../seed';
import { assertBalancesMatchLedger } from './ledger-check';
import { POSTGRES_TEMPLATE } from './private-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates and seeds one database per test run. On PGlite the result is dumped to a file that each
 * test file loads (~0.5 s instead of 3–5 s for a fresh PGlite plus migrations and the catalogue).
 * On PostgreSQL (DATABASE_URL) the files share that one database; tests make their own users. The
 * database is emptied first: it is the suite's own, and a run must not depend on what an earlier run (or
 * an older migration chain) left in it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    await emptyDatabase(url);
    const database = await openDatabase({ kind: 'postgres', url });
    await migrateDatabase(database);
    await database.withLock(727_002, () => seedCatalogue(database.db));
    await database.close();
    await makePostgresTemplate(url);
    project.provide('pgliteTemplate', '');
    // After the whole suite: every user any test file made in the shared database has a balance equal
    // to their ledger (on PGlite each file's own copy is checked as it closes: see test/db.ts).
    return async () => {
      const after = await openDatabase({ kind: 'postgres', url });
      try {
        await assertBalancesMatchLedger(after.db);
      } finally {
        await after.close();
      }
    };
  }
  const dir = path.resolve('.tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'test-template.tar');
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  await seedCatalogue(database.db);
  const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
}

/**
 * A migrated, seeded database nobody connects to, which test/private-database.ts clones with
 * `CREATE DATABASE … TEMPLATE` (a file copy, well under a second) instead of migrating and seeding
 * each private database (~5 s). The shared test database cannot be the template: PostgreSQL refuses to
 * copy a database other sessions are connected to.
 */
async function makePostgresTemplate(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE}`);
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${POSTGRES_TEMPLATE}`;
  const template = await openDatabase({ kind: 'postgres', url: own.toString() });
  try {
    await migrateDatabase(template);
    await seedCatalogue(template.db);
  } finally {
    await template.close();
  }
}

/** Drops every table, type and extension of the test database (its public schema and drizzle's own). */
async function emptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
  } finally {
    await client.end();
  }
}

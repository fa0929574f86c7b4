/**
 * Creates (or promotes) an administrator for production:
 *   ADMIN_PASSWORD='…' npm run create-admin -- --username alice --email alice@example.com [--role super_admin]
 * Without ADMIN_PASSWORD the password is asked for on the terminal (not echoed). Uses the same
 * DATABASE_URL / DATA_DIR as the server and runs the migrations first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { ZRegisterRequest } from '../src/contract/auth';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/auth/password';

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({ write: (chunk: Buffer, _enc, cb) => (muted || process.stdout.write(chunk), cb()) });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stdout.write(question);
  muted = true;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, role: { type: 'string', default: 'super_admin' } },
});
if (!values.username || !values.email || !['admin', 'super_admin'].includes(values.role)) {
  console.error('usage: npm run create-admin -- --username NAME --email EMAIL [--role admin|super_admin]');
  process.exit(2);
}
const password = process.env.ADMIN_PASSWORD ?? (await askHidden('Password for the new administrator: '));
const parsed = ZRegisterRequest.safeParse({ username: values.username, email: values.email, password });
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}

const config = loadConfig();
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
try {
  await migrateDatabase(database);
  const passwordHash = await hashPassword(parsed.data.password);
  const role = values.role as 'admin' | 'super_admin';
  const [existing] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${parsed.data.username})`);
  const [row] = existing
    ? await database.db
        .update(users)
        .set({ role, passwordHash, email: parsed.data.email, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning({ username: users.username, role: users.role })
    : await database.db
        .insert(users)
        .values({ username: parsed.data.username, email: parsed.data.email, passwordHash, role })
        .returning({ username: users.username, role: users.role });
  console.log(`Administrator ready: ${row.username} (${row.role})`);
} catch (err) {
  console.error(`Could not create the administrator: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}

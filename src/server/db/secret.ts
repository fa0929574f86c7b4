import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSettings } from './schema';

/**
 * The server secret keys the reset-code hashes. SECRET_KEY wins; otherwise one is generated once and
 * kept in the database, so every web and worker process of one deployment agrees on it.
 */
export async function loadServerSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  return generatedSetting(db, 'server_secret', () => randomBytes(32).toString('base64url'));
}

/** A random value made once and kept in app_settings, so every process of a deployment agrees on it. */
export async function generatedSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}

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
  await db
    .insert(appSettings)
    .values({ key: 'server_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'server_secret'));
  return row!.value;
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { generatedSetting } from '../db/secret';

/**
 * The back-office's `{hash}` segment (docs/decisions/007-admin-path.md): ADMIN_PATH_HASH when set,
 * otherwise 128 random bits made once and kept in app_settings, so every process of an install agrees.
 */
export async function loadAdminPathHash(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  return generatedSetting(db, 'admin_path_hash', () => randomBytes(16).toString('base64url'));
}

/** Constant-time comparison: the time a wrong guess takes says nothing about how close it was. */
export function hashMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const adminPrefix = (hash: string) => `/api/admin/${hash}`;

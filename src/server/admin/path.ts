import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { missing } from '../domain-errors';
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

/**
 * An onRequest hook for every plugin mounted under `/api/admin/:hash`: a wrong hash answers like an
 * unknown URL. It runs after the global access guard, so only administrators ever reach it.
 */
export function adminHashGuard(hash: string) {
  return async (request: FastifyRequest) => {
    const params = request.params as { hash?: unknown };
    if (request.routeOptions.url?.startsWith('/api/admin/:hash/') && !hashMatches(hash, String(params.hash ?? ''))) {
      throw missing(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    }
  };
}

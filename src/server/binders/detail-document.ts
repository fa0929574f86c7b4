import type { Db } from '../db/client';
import { CachedDocument, DocumentCache } from '../http/document-cache';
import { notFound } from '../http/errors';
import { binderDetailJsonSql } from './detail-json-sql';

export const BINDER_NOT_FOUND = "That binder doesn't exist or isn't shared with you.";

/**
 * Documents kept in memory per process. A 500-card binder is about 320 KB of JSON plus 25 KB gzip and
 * 20 KB brotli, so 16 MB holds the latest version of some 45 such binders, or hundreds of small ones.
 */
export const BINDER_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * What GET /api/binders/{id} answers: `key` is the version the viewer sees (`7o`: version 7 as the
 * owner sees it, `7v`: as anyone else does), the ETag's content. `document` is null when the client
 * already holds that version (answer 304).
 */
export interface BinderDocumentRead {
  key: string;
  document: CachedDocument | null;
}

const keyVersion = (key: string) => Number.parseInt(key, 10);

/**
 * Reads binder documents in one SQL statement per request, whatever the outcome: the statement checks
 * access and returns the version, and builds the JSON only when neither the client (If-None-Match)
 * nor this process's cache holds that version already. Triggers bump the version in every
 * transaction that changes what the document shows (migration 0003), so a version names exactly one
 * document; the cache key adds the viewer's variant, which the same statement decides.
 */
export function createBinderDocuments(db: Db, cacheBytes = BINDER_CACHE_BYTES) {
  const cache = new DocumentCache(cacheBytes);
  const cacheKey = (binderId: string, isOwner: boolean) => `${binderId}:${isOwner ? 'o' : 'v'}`;

  return {
    cache,
    async read(binderId: string, viewerId: string | null, clientKeys: string[]): Promise<BinderDocumentRead> {
      // Held before the query, so an eviction while it runs cannot take the document from under us.
      const held = [cache.get(cacheKey(binderId, true)), cache.get(cacheKey(binderId, false))].filter((d) => d !== undefined);
      const known = [...clientKeys, ...held.map((d) => d.version)];
      // Both drivers (pg, PGlite) answer execute() with { rows }; Drizzle's shared type leaves it unknown.
      const result = (await db.execute(binderDetailJsonSql(binderId, viewerId, known))) as unknown as {
        rows: { version: number; is_owner: boolean; detail: string | null }[];
      };
      const row = result.rows[0];
      // Someone else's private binder answers exactly like a missing one, 304 or not.
      if (!row) {
        cache.delete(cacheKey(binderId, true));
        cache.delete(cacheKey(binderId, false));
        throw notFound(BINDER_NOT_FOUND);
      }
      const key = `${row.version}${row.is_owner ? 'o' : 'v'}`;
      if (clientKeys.includes(key)) return { key, document: null };
      const cached = held.find((d) => d.version === key);
      if (cached) return { key, document: cached };
      if (row.detail === null) throw new Error(`binder ${binderId}: no document for version ${key}`);
      const body = Buffer.from(row.detail);
      // A slow reader of an older version must not replace a newer one another request has cached.
      const current = cache.get(cacheKey(binderId, row.is_owner));
      if (current && keyVersion(current.version) > row.version) return { key, document: new CachedDocument(key, body) };
      return { key, document: cache.put(cacheKey(binderId, row.is_owner), key, body) };
    },
  };
}
export type BinderDocuments = ReturnType<typeof createBinderDocuments>;

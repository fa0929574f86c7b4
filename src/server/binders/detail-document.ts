import type { Db } from '../db/client';
import { CachedDocument, DocumentCache } from './document-cache';
import { missing } from '../domain-errors';
import { binderDetailJsonSql, binderVersionSql } from './detail-json-sql';

export const BINDER_NOT_FOUND = "That binder doesn't exist or isn't shared with you.";

/**
 * Documents kept in memory per process. A 500-card binder is about 320 KB of JSON plus 46 KB gzip and
 * 44 KB brotli, so 16 MB holds the latest version of some 40 such binders, or hundreds of small ones.
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

type Rows<T> = { rows: T[] };

/**
 * Reads binder documents. Every request runs the version statement, which also checks access, so
 * nothing (not even a 304) answers a viewer who may not see the binder; only when neither the client
 * (If-None-Match) nor this process's cache holds that version does the one statement that builds the
 * whole document run. Triggers bump the version in every transaction that changes what the document
 * shows (migration 0003), so a version names exactly one document; the cache key adds the viewer's
 * variant (owner or not), which the same statements decide.
 */
export function createBinderDocuments(db: Db, cacheBytes = BINDER_CACHE_BYTES) {
  const cache = new DocumentCache(cacheBytes);
  const cacheKey = (binderId: string, isOwner: boolean) => `${binderId}:${isOwner ? 'o' : 'v'}`;
  const versionKey = (row: { version: number; is_owner: boolean }) => `${row.version}${row.is_owner ? 'o' : 'v'}`;
  const forget = (binderId: string) => {
    cache.delete(cacheKey(binderId, true));
    cache.delete(cacheKey(binderId, false));
  };

  return {
    cache,
    async read(binderId: string, viewerId: string | null, clientKeys: string[]): Promise<BinderDocumentRead> {
      // Both drivers (pg, PGlite) answer execute() with { rows }; Drizzle's shared type leaves it unknown.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
      const result = (await db.execute(binderVersionSql(binderId, viewerId))) as unknown as Rows<{ version: number; is_owner: boolean }>;
      const row = result.rows[0];
      // Someone else's private binder answers exactly like a missing one, 304 or not.
      if (!row) {
        forget(binderId);
        throw missing(BINDER_NOT_FOUND);
      }
      const key = versionKey(row);
      if (clientKeys.includes(key)) return { key, document: null };
      const cached = cache.get(cacheKey(binderId, row.is_owner));
      if (cached?.version === key) return { key, document: cached };

      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
      const built = (await db.execute(binderDetailJsonSql(binderId, viewerId))) as unknown as Rows<{
        version: number;
        is_owner: boolean;
        detail: string;
      }>;
      const doc = built.rows[0];
      // Deleted or made private between the two statements.
      if (!doc) {
        forget(binderId);
        throw missing(BINDER_NOT_FOUND);
      }
      const builtKey = versionKey(doc);
      const body = Buffer.from(doc.detail);
      // A slow reader of an older version must not replace a newer one another request has cached.
      const current = cache.get(cacheKey(binderId, doc.is_owner));
      if (current && keyVersion(current.version) > doc.version) return { key: builtKey, document: new CachedDocument(builtKey, body) };
      return { key: builtKey, document: cache.put(cacheKey(binderId, doc.is_owner), builtKey, body) };
    },
  };
}
export type BinderDocuments = ReturnType<typeof createBinderDocuments>;

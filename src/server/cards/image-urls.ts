import { sql, type SQL } from 'drizzle-orm';

/**
 * Photos are never public files: each is read through an API route that checks who is asking
 * (owner, administrator, or a viewer of a public binder holding the card).
 */
export const userCardImageUrl = (userCardId: string, key: string | undefined): string | null =>
  key ? `/api/user-cards/${userCardId}/images/${encodeURIComponent(slotOfKey(key))}${revisionQuery(key)}` : null;

/**
 * Storage keys are `{cardId}/{slot}.jpg` with lower-case slot names (cards/service.ts writes them);
 * replaced photos are `{cardId}/{revision}/{slot}.jpg`.
 */
const slotOfKey = (key: string) =>
  key
    .split('/')
    .pop()!
    .replace(/\.\w+$/, '');
/** A replaced photo's revision as `?v=…`: photos are cached for an hour, and the new one must show at once. */
const revisionQuery = (key: string) => {
  const parts = key.split('/');
  return parts.length > 2 ? `?v=${encodeURIComponent(parts[parts.length - 2])}` : '';
};

/**
 * The same URL computed by the database, for replies PostgreSQL builds as JSON. Slots are plain
 * [a-z0-9-] words, so no percent-encoding is needed there; image-urls.test.ts holds both to agreement.
 */
export const userCardImageUrlSql = (userCardId: SQL, key: SQL): SQL =>
  sql`case when ${key} is not null then '/api/user-cards/' || ${userCardId} || '/images/' || regexp_replace(regexp_replace(${key}, '^.*/', ''), '\\.\\w+$', '') || coalesce('?v=' || substring(${key} from '/([^/]+)/[^/]+$'), '') end`;

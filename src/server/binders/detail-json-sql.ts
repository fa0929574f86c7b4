import { sql, type SQL } from 'drizzle-orm';
import { userCardImageUrlSql } from '../cards/image-urls';

/** A timestamp as JavaScript's toISOString() writes it, so the JSON matches the rest of the API. */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The order of a binder's pages: the owner's order (position), and for a binder never reordered the
 * newest card first, as before positions existed. Every reply that lists or picks entries uses it.
 */
export const ENTRY_ORDER = sql.raw('bc.position asc nulls last, bc.added_at desc, bc.id');

/**
 * A binder's cover card: the one the owner chose while it is still in the binder (removing it clears
 * the choice, but a grading's deletion cascades past the application), else null. `binder` is the
 * binders row's name or alias in the enclosing statement.
 */
export const coverUserCardIdSql = (binder: string): SQL =>
  sql`(select bc.user_card_id from binder_cards bc where bc.binder_id = ${sql.raw(binder)}.id and bc.user_card_id = ${sql.raw(binder)}.cover_user_card_id)`;

/** The cover's photo: the chosen card's front, else the first card's in page order; null for an empty binder. */
export const coverImageUrlSql = (binder: string): SQL =>
  sql`(select ${userCardImageUrlSql(sql.raw('uc.id'), sql.raw(`uc.images->>'front'`))} from binder_cards bc join user_cards uc on uc.id = bc.user_card_id
    where bc.binder_id = ${sql.raw(binder)}.id
    order by coalesce(bc.user_card_id = ${sql.raw(binder)}.cover_user_card_id, false) desc, ${ENTRY_ORDER} limit 1)`;

/**
 * The cheap half of GET /api/binders/{id}: the binder's version and whether the viewer owns it, or
 * no row when the binder is missing or is someone else's private binder. Most requests need nothing
 * more: a client (If-None-Match) or this process's cache already holds that version. It is its own
 * small statement because planning the document's statement costs more than running this one
 * (7.6 against 2.3 ms a request on PGlite, bench/binder-api.ts).
 */
export function binderVersionSql(binderId: string, viewerId: string | null): SQL {
  const isOwner = sql`coalesce(b.user_id = ${viewerId}::uuid, false)`;
  return sql`select b.version, ${isOwner} as is_owner from binders b where b.id = ${binderId}::uuid and (b.is_public or ${isOwner})`;
}

/**
 * One statement that builds the document of GET /api/binders/{id}, however many cards it holds: the
 * binder's version, whether the viewer owns it, and the ZBinderDetailResponse JSON, all from one snapshot; no
 * row when the binder is missing or is someone else's private binder (the access check is the WHERE
 * clause, as in binderVersionSql).
 *
 * Notes and purchase price stay private to the owner, even in a public binder. Field names and formats
 * follow src/contract/binders.ts exactly: money as two-decimal strings, grades as numbers, timestamps
 * as ISO-8601 UTC.
 */
export function binderDetailJsonSql(binderId: string, viewerId: string | null): SQL {
  const isOwner = sql`coalesce(b.user_id = ${viewerId}::uuid, false)`;
  return sql`
    select b.version, ${isOwner} as is_owner, json_build_object(
      'binder', json_build_object(
        'id', b.id, 'name', b.name, 'description', b.description, 'isPublic', b.is_public,
        'isOwner', ${isOwner}, 'ownerUsername', u.username,
        'createdAt', ${iso('b.created_at')}, 'updatedAt', ${iso('b.updated_at')},
        'coverUserCardId', ${coverUserCardIdSql('b')}, 'coverImageUrl', ${coverImageUrlSql('b')}),
      'cards', coalesce((
        select json_agg(json_build_object(
          'id', bc.id,
          'submissionId', bc.submission_id,
          'addedAt', ${iso('bc.added_at')},
          'personalNotes', case when ${isOwner} then uc.personal_notes end,
          'actualPurchasePrice', case when ${isOwner} then (uc.purchase_price_cents / 100.0)::numeric(14,2)::text end,
          'userCard', json_build_object('id', uc.id, 'cardId', uc.card_id, 'frontImageUrl', ${userCardImageUrlSql(sql.raw('uc.id'), sql.raw(`uc.images->>'front'`))}),
          'submission', json_build_object(
            'id', g.id, 'gradingId', g.grading_id,
            'cardName', uc.card_name, 'cardSet', uc.card_set, 'cardNumber', uc.card_number, 'rarity', uc.rarity,
            'recommendedPlatform', g.recommended_platform,
            'psaGrade', g.psa_grade, 'bgsGrade', g.bgs_grade, 'cgcGrade', g.cgc_grade,
            'psaEstimatedValue', g.psa_estimated_value::text,
            'bgsEstimatedValue', g.bgs_estimated_value::text,
            'cgcEstimatedValue', g.cgc_estimated_value::text,
            'valueSource', g.report->'valueBasis'->'source')
        ) order by ${ENTRY_ORDER})
        from binder_cards bc
        join user_cards uc on uc.id = bc.user_card_id
        join gradings g on g.id = bc.submission_id
        where bc.binder_id = b.id), '[]'::json)
    )::text as detail
    from binders b
    join users u on u.id = b.user_id
    where b.id = ${binderId}::uuid and (b.is_public or ${isOwner})`;
}

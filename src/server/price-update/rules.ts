/**
 * Spec §6's coverage rules for the weekly price update, as SQL: the database classifies every graded
 * card, Node only ever sees counts and one batch of pricing groups at a time.
 *
 * - A "graded card" is a user card with a completed grading; its latest completed grading holds its values.
 * - Covered: cards of users with an active Pro subscription; every card graded in the last 12 months;
 *   older cards only when a Pro subscriber holds the same catalogue card ("if any pro subscriber holds a
 *   card, its price updates for every holder").
 * - Skipped: old cards held by starter accounts only; cards without complete grading information (a
 *   missing PSA, BGS or CGC grade); cards priced within the last 7 days.
 * Edges (the clock is injected): graded exactly 12 months ago is not "more than 12 months ago", so it is
 * covered; priced exactly 7 days ago is no longer "within the last 7 days", so it is priced again. The
 * second edge is what lets a weekly schedule reprice each week: a run stamps the cards it prices with
 * its own start time, and next week's run starts exactly 7 days later.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TEdition, TFinish } from '@contract/printing';
import type { DbOrTx } from '../db/client';

export const GRADING_WINDOW_MONTHS = 12;
export const PRICE_RECENCY_DAYS = 7;

export interface RulesClock {
  /** The moment the rules are judged at (a run's start time, so a resumed run covers the same cards). */
  now: Date;
  /** Days a past_due subscription keeps Pro (payments/entitlement.ts). */
  graceDays: number;
}

/** Users whose subscription gives Pro now: the SQL twin of payments/entitlement.ts `givesPro`. */
const proUsers = (c: RulesClock) => sql`
  SELECT DISTINCT s.user_id FROM provider_subscriptions s
  WHERE s.user_id IS NOT NULL AND (
    s.status IN ('active', 'trialing')
    OR (s.status = 'past_due' AND coalesce(s.current_period_start, s.updated_at) + make_interval(days => ${c.graceDays}::int) > ${c.now.toISOString()}::timestamptz))`;

/**
 * The key one price is made for: the catalogue card, or name|set|number for a card entered by hand;
 * followed by `#edition/finish` when the collector said which printing they own (issue 15), because a
 * 1st Edition copy is priced apart from an Unlimited one. A printing not told keeps the old key, so
 * earlier history still belongs to it.
 */
export const cardKeyOf = (c: {
  cardId: string | null;
  cardName: string;
  cardSet: string;
  cardNumber: string;
  edition?: string | null;
  finish?: string | null;
}) =>
  (c.cardId ?? `manual:${c.cardName.toLowerCase()}|${c.cardSet.toLowerCase()}|${c.cardNumber.toLowerCase()}`) +
  (c.edition || c.finish ? `#${c.edition ?? ''}/${c.finish ?? ''}` : '');
/** The same key in SQL (keep the two in step). */
const CARD_KEY = sql.raw(
  `(coalesce(uc.card_id, 'manual:' || lower(uc.card_name) || '|' || lower(uc.card_set) || '|' || lower(uc.card_number))` +
    ` || case when uc.edition is null and uc.finish is null then '' else '#' || coalesce(uc.edition, '') || '/' || coalesce(uc.finish, '') end)`,
);

/** Every graded card with the facts the rules need: one row per user card (its latest completed grading). */
export function classifiedCards(c: RulesClock): SQL {
  const now = sql`${c.now.toISOString()}::timestamptz`;
  return sql`
    WITH latest AS (
      SELECT DISTINCT ON (g.user_card_id) g.id AS grading_id, g.user_card_id, g.user_id, g.psa_grade, g.bgs_grade, g.cgc_grade,
             g.psa_estimated_value, g.bgs_estimated_value, g.cgc_estimated_value, g.recommended_platform, g.completed_at,
             coalesce(g.priced_at, g.completed_at) AS priced_at
      FROM gradings g WHERE g.status = 'completed'
      ORDER BY g.user_card_id, g.created_at DESC
    ),
    pro AS (${proUsers(c)}),
    -- Joins rather than correlated EXISTS: PostgreSQL estimates those per row, and the inflated cost
    -- made it JIT-compile the query (2 s of a 3 s preview over 100,000 cards).
    graded AS (
      SELECT l.*, uc.card_id, uc.card_name, uc.card_set, uc.card_number, uc.rarity, uc.edition, uc.finish, ${CARD_KEY} AS card_key,
             (pro.user_id IS NOT NULL) AS holder_pro
      FROM latest l JOIN user_cards uc ON uc.id = l.user_card_id LEFT JOIN pro ON pro.user_id = l.user_id
    ),
    pro_keys AS (SELECT DISTINCT card_key FROM graded WHERE holder_pro)
    SELECT gr.*,
      (k.card_key IS NOT NULL) AS key_pro,
      (gr.completed_at >= ${now} - make_interval(months => ${GRADING_WINDOW_MONTHS}::int)) AS recent,
      (gr.psa_grade IS NOT NULL AND gr.bgs_grade IS NOT NULL AND gr.cgc_grade IS NOT NULL AND gr.completed_at IS NOT NULL) AS complete,
      (gr.priced_at > ${now} - make_interval(days => ${PRICE_RECENCY_DAYS}::int)) AS fresh
    FROM graded gr LEFT JOIN pro_keys k ON k.card_key = gr.card_key`;
}

/** The covered-and-not-skipped condition over a row of `classifiedCards`. */
export const TO_UPDATE = sql.raw(`(c.complete AND (c.recent OR c.key_pro) AND NOT c.fresh)`);

export interface CoverageCounts {
  totalCards: number;
  cardsToUpdate: number;
  eligibleUsers: number;
  /** Distinct (card, PSA, BGS, CGC) groups to price: what the model is asked about. */
  pricingGroups: number;
  gradedWithSubscription: number;
  recentlyGraded: number;
  oldGradedWithPro: number;
  oldGradedWithoutPro: number;
  /** Covered by the rules (complete, and recent or held by a Pro subscriber), fresh or not. */
  eligibleCards: number;
  /** Eligible, but priced within the last PRICE_RECENCY_DAYS: skipped this time. */
  skippedRecentlyPriced: number;
  /** Without a PSA, BGS or CGC grade: never priced. */
  skippedIncomplete: number;
}

/** The preview's counts, in one statement. */
export async function coverageCounts(db: DbOrTx, c: RulesClock): Promise<CoverageCounts> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
  const result = (await db.execute(sql`
    SELECT count(*) AS total_cards,
      count(*) FILTER (WHERE ${TO_UPDATE}) AS cards_to_update,
      count(DISTINCT c.user_id) FILTER (WHERE ${TO_UPDATE}) AS eligible_users,
      count(DISTINCT (c.card_key, c.psa_grade, c.bgs_grade, c.cgc_grade)) FILTER (WHERE ${TO_UPDATE}) AS pricing_groups,
      count(*) FILTER (WHERE c.complete AND c.holder_pro) AS graded_with_subscription,
      count(*) FILTER (WHERE c.complete AND c.recent) AS recently_graded,
      count(*) FILTER (WHERE c.complete AND NOT c.recent AND c.key_pro) AS old_graded_with_pro,
      count(*) FILTER (WHERE c.complete AND NOT c.recent AND NOT c.key_pro) AS old_graded_without_pro,
      count(*) FILTER (WHERE c.complete AND (c.recent OR c.key_pro)) AS eligible_cards,
      count(*) FILTER (WHERE c.complete AND (c.recent OR c.key_pro) AND c.fresh) AS skipped_recently_priced,
      count(*) FILTER (WHERE NOT c.complete) AS skipped_incomplete
    FROM (${classifiedCards(c)}) c`)) as unknown as { rows: Record<string, number | string>[] };
  const r = result.rows[0];
  // count(*) is a number on PGlite and a string on pg.
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    totalCards: n('total_cards'),
    cardsToUpdate: n('cards_to_update'),
    eligibleUsers: n('eligible_users'),
    pricingGroups: n('pricing_groups'),
    gradedWithSubscription: n('graded_with_subscription'),
    recentlyGraded: n('recently_graded'),
    oldGradedWithPro: n('old_graded_with_pro'),
    oldGradedWithoutPro: n('old_graded_without_pro'),
    eligibleCards: n('eligible_cards'),
    skippedRecentlyPriced: n('skipped_recently_priced'),
    skippedIncomplete: n('skipped_incomplete'),
  };
}

/** One price to make: a catalogue card at one PSA/BGS/CGC grade triple, and every holder's grading it goes to. */
export interface PricingGroup {
  /** Sort key of the group; a run's cursor. */
  groupKey: string;
  cardKey: string;
  cardId: string | null;
  cardName: string;
  cardSet: string;
  cardNumber: string;
  rarity: string | null;
  /** The printing (part of the card key, so one per group): its market price is the one asked for. */
  edition?: TEdition | null;
  finish?: TFinish | null;
  grades: { PSA: number; BGS: number; CGC: number };
  /** The values the cards show now (the highest among holders): the model's "last price", the sanity bound's base. */
  lastValues: { PSA: number | null; BGS: number | null; CGC: number | null };
  holders: {
    gradingId: string;
    userCardId: string;
    userId: string;
    holderPro: boolean;
    recommendedPlatform: string | null;
    values: { PSA: number | null; BGS: number | null; CGC: number | null };
  }[];
}

type GroupRow = {
  group_key: string;
  card_key: string;
  card_id: string | null;
  card_name: string;
  card_set: string;
  card_number: string;
  rarity: string | null;
  edition: string | null;
  finish: string | null;
  psa_grade: number;
  bgs_grade: number;
  cgc_grade: number;
  holders:
    | { g: string; uc: string; u: string; p: boolean; rp: string | null; psa: string | null; bgs: string | null; cgc: string | null }[]
    | string;
};

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const maxOf = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x === null ? m : m === null ? x : Math.max(m, x)), null);

const GROUP_KEY = sql.raw(`(c.card_key || '|' || c.psa_grade || '|' || c.bgs_grade || '|' || c.cgc_grade)`);

/**
 * The next `limit` groups to price after `cursor`, in a stable order. Each call classifies every
 * graded card again (the rules need the whole picture: who holds what), so the runner asks for large
 * pages and hands them to the model in its own batch size.
 */
export async function nextGroups(db: DbOrTx, c: RulesClock, cursor: string | null, limit: number): Promise<PricingGroup[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
  const result = (await db.execute(sql`
    SELECT * FROM (
      SELECT ${GROUP_KEY} AS group_key,
        c.card_key, min(c.card_id) AS card_id, min(c.card_name) AS card_name, min(c.card_set) AS card_set,
        min(c.card_number) AS card_number, min(c.rarity) AS rarity, min(c.edition) AS edition, min(c.finish) AS finish, c.psa_grade, c.bgs_grade, c.cgc_grade,
        json_agg(json_build_object('g', c.grading_id, 'uc', c.user_card_id, 'u', c.user_id, 'p', c.holder_pro,
          'rp', c.recommended_platform, 'psa', c.psa_estimated_value, 'bgs', c.bgs_estimated_value, 'cgc', c.cgc_estimated_value) ORDER BY c.user_card_id) AS holders
      FROM (${classifiedCards(c)}) c
      -- The cursor filters cards before they are grouped: later pages aggregate only what is left.
      WHERE ${TO_UPDATE} AND (${cursor}::text IS NULL OR ${GROUP_KEY} COLLATE "C" > ${cursor}::text COLLATE "C")
      GROUP BY c.card_key, c.psa_grade, c.bgs_grade, c.cgc_grade
    ) g
    ORDER BY g.group_key COLLATE "C" LIMIT ${limit}::int`)) as unknown as { rows: GroupRow[] };
  return result.rows.map((r) => {
    const holders = (typeof r.holders === 'string' ? JSON.parse(r.holders) : r.holders) as Exclude<GroupRow['holders'], string>;
    const mapped = holders.map((h) => ({
      gradingId: h.g,
      userCardId: h.uc,
      userId: h.u,
      holderPro: h.p,
      recommendedPlatform: h.rp,
      values: { PSA: num(h.psa), BGS: num(h.bgs), CGC: num(h.cgc) },
    }));
    return {
      groupKey: r.group_key,
      cardKey: r.card_key,
      cardId: r.card_id,
      cardName: r.card_name,
      cardSet: r.card_set,
      cardNumber: r.card_number,
      rarity: r.rarity,
      edition: r.edition as TEdition | null,
      finish: r.finish as TFinish | null,
      grades: { PSA: Number(r.psa_grade), BGS: Number(r.bgs_grade), CGC: Number(r.cgc_grade) },
      lastValues: {
        PSA: maxOf(mapped.map((h) => h.values.PSA)),
        BGS: maxOf(mapped.map((h) => h.values.BGS)),
        CGC: maxOf(mapped.map((h) => h.values.CGC)),
      },
      holders: mapped,
    };
  });
}

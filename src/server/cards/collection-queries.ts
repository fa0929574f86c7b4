/**
 * The reads over a collector's whole collection: the list with its search, filters and sorts, and
 * the filter dropdowns' values. Always the caller's own cards.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { COLLECTION_PLATFORMS, type TCollectionFacetsResponse, type TUserCard, type TUserCardListFilters } from '@contract/user-cards';
import type { Db } from '../db/client';
import { gradings, userCards } from '../db/schema';
import { displayedGradeSql, displayedPlatformSql, displayedValueSql } from '../grading/displayed';
import { SHOWN_GRADING_COLUMNS, toUserCard } from './user-card-mapper';

/** `%word%` for LIKE, with the pattern characters of the word taken literally. */
const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The two "latest gradings" of the collector's cards, as subqueries to join on user_cards.id:
 *
 * - `latest`: the latest grading of any status (by creation). It is what a card shows (status,
 *   progress; `toUserCard`) and what the `status` filter reads ("grading" = pending/processing).
 * - `done`: the latest COMPLETED grading (by completion time, as the collection summary counts it),
 *   reduced to the displayed figures: the recommended platform (PSA when missing or other, spec §3),
 *   its grade and its estimated value. Grade, value and platform filters and sorts use these, so a
 *   card being re-graded, or whose re-grade failed, keeps the result it already has.
 */
function latestSubqueries(db: Db, userId: string) {
  const latest = db
    .selectDistinctOn([gradings.userCardId], SHOWN_GRADING_COLUMNS)
    .from(gradings)
    .where(eq(gradings.userId, userId))
    .orderBy(gradings.userCardId, desc(gradings.createdAt), desc(gradings.id))
    .as('latest');
  const done = db
    .selectDistinctOn([gradings.userCardId], {
      userCardId: gradings.userCardId,
      platform: displayedPlatformSql.as('platform'),
      grade: displayedGradeSql.as('grade'),
      value: displayedValueSql.as('value'),
    })
    .from(gradings)
    .where(and(eq(gradings.userId, userId), eq(gradings.status, 'completed')))
    .orderBy(gradings.userCardId, sql`coalesce(${gradings.completedAt}, ${gradings.createdAt}) desc`, desc(gradings.id))
    .as('done');
  const inProgress = sql`${latest.status} in ('pending', 'processing')`;
  const notInProgress = sql`(${latest.status} is null or ${latest.status} not in ('pending', 'processing'))`;
  const status = {
    grading: inProgress,
    graded: and(isNotNull(done.userCardId), notInProgress)!,
    ungraded: and(sql`${done.userCardId} is null`, notInProgress)!,
  } satisfies Record<'graded' | 'ungraded' | 'grading', SQL>;
  return { latest, done, status };
}

export function createCollectionQueries(db: Db) {
  return {
    /**
     * The collector's cards (never anyone else's), filtered and sorted in one SQL statement over
     * user_cards joined with each card's latest grading and latest completed grading (see
     * `latestSubqueries` for which one each filter reads).
     */
    async list(userId: string, filters: Partial<TUserCardListFilters> = {}): Promise<TUserCard[]> {
      const { latest, done, status } = latestSubqueries(db, userId);
      const where: SQL[] = [eq(userCards.userId, userId)];
      const words = (filters.q ?? '')
        .split(/\s+/)
        .map((w) => w.replace(/^#/, ''))
        .filter(Boolean)
        .slice(0, 10);
      for (const word of words) {
        const p = containsPattern(word);
        where.push(or(ilike(userCards.cardName, p), ilike(userCards.cardSet, p), ilike(userCards.cardNumber, p))!);
      }
      if (filters.set?.length) where.push(inArray(userCards.cardSet, filters.set));
      if (filters.rarity?.length) where.push(inArray(userCards.rarity, filters.rarity));
      if (filters.gradeMin !== undefined) where.push(sql`${done.grade} >= ${filters.gradeMin}`);
      if (filters.gradeMax !== undefined) where.push(sql`${done.grade} <= ${filters.gradeMax}`);
      if (filters.platform) where.push(eq(done.platform, filters.platform));
      if (filters.status && filters.status !== 'all') where.push(status[filters.status]);

      const newestFirst = [desc(userCards.createdAt), desc(userCards.id)];
      const order: SQL[] = {
        newest: newestFirst,
        oldest: [asc(userCards.createdAt), asc(userCards.id)],
        name: [sql`lower(${userCards.cardName})`, sql`lower(${userCards.cardSet})`, asc(userCards.cardNumber), ...newestFirst],
        'value-desc': [sql`${done.value} desc nulls last`, ...newestFirst],
        'value-asc': [sql`${done.value} asc nulls last`, ...newestFirst],
        'grade-desc': [sql`${done.grade} desc nulls last`, sql`${done.value} desc nulls last`, ...newestFirst],
        'grade-asc': [sql`${done.grade} asc nulls last`, sql`${done.value} asc nulls last`, ...newestFirst],
      }[filters.sort ?? 'newest'];

      const rows = await db
        .select()
        .from(userCards)
        .leftJoin(latest, eq(latest.userCardId, userCards.id))
        .leftJoin(done, eq(done.userCardId, userCards.id))
        .where(and(...where))
        .orderBy(...order);
      return rows.map((r) => toUserCard(r.user_cards, r.latest));
    },

    /** What the filter dropdowns offer: sets, rarities, platforms and statuses with their card counts. */
    async facets(userId: string): Promise<TCollectionFacetsResponse> {
      const { latest, done, status } = latestSubqueries(db, userId);
      const mine = eq(userCards.userId, userId);
      const [sets, rarities, platforms, [statuses]] = await Promise.all([
        db
          .select({ value: userCards.cardSet, count: count() })
          .from(userCards)
          .where(mine)
          .groupBy(userCards.cardSet)
          .orderBy(userCards.cardSet),
        db
          .select({ value: userCards.rarity, count: count() })
          .from(userCards)
          .where(and(mine, isNotNull(userCards.rarity)))
          .groupBy(userCards.rarity)
          .orderBy(userCards.rarity),
        db
          .select({ value: done.platform, count: count() })
          .from(userCards)
          .innerJoin(done, eq(done.userCardId, userCards.id))
          .where(mine)
          .groupBy(done.platform),
        db
          .select({
            total: count(),
            graded: sql<number>`count(*) filter (where ${status.graded})`.mapWith(Number),
            ungraded: sql<number>`count(*) filter (where ${status.ungraded})`.mapWith(Number),
            grading: sql<number>`count(*) filter (where ${status.grading})`.mapWith(Number),
          })
          .from(userCards)
          .leftJoin(latest, eq(latest.userCardId, userCards.id))
          .leftJoin(done, eq(done.userCardId, userCards.id))
          .where(mine),
      ]);
      const byPlatform = new Map(platforms.map((p) => [p.value, p.count]));
      return {
        total: statuses?.total ?? 0,
        sets,
        rarities: rarities.map((r) => ({ value: r.value!, count: r.count })),
        platforms: COLLECTION_PLATFORMS.map((value) => ({ value, count: byPlatform.get(value) ?? 0 })),
        statuses: { graded: statuses?.graded ?? 0, ungraded: statuses?.ungraded ?? 0, grading: statuses?.grading ?? 0 },
      };
    },
  };
}

import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TEdition, TFinish } from '@contract/printing';
import type { TValueSource } from '@contract/pricing';
import type { TPublicBinder, TPublicBinderCard, TPublicBinderResponse, TPublicCardResponse } from '@contract/share';
import type { Db } from '../db/client';
import { binderCards, binders, gradings, userCards, users } from '../db/schema';
import { displayedValueSql, gradeAndValueColumns } from '../grading/displayed';
import type { ImageStore } from '../adapters/storage/port';
import { normalizeDecimal } from '../money';

/** The public image URL of a face of a card, reached only through the public binder that holds it. */
export const sharedImageUrl = (binderId: string, userCardId: string, slot: 'front' | 'back', key: string | undefined) =>
  key ? `/api/shared/binders/${binderId}/cards/${userCardId}/images/${slot}${revisionQuery(key)}` : null;
/** A replaced photo (`{card}/{revision}/front.jpg`) gets a new URL, so an hour-cached old one never shows. */
const revisionQuery = (key: string) => {
  const parts = key.split('/');
  return parts.length > 2 ? `?v=${encodeURIComponent(parts[parts.length - 2])}` : '';
};

/**
 * The only access rule of the share feature, in SQL: the binder is public. There is no owner
 * exception: the share page shows the owner exactly what a stranger sees.
 */
const isShared = (binderId: string): SQL => and(eq(binders.id, binderId), eq(binders.isPublic, true))!;

/** Columns picked one by one (see src/contract/share.ts): nothing private is ever selected. */
const cardColumns = {
  userCardId: userCards.id,
  cardName: userCards.cardName,
  cardSet: userCards.cardSet,
  cardNumber: userCards.cardNumber,
  rarity: userCards.rarity,
  edition: userCards.edition,
  finish: userCards.finish,
  frontKey: sql<string | null>`${userCards.images}->>'front'`,
  ...gradeAndValueColumns,
  valueSource: sql<TValueSource | null>`${gradings.report}->'valueBasis'->'source'`,
};
interface CardRow {
  userCardId: string;
  cardName: string;
  cardSet: string;
  cardNumber: string;
  rarity: string | null;
  edition: string | null;
  finish: string | null;
  frontKey: string | null;
  recommendedPlatform: string | null;
  psaGrade: number | null;
  bgsGrade: number | null;
  cgcGrade: number | null;
  psaEstimatedValue: string | null;
  bgsEstimatedValue: string | null;
  cgcEstimatedValue: string | null;
  valueSource: TValueSource | null;
}

function toCard(binderId: string, r: CardRow): TPublicBinderCard {
  return {
    userCardId: r.userCardId,
    cardName: r.cardName,
    cardSet: r.cardSet,
    cardNumber: r.cardNumber,
    rarity: r.rarity,
    edition: r.edition as TEdition | null,
    finish: r.finish as TFinish | null,
    frontImageUrl: sharedImageUrl(binderId, r.userCardId, 'front', r.frontKey ?? undefined),
    recommendedPlatform: r.recommendedPlatform,
    psaGrade: r.psaGrade,
    bgsGrade: r.bgsGrade,
    cgcGrade: r.cgcGrade,
    psaEstimatedValue: normalizeDecimal(r.psaEstimatedValue),
    bgsEstimatedValue: normalizeDecimal(r.bgsEstimatedValue),
    cgcEstimatedValue: normalizeDecimal(r.cgcEstimatedValue),
    valueSource: r.valueSource ?? null,
  };
}

/** What the Open Graph tags need besides the page: the cover card's front photo. */
export interface SharedBinderView extends TPublicBinderResponse {
  coverImageUrl: string | null;
}

export function createShareService(db: Db, images: Pick<ImageStore, 'get'>) {
  async function binderHeader(binderId: string) {
    const [row] = await db
      .select({
        id: binders.id,
        name: binders.name,
        description: binders.description,
        ownerUsername: users.username,
        coverUserCardId: binders.coverUserCardId,
        updatedAt: binders.updatedAt,
      })
      .from(binders)
      .innerJoin(users, eq(users.id, binders.userId))
      .where(isShared(binderId))
      .limit(1);
    return row ?? null;
  }

  return {
    /** A public binder and its cards, in page order; null when missing or private. */
    async binder(binderId: string): Promise<SharedBinderView | null> {
      const header = await binderHeader(binderId);
      if (!header) return null;
      const rows = await db
        .select({ ...cardColumns, value: displayedValueSql })
        .from(binderCards)
        .innerJoin(userCards, eq(userCards.id, binderCards.userCardId))
        .innerJoin(gradings, eq(gradings.id, binderCards.submissionId))
        .where(eq(binderCards.binderId, binderId))
        // The binder's own order: reordered pockets first, then newest first (as the owner's page).
        .orderBy(sql`${binderCards.position} asc nulls last`, desc(binderCards.addedAt), asc(binderCards.id));
      const cents = rows.reduce((sum, r) => sum + (r.value === null ? 0 : Math.round(Number(r.value) * 100)), 0);
      const cards = rows.map((r) => toCard(binderId, r));
      const cover = cards.find((c) => c.userCardId === header.coverUserCardId && c.frontImageUrl) ?? cards.find((c) => c.frontImageUrl);
      const binder: TPublicBinder = {
        id: header.id,
        name: header.name,
        description: header.description,
        ownerUsername: header.ownerUsername,
        cardCount: cards.length,
        totalValue: (cents / 100).toFixed(2),
        updatedAt: header.updatedAt.toISOString(),
      };
      return { binder, cards, coverImageUrl: cover?.frontImageUrl ?? null };
    },

    /** One card of a public binder with its public report; null unless the public binder holds it. */
    async card(binderId: string, userCardId: string): Promise<TPublicCardResponse | null> {
      const header = await binderHeader(binderId);
      if (!header) return null;
      const [row] = await db
        .select({
          ...cardColumns,
          backKey: sql<string | null>`${userCards.images}->>'back'`,
          gradedAt: gradings.completedAt,
          centeringScore: gradings.centeringScore,
          cornersScore: gradings.cornersScore,
          edgesScore: gradings.edgesScore,
          surfaceScore: gradings.surfaceScore,
          confidence: gradings.confidence,
          rawValueUsd: sql<number | null>`(${gradings.report}->'valueBasis'->>'rawValueUsd')::float8`,
        })
        .from(binderCards)
        .innerJoin(userCards, eq(userCards.id, binderCards.userCardId))
        .innerJoin(gradings, eq(gradings.id, binderCards.submissionId))
        .where(and(eq(binderCards.binderId, binderId), eq(binderCards.userCardId, userCardId)))
        .limit(1);
      if (!row) return null;
      return {
        binder: { id: header.id, name: header.name, ownerUsername: header.ownerUsername },
        card: {
          ...toCard(binderId, row),
          backImageUrl: sharedImageUrl(binderId, row.userCardId, 'back', row.backKey ?? undefined),
          gradedAt: row.gradedAt?.toISOString() ?? null,
          centeringScore: row.centeringScore,
          cornersScore: row.cornersScore,
          edgesScore: row.edgesScore,
          surfaceScore: row.surfaceScore,
          confidence: row.confidence,
          rawValueUsd: row.rawValueUsd == null ? null : Number(row.rawValueUsd),
        },
      };
    },

    /**
     * A face of a card, checked against the object the URL names: the binder is public, holds this
     * card, and the card belongs to the binder's owner. Any other combination reads nothing.
     */
    async image(binderId: string, userCardId: string, slot: 'front' | 'back') {
      const [row] = await db
        // The slot is one of two words (the route's enum), written as literals: never a parameter of ->>.
        .select({
          key: slot === 'front' ? sql<string | null>`${userCards.images}->>'front'` : sql<string | null>`${userCards.images}->>'back'`,
        })
        .from(binderCards)
        .innerJoin(binders, eq(binders.id, binderCards.binderId))
        .innerJoin(userCards, and(eq(userCards.id, binderCards.userCardId), eq(userCards.userId, binders.userId)))
        .where(and(isShared(binderId), eq(binderCards.userCardId, userCardId)))
        .limit(1);
      return row?.key ? images.get(row.key) : null;
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { BINDER_COVER_NOT_IN_BINDER, BINDER_NEEDS_MEASURED_GRADING, BINDER_ORDER_MISMATCH } from '@contract/binders';
import { isMeasuredGrading } from './follow-latest-grading';
import type { TBinder, TBinderSummary, TBinderCardChanges } from '@contract/binders';
import type { Db } from '../db/client';
import { binderCards, binders, gradings, userCards, users } from '../db/schema';
import { BINDER_NOT_FOUND, createBinderDocuments } from './detail-document';
import { coverImageUrlSql, coverUserCardIdSql } from './detail-json-sql';
import { displayedValueSql } from '../grading/displayed';
import { invalid, refused, missing, conflicting } from '../domain-errors';
import { normalizeDecimal } from '../money';

type BinderRow = typeof binders.$inferSelect;
const NOT_FOUND = BINDER_NOT_FOUND;

type Cover = Pick<TBinder, 'coverUserCardId' | 'coverImageUrl'>;
/** The cover as the binder's own statement reads it (the table is not aliased there). */
const coverColumns = {
  coverUserCardId: sql<string | null>`${coverUserCardIdSql('binders')}`,
  coverImageUrl: sql<string | null>`${coverImageUrlSql('binders')}`,
};
const NO_COVER: Cover = { coverUserCardId: null, coverImageUrl: null };

function toBinder(row: BinderRow, ownerUsername: string, viewerId: string | null, cover: Cover = NO_COVER): TBinder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    isOwner: row.userId === viewerId,
    ownerUsername,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    coverUserCardId: cover.coverUserCardId,
    coverImageUrl: cover.coverImageUrl,
  };
}

export function createBinderService(db: Db) {
  const documents = createBinderDocuments(db);
  async function loadVisible(binderId: string, viewerId: string | null) {
    const [row] = await db
      .select({ binder: binders, ownerUsername: users.username, ...coverColumns })
      .from(binders)
      .innerJoin(users, eq(users.id, binders.userId))
      .where(eq(binders.id, binderId))
      .limit(1);
    // Someone else's private binder answers exactly like a missing one.
    if (!row || (row.binder.userId !== viewerId && !row.binder.isPublic)) throw missing(NOT_FOUND);
    return row;
  }

  async function loadOwned(binderId: string, ownerId: string): Promise<BinderRow> {
    const { binder } = await loadVisible(binderId, ownerId);
    if (binder.userId !== ownerId) throw refused('Only the owner can change this binder.');
    return binder;
  }

  return {
    async list(ownerId: string): Promise<TBinderSummary[]> {
      const rows = await db
        .select({
          binder: binders,
          ownerUsername: users.username,
          ...coverColumns,
          cardCount: sql<number>`count(${binderCards.id})::int`,
          totalValue: sql<string>`coalesce(sum(${displayedValueSql}), 0)::numeric(14,2)::text`,
        })
        .from(binders)
        .innerJoin(users, eq(users.id, binders.userId))
        .leftJoin(binderCards, eq(binderCards.binderId, binders.id))
        .leftJoin(gradings, eq(gradings.id, binderCards.submissionId))
        .where(eq(binders.userId, ownerId))
        .groupBy(binders.id, users.username)
        .orderBy(asc(binders.name));
      return rows.map((r) => ({
        ...toBinder(r.binder, r.ownerUsername, ownerId, r),
        cardCount: r.cardCount,
        totalValue: normalizeDecimal(r.totalValue)!,
      }));
    },

    /**
     * The binder and all its entries as the JSON the API answers (the ZBinderDetailResponse contract), in one
     * statement however many cards it holds, built by PostgreSQL itself: for a 500-card binder that is
     * several times cheaper than sending rows to Node, mapping them and serializing them again
     * (bench/binder-api.ts). Versioned and cached: see detail-document.ts.
     */
    readDocument: (...args: Parameters<typeof documents.read>) => documents.read(...args),

    async create(ownerId: string, input: { name: string; description?: string | null; isPublic?: boolean }) {
      const [row] = await db
        .insert(binders)
        .values({ userId: ownerId, name: input.name, description: input.description || null, isPublic: input.isPublic ?? false })
        .returning();
      const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, ownerId));
      return toBinder(row, owner.username, ownerId);
    },

    async update(
      binderId: string,
      ownerId: string,
      input: { name?: string; description?: string | null; isPublic?: boolean; coverUserCardId?: string | null },
    ) {
      await loadOwned(binderId, ownerId);
      const cover = input.coverUserCardId;
      // The check and the write in one statement: a cover is only ever one of this binder's cards, even
      // when the card leaves the binder at the same moment (removeEntry clears the cover under the same lock).
      const inBinder = cover
        ? sql`exists (select 1 from ${binderCards} where ${binderCards.binderId} = ${binderId} and ${binderCards.userCardId} = ${cover})`
        : sql`true`;
      const updated = await db
        .update(binders)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description || null }),
          ...(input.isPublic !== undefined && { isPublic: input.isPublic }),
          ...(cover !== undefined && { coverUserCardId: cover }),
          updatedAt: new Date(),
        })
        .where(and(eq(binders.id, binderId), inBinder))
        .returning({ id: binders.id });
      if (updated.length === 0) throw invalid(BINDER_COVER_NOT_IN_BINDER, 'coverUserCardId');
      const row = await loadVisible(binderId, ownerId);
      return toBinder(row.binder, row.ownerUsername, ownerId, row);
    },

    /**
     * Puts the binder's cards in the given order (positions 0, 1, …: page = position / 9). The list must
     * be exactly the binder's cards, so a page holding a stale copy (a card added or removed in another
     * tab) is refused instead of dropping or misplacing cards. One transaction under the binder's lock.
     */
    async reorder(binderId: string, ownerId: string, userCardIds: string[]) {
      await loadOwned(binderId, ownerId);
      await db.transaction(async (tx) => {
        await tx.select({ id: binders.id }).from(binders).where(eq(binders.id, binderId)).for('update');
        const rows = await tx.select({ userCardId: binderCards.userCardId }).from(binderCards).where(eq(binderCards.binderId, binderId));
        const wanted = new Set(userCardIds);
        const exact = wanted.size === userCardIds.length && wanted.size === rows.length && rows.every((r) => wanted.has(r.userCardId));
        if (!exact) throw invalid(BINDER_ORDER_MISMATCH, 'userCardIds');
        if (userCardIds.length === 0) return;
        // One statement for the whole binder; the ids' place in the array is the new position.
        const ids = sql.join(
          userCardIds.map((id) => sql`${id}`),
          sql`, `,
        );
        await tx.execute(sql`
          update binder_cards bc set position = o.ord - 1
          from unnest(array[${ids}]::uuid[]) with ordinality as o(user_card_id, ord)
          where bc.binder_id = ${binderId}::uuid and bc.user_card_id = o.user_card_id and bc.position is distinct from o.ord - 1`);
      });
    },

    async remove(binderId: string, ownerId: string) {
      await loadOwned(binderId, ownerId);
      await db.delete(binders).where(eq(binders.id, binderId));
    },

    /** Adds one of the owner's cards, shown with its latest grading measured from photos. */
    async addCard(binderId: string, ownerId: string, userCardId: string) {
      await loadOwned(binderId, ownerId);
      const [card] = await db
        .select({ id: userCards.id })
        .from(userCards)
        .where(and(eq(userCards.id, userCardId), eq(userCards.userId, ownerId)));
      if (!card) throw missing("That card isn't in your collection.");
      const [latest] = await db
        .select({ id: gradings.id })
        .from(gradings)
        .where(and(eq(gradings.userCardId, card.id), eq(gradings.status, 'completed'), isMeasuredGrading))
        .orderBy(desc(gradings.completedAt))
        .limit(1);
      if (!latest) throw invalid(BINDER_NEEDS_MEASURED_GRADING, 'userCardId');
      const inserted = await db
        .insert(binderCards)
        // In a binder the owner has ordered, a new card takes the next empty pocket; else it stays unordered.
        .values({
          binderId,
          userCardId: card.id,
          submissionId: latest.id,
          position: sql`(select max(${binderCards.position}) + 1 from ${binderCards} where ${binderCards.binderId} = ${binderId})`,
        })
        .onConflictDoNothing()
        .returning({ id: binderCards.id });
      if (inserted.length === 0) throw conflicting('This card is already in the binder.', 'userCardId');
      return inserted[0].id;
    },

    /** Notes and price live on the collector's card, so every binder and the card profile agree. */
    async updateEntry(binderId: string, ownerId: string, entryId: string, input: TBinderCardChanges) {
      await loadOwned(binderId, ownerId);
      const [entry] = await db
        .select({ userCardId: binderCards.userCardId })
        .from(binderCards)
        .where(and(eq(binderCards.id, entryId), eq(binderCards.binderId, binderId)));
      if (!entry) throw missing('That card is not in this binder.');
      await db
        .update(userCards)
        .set({ personalNotes: input.personalNotes?.trim() || null, purchasePriceCents: input.purchasePriceCents, updatedAt: new Date() })
        .where(eq(userCards.id, entry.userCardId));
    },

    /**
     * Removes the entry of the card that `submissionId` graded. Any grading of that card will do, not
     * only the one the entry shows now: a re-grade that completes while the binder page is open moves
     * the entry to the new grading, and the page's Remove button still holds the old id.
     */
    async removeEntry(binderId: string, ownerId: string, submissionId: string) {
      await loadOwned(binderId, ownerId);
      const gradedCard = db.select({ userCardId: gradings.userCardId }).from(gradings).where(eq(gradings.id, submissionId));
      // The entry and, when it was the cover, the cover choice go together: a cover is always in the binder.
      await db.transaction(async (tx) => {
        await tx.select({ id: binders.id }).from(binders).where(eq(binders.id, binderId)).for('update');
        const deleted = await tx
          .delete(binderCards)
          .where(and(eq(binderCards.binderId, binderId), inArray(binderCards.userCardId, gradedCard)))
          .returning({ userCardId: binderCards.userCardId });
        if (deleted.length === 0) throw missing('That card is not in this binder.');
        await tx
          .update(binders)
          .set({ coverUserCardId: null })
          .where(
            and(
              eq(binders.id, binderId),
              inArray(
                binders.coverUserCardId,
                deleted.map((d) => d.userCardId),
              ),
            ),
          );
      });
    },
  };
}
export type BinderService = ReturnType<typeof createBinderService>;

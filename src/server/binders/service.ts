import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { BINDER_NEEDS_MEASURED_GRADING } from '@contract/binders';
import { isMeasuredGrading } from './follow-latest-grading';
import type { TBinder, TBinderSummary, TBinderCardChanges } from '@contract/binders';
import type { Db } from '../db/client';
import { binderCards, binders, gradings, userCards, users } from '../db/schema';
import { BINDER_NOT_FOUND, createBinderDocuments } from './detail-document';
import { displayedValueSql } from '../grading/displayed';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { normalizeDecimal } from '../money';

type BinderRow = typeof binders.$inferSelect;
const NOT_FOUND = BINDER_NOT_FOUND;

function toBinder(row: BinderRow, ownerUsername: string, viewerId: string | null): TBinder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    isOwner: row.userId === viewerId,
    ownerUsername,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createBinderService(db: Db) {
  const documents = createBinderDocuments(db);
  async function loadVisible(binderId: string, viewerId: string | null) {
    const [row] = await db
      .select({ binder: binders, ownerUsername: users.username })
      .from(binders)
      .innerJoin(users, eq(users.id, binders.userId))
      .where(eq(binders.id, binderId))
      .limit(1);
    // Someone else's private binder answers exactly like a missing one.
    if (!row || (row.binder.userId !== viewerId && !row.binder.isPublic)) throw notFound(NOT_FOUND);
    return row;
  }

  async function loadOwned(binderId: string, ownerId: string): Promise<BinderRow> {
    const { binder } = await loadVisible(binderId, ownerId);
    if (binder.userId !== ownerId) throw forbidden('Only the owner can change this binder.');
    return binder;
  }

  return {
    async list(ownerId: string): Promise<TBinderSummary[]> {
      const rows = await db
        .select({
          binder: binders,
          ownerUsername: users.username,
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
        ...toBinder(r.binder, r.ownerUsername, ownerId),
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

    async update(binderId: string, ownerId: string, input: { name?: string; description?: string | null; isPublic?: boolean }) {
      await loadOwned(binderId, ownerId);
      await db
        .update(binders)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description || null }),
          ...(input.isPublic !== undefined && { isPublic: input.isPublic }),
          updatedAt: new Date(),
        })
        .where(eq(binders.id, binderId));
      const { binder, ownerUsername } = await loadVisible(binderId, ownerId);
      return toBinder(binder, ownerUsername, ownerId);
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
      if (!card) throw notFound("That card isn't in your collection.");
      const [latest] = await db
        .select({ id: gradings.id })
        .from(gradings)
        .where(and(eq(gradings.userCardId, card.id), eq(gradings.status, 'completed'), isMeasuredGrading))
        .orderBy(desc(gradings.completedAt))
        .limit(1);
      if (!latest) throw badRequest(BINDER_NEEDS_MEASURED_GRADING, 'userCardId');
      const inserted = await db
        .insert(binderCards)
        .values({ binderId, userCardId: card.id, submissionId: latest.id })
        .onConflictDoNothing()
        .returning({ id: binderCards.id });
      if (inserted.length === 0) throw conflict('This card is already in the binder.', 'userCardId');
      return inserted[0].id;
    },

    /** Notes and price live on the collector's card, so every binder and the card profile agree. */
    async updateEntry(binderId: string, ownerId: string, entryId: string, input: TBinderCardChanges) {
      await loadOwned(binderId, ownerId);
      const [entry] = await db
        .select({ userCardId: binderCards.userCardId })
        .from(binderCards)
        .where(and(eq(binderCards.id, entryId), eq(binderCards.binderId, binderId)));
      if (!entry) throw notFound('That card is not in this binder.');
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
      const deleted = await db
        .delete(binderCards)
        .where(and(eq(binderCards.binderId, binderId), inArray(binderCards.userCardId, gradedCard)))
        .returning({ id: binderCards.id });
      if (deleted.length === 0) throw notFound('That card is not in this binder.');
    },
  };
}
export type BinderService = ReturnType<typeof createBinderService>;

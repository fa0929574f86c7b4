import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  TBinder,
  TBinderCardEntry,
  TBinderDetail,
  TBinderSummary,
} from '@contract/binders';
import type { Db } from '../db/client';
import { binderCards, binders, gradings, userCards, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { centsToDecimal, normalizeDecimal } from '../money';

type BinderRow = typeof binders.$inferSelect;
const NOT_FOUND = "That binder doesn't exist or isn't shared with you.";

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

/** The value shown for a graded card: the recommended platform's, PSA when missing or other. */
const displayValueSql = sql<string>`coalesce(case ${gradings.recommendedPlatform}
  when 'BGS' then ${gradings.bgsEstimatedValue} when 'CGC' then ${gradings.cgcEstimatedValue}
  else ${gradings.psaEstimatedValue} end, 0)`;

export function createBinderService(db: Db, imageUrl: (userCardId: string, key: string | undefined) => string | null) {
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
          totalValue: sql<string>`coalesce(sum(${displayValueSql}), 0)::numeric(14,2)::text`,
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

    /** The binder and all its entries in two queries, however many cards it holds. */
    async get(binderId: string, viewerId: string | null): Promise<TBinderDetail> {
      const { binder, ownerUsername } = await loadVisible(binderId, viewerId);
      // Only the columns the screen shows: the full report stays in the database.
      const rows = await db
        .select({
          id: binderCards.id,
          submissionId: binderCards.submissionId,
          addedAt: binderCards.addedAt,
          userCardId: userCards.id,
          cardId: userCards.cardId,
          cardName: userCards.cardName,
          cardSet: userCards.cardSet,
          cardNumber: userCards.cardNumber,
          rarity: userCards.rarity,
          frontKey: sql<string | null>`${userCards.images}->>'front'`,
          personalNotes: userCards.personalNotes,
          purchasePriceCents: userCards.purchasePriceCents,
          gradingId: gradings.gradingId,
          recommendedPlatform: gradings.recommendedPlatform,
          psaGrade: gradings.psaGrade,
          bgsGrade: gradings.bgsGrade,
          cgcGrade: gradings.cgcGrade,
          psaEstimatedValue: gradings.psaEstimatedValue,
          bgsEstimatedValue: gradings.bgsEstimatedValue,
          cgcEstimatedValue: gradings.cgcEstimatedValue,
        })
        .from(binderCards)
        .innerJoin(userCards, eq(userCards.id, binderCards.userCardId))
        .innerJoin(gradings, eq(gradings.id, binderCards.submissionId))
        .where(eq(binderCards.binderId, binder.id))
        .orderBy(desc(binderCards.addedAt), asc(binderCards.id));
      const isOwner = binder.userId === viewerId;
      const cards: TBinderCardEntry[] = rows.map((r) => ({
        id: r.id,
        submissionId: r.submissionId,
        addedAt: r.addedAt.toISOString(),
        // Notes and price are private to the owner, even in a public binder.
        personalNotes: isOwner ? r.personalNotes : null,
        actualPurchasePrice: isOwner ? centsToDecimal(r.purchasePriceCents) : null,
        userCard: { id: r.userCardId, cardId: r.cardId, frontImageUrl: imageUrl(r.userCardId, r.frontKey ?? undefined) },
        submission: {
          id: r.submissionId,
          gradingId: r.gradingId,
          cardName: r.cardName,
          cardSet: r.cardSet,
          cardNumber: r.cardNumber,
          rarity: r.rarity,
          recommendedPlatform: r.recommendedPlatform,
          psaGrade: r.psaGrade,
          bgsGrade: r.bgsGrade,
          cgcGrade: r.cgcGrade,
          psaEstimatedValue: normalizeDecimal(r.psaEstimatedValue),
          bgsEstimatedValue: normalizeDecimal(r.bgsEstimatedValue),
          cgcEstimatedValue: normalizeDecimal(r.cgcEstimatedValue),
        },
      }));
      return { binder: toBinder(binder, ownerUsername, viewerId), cards };
    },

    async create(ownerId: string, input: { name: string; description?: string | null; isPublic?: boolean }) {
      const [row] = await db
        .insert(binders)
        .values({ userId: ownerId, name: input.name, description: input.description || null, isPublic: input.isPublic ?? false })
        .returning();
      const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, ownerId));
      return toBinder(row!, owner!.username, ownerId);
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
      return (await this.get(binderId, ownerId)).binder;
    },

    async remove(binderId: string, ownerId: string) {
      await loadOwned(binderId, ownerId);
      await db.delete(binders).where(eq(binders.id, binderId));
    },

    /** Adds one of the owner's cards, shown with its latest completed grading. */
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
        .where(and(eq(gradings.userCardId, card.id), eq(gradings.status, 'completed')))
        .orderBy(desc(gradings.completedAt))
        .limit(1);
      if (!latest) throw badRequest('Grade this card before adding it to a binder.', 'userCardId');
      const inserted = await db
        .insert(binderCards)
        .values({ binderId, userCardId: card.id, submissionId: latest.id })
        .onConflictDoNothing()
        .returning({ id: binderCards.id });
      if (inserted.length === 0) throw conflict('This card is already in the binder.', 'userCardId');
      return inserted[0]!.id;
    },

    /** Notes and price live on the collector's card, so every binder and the card profile agree. */
    async updateEntry(binderId: string, ownerId: string, entryId: string, input: { personalNotes: string | null; actualPurchasePrice: number | null }) {
      await loadOwned(binderId, ownerId);
      const [entry] = await db
        .select({ userCardId: binderCards.userCardId })
        .from(binderCards)
        .where(and(eq(binderCards.id, entryId), eq(binderCards.binderId, binderId)));
      if (!entry) throw notFound('That card is not in this binder.');
      await db
        .update(userCards)
        .set({ personalNotes: input.personalNotes?.trim() || null, purchasePriceCents: input.actualPurchasePrice, updatedAt: new Date() })
        .where(eq(userCards.id, entry.userCardId));
    },

    async removeEntry(binderId: string, ownerId: string, submissionId: string) {
      await loadOwned(binderId, ownerId);
      const deleted = await db
        .delete(binderCards)
        .where(and(eq(binderCards.binderId, binderId), eq(binderCards.submissionId, submissionId)))
        .returning({ id: binderCards.id });
      if (deleted.length === 0) throw notFound('That card is not in this binder.');
    },
  };
}
export type BinderService = ReturnType<typeof createBinderService>;

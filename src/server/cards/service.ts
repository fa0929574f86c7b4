import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CORNER_SLOTS, MAX_DETAIL_IMAGES, type TAddCardFields, type TUserCard } from '@contract/user-cards';
import type { Db } from '../db/client';
import { binderCards, binders, gradings, userCards } from '../db/schema';
import type { ImageStore } from '../adapters/storage/port';
import type { CatalogueService } from '../catalogue/service';
import { badRequest, notFound } from '../http/errors';
import { sanitizeImage } from '../uploads/sanitize-image';
import { centsToDecimal, normalizeDecimal } from '../money';
import { userCardImageUrl } from './image-urls';

export interface UploadedPhotos {
  front?: Buffer;
  back?: Buffer;
  corners: Partial<Record<(typeof CORNER_SLOTS)[number], Buffer>>;
  details: Buffer[];
}

type CardRow = typeof userCards.$inferSelect;
type GradingRow = typeof gradings.$inferSelect;

const valueOf = (g: GradingRow) =>
  normalizeDecimal(g.recommendedPlatform === 'BGS' ? g.bgsEstimatedValue : g.recommendedPlatform === 'CGC' ? g.cgcEstimatedValue : g.psaEstimatedValue);

export function toUserCard(card: CardRow, latest: GradingRow | null): TUserCard {
  return {
    id: card.id,
    cardId: card.cardId,
    cardName: card.cardName,
    cardSet: card.cardSet,
    cardNumber: card.cardNumber,
    rarity: card.rarity,
    createdAt: card.createdAt.toISOString(),
    frontImageUrl: userCardImageUrl(card.id, card.images.front),
    backImageUrl: userCardImageUrl(card.id, card.images.back),
    personalNotes: card.personalNotes,
    actualPurchasePrice: centsToDecimal(card.purchasePriceCents),
    latestGrading: latest && {
      id: latest.id,
      gradingId: latest.gradingId,
      status: latest.status,
      progress: latest.progress,
      psaGrade: latest.psaGrade,
      bgsGrade: latest.bgsGrade,
      cgcGrade: latest.cgcGrade,
      recommendedPlatform: latest.recommendedPlatform,
      estimatedValue: latest.status === 'completed' ? valueOf(latest) : null,
      createdAt: latest.createdAt.toISOString(),
    },
  };
}

export function createUserCardService(deps: { db: Db; images: ImageStore; catalogue: CatalogueService }) {
  const { db, images, catalogue } = deps;

  async function latestGradings(cardIds: string[]): Promise<Map<string, GradingRow>> {
    if (cardIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([gradings.userCardId])
      .from(gradings)
      .where(sql`${gradings.userCardId} in ${cardIds}`)
      .orderBy(gradings.userCardId, desc(gradings.createdAt));
    return new Map(rows.map((g) => [g.userCardId, g]));
  }

  return {
    /** Sanitizes every photo first (nothing stored if one is bad), stores them, then writes the row. */
    async add(userId: string, fields: TAddCardFields, photos: UploadedPhotos): Promise<TUserCard> {
      if (!photos.front) throw badRequest('Add a photo of the front of the card.', 'front');
      if (!photos.back) throw badRequest('Add a photo of the back of the card.', 'back');
      if (photos.details.length > MAX_DETAIL_IMAGES) throw badRequest(`Add at most ${MAX_DETAIL_IMAGES} detail photos.`, 'details');
      let identity = { cardId: null as string | null, cardName: fields.cardName ?? '', cardSet: fields.cardSet || 'Unknown set', cardNumber: fields.cardNumber || '—', rarity: fields.rarity || null };
      if (fields.cardId) {
        const c = await catalogue.getCard(fields.cardId);
        if (!c) throw badRequest('That card is not in the catalogue. Search again or enter it by hand.', 'cardId');
        identity = { cardId: c.id, cardName: c.name, cardSet: c.setName, cardNumber: c.number, rarity: c.rarity };
      }

      const id = randomUUID();
      const named: Array<[string, Buffer, string]> = [
        ['front', photos.front, 'front photo'],
        ['back', photos.back, 'back photo'],
        ...Object.entries(photos.corners).map(([slot, b]) => [slot, b!, `${slot} close-up`] as [string, Buffer, string]),
        ...photos.details.map((b, i) => [`detail-${i + 1}`, b, `detail photo ${i + 1}`] as [string, Buffer, string]),
      ];
      const clean: Array<[string, Buffer]> = [];
      for (const [name, data, label] of named) clean.push([name, (await sanitizeImage(data, label)).data]);

      const keys: Record<string, string> = {};
      try {
        for (const [name, data] of clean) {
          keys[name] = `${id}/${name.toLowerCase()}.jpg`;
          await images.put(keys[name]!, data, 'image/jpeg');
        }
        const [row] = await db
          .insert(userCards)
          .values({
            id,
            userId,
            ...identity,
            images: {
              front: keys.front,
              back: keys.back,
              corners: Object.fromEntries(CORNER_SLOTS.filter((s) => keys[s]).map((s) => [s, keys[s]!])),
              details: photos.details.map((_, i) => keys[`detail-${i + 1}`]!),
            },
          })
          .returning();
        return toUserCard(row!, null);
      } catch (err) {
        // Leave nothing behind: stored photos of a card that was never saved are removed.
        await Promise.all(Object.values(keys).map((k) => images.delete(k).catch(() => undefined)));
        throw err;
      }
    },

    async list(userId: string): Promise<TUserCard[]> {
      const cards = await db.select().from(userCards).where(eq(userCards.userId, userId)).orderBy(desc(userCards.createdAt));
      const latest = await latestGradings(cards.map((c) => c.id));
      return cards.map((c) => toUserCard(c, latest.get(c.id) ?? null));
    },

    /** The owner's card, or 404 for anyone else (the same answer as a missing card). */
    async getOwned(userId: string, id: string): Promise<CardRow> {
      const [card] = await db.select().from(userCards).where(and(eq(userCards.id, id), eq(userCards.userId, userId)));
      if (!card) throw notFound("That card isn't in your collection.");
      return card;
    },

    async get(userId: string, id: string): Promise<TUserCard> {
      const card = await this.getOwned(userId, id);
      return toUserCard(card, (await latestGradings([card.id])).get(card.id) ?? null);
    },

    async update(userId: string, id: string, input: { personalNotes?: string | null; actualPurchasePrice?: number | null }) {
      await this.getOwned(userId, id);
      await db
        .update(userCards)
        .set({
          ...(input.personalNotes !== undefined && { personalNotes: input.personalNotes?.trim() || null }),
          ...(input.actualPurchasePrice !== undefined && { purchasePriceCents: input.actualPurchasePrice }),
          updatedAt: new Date(),
        })
        .where(eq(userCards.id, id));
      return this.get(userId, id);
    },

    async remove(userId: string, id: string) {
      const card = await this.getOwned(userId, id);
      await db.delete(userCards).where(eq(userCards.id, id));
      const stored = [card.images.front, card.images.back, ...Object.values(card.images.corners ?? {}), ...(card.images.details ?? [])];
      await Promise.all(stored.filter(Boolean).map((k) => images.delete(k!).catch(() => undefined)));
    },

    /** Who may see a photo: the owner, an administrator, or anyone when the card sits in a public binder. */
    async readImage(viewer: { id: string; isAdmin: boolean } | null, id: string, name: string) {
      const [card] = await db.select().from(userCards).where(eq(userCards.id, id));
      if (!card) return null;
      let allowed = viewer?.isAdmin || viewer?.id === card.userId;
      if (!allowed) {
        const [shared] = await db
          .select({ id: binderCards.id })
          .from(binderCards)
          .innerJoin(binders, eq(binders.id, binderCards.binderId))
          .where(and(eq(binderCards.userCardId, id), eq(binders.isPublic, true)))
          .limit(1);
        allowed = !!shared;
      }
      if (!allowed) return null;
      const all: Record<string, string | undefined> = {
        front: card.images.front,
        back: card.images.back,
        ...card.images.corners,
        ...Object.fromEntries((card.images.details ?? []).map((k, i) => [`detail-${i + 1}`, k])),
      };
      // URLs carry the slot name from the storage key, which is lower-case.
      const key = Object.entries(all).find(([slot]) => slot.toLowerCase() === name.toLowerCase())?.[1];
      return key ? images.get(key) : null;
    },
  };
}
export type UserCardService = ReturnType<typeof createUserCardService>;

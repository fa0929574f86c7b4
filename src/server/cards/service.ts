import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CORNER_SLOTS,
  MAX_DETAIL_IMAGES,
  type TAddCardFields,
  type TUserCard,
  type TUserCardChanges,
  type TUserCardRawValueResponse,
} from '@contract/user-cards';
import { printingLabel, type TEdition, type TFinish } from '@contract/printing';
import type { Db } from '../db/client';
import { gradings, userCards } from '../db/schema';
import type { ImageStore } from '../adapters/storage/port';
import type { CatalogueService } from '../catalogue/service';
import { invalid, missing } from '../domain-errors';
import { centsToDecimal } from '../money';
import type { UploadedPhotos } from './photo-form';
import type { PricingPort } from '../pricing/port';
import { pricedCard } from '../pricing/priced-card';
import { revalueLatestGrading } from './revalue';
import { createCardPhotos } from './card-photos';
import { createCollectionQueries } from './collection-queries';
import { SHOWN_GRADING_COLUMNS, toUserCard, type ShownGrading } from './user-card-mapper';

type CardRow = typeof userCards.$inferSelect;

/**
 * A collector's cards: adding, reading, editing, valuing and removing one card. The collection-wide
 * reads are collection-queries.ts, the photos card-photos.ts, the row-to-contract mapping
 * user-card-mapper.ts; this composes them into the one service the routes use.
 */
export function createUserCardService(deps: { db: Db; images: ImageStore; catalogue: CatalogueService; pricing: PricingPort }) {
  const { db, images, catalogue, pricing } = deps;

  /** A card's latest grading of any status, as a card shows it (the same choice as `list`'s `latest`). */
  async function latestGrading(cardId: string): Promise<ShownGrading | null> {
    const [row] = await db
      .select(SHOWN_GRADING_COLUMNS)
      .from(gradings)
      .where(eq(gradings.userCardId, cardId))
      .orderBy(desc(gradings.createdAt), desc(gradings.id))
      .limit(1);
    return row ?? null;
  }

  const cardPhotos = createCardPhotos({ db, images });

  return {
    ...createCollectionQueries(db),
    readImage: cardPhotos.readImage,
    isBeingGraded: cardPhotos.isBeingGraded,

    /** Sanitizes every photo first (nothing stored if one is bad), stores them, then writes the row. */
    async add(userId: string, fields: TAddCardFields, photos: UploadedPhotos): Promise<TUserCard> {
      if (!photos.front) throw invalid('Add a photo of the front of the card.', 'front');
      if (!photos.back) throw invalid('Add a photo of the back of the card.', 'back');
      if (photos.details.length > MAX_DETAIL_IMAGES) throw invalid(`Add at most ${MAX_DETAIL_IMAGES} detail photos.`, 'details');
      let identity = {
        cardId: null as string | null,
        cardName: fields.cardName ?? '',
        cardSet: fields.cardSet || 'Unknown set',
        cardNumber: fields.cardNumber || '—',
        rarity: fields.rarity || null,
      };
      if (fields.cardId) {
        const c = await catalogue.getCard(fields.cardId);
        if (!c) throw invalid('That card is not in the catalogue. Search again or enter it by hand.', 'cardId');
        identity = { cardId: c.id, cardName: c.name, cardSet: c.setName, cardNumber: c.number, rarity: c.rarity };
      }

      const id = randomUUID();
      return cardPhotos.storeNew(id, photos, async (keys) => {
        const [row] = await db
          .insert(userCards)
          .values({
            id,
            userId,
            ...identity,
            edition: fields.edition ?? null,
            finish: fields.finish ?? null,
            quantity: fields.quantity,
            images: {
              front: keys.front,
              back: keys.back,
              corners: Object.fromEntries(CORNER_SLOTS.filter((s) => keys[s]).map((s) => [s, keys[s]])),
              details: photos.details.map((_, i) => keys[`detail-${i + 1}`]),
            },
          })
          .returning();
        return toUserCard(row, null);
      });
    },

    /** The owner's card, or 404 for anyone else (the same answer as a missing card). */
    async getOwned(userId: string, id: string): Promise<CardRow> {
      const [card] = await db
        .select()
        .from(userCards)
        .where(and(eq(userCards.id, id), eq(userCards.userId, userId)));
      if (!card) throw missing("That card isn't in your collection.");
      return card;
    },

    async get(userId: string, id: string): Promise<TUserCard> {
      const card = await this.getOwned(userId, id);
      return toUserCard(card, await latestGrading(card.id));
    },

    /**
     * Notes, price, printing and quantity. A changed edition or finish re-values the latest completed
     * grading from the new printing's price (revalue.ts), in the same transaction as the card row.
     */
    async update(userId: string, id: string, input: TUserCardChanges) {
      const card = await this.getOwned(userId, id);
      const edition = input.edition === undefined ? (card.edition as TEdition | null) : input.edition;
      const finish = input.finish === undefined ? (card.finish as TFinish | null) : input.finish;
      const printingChanged = edition !== card.edition || finish !== card.finish;
      // Before the transaction: a remote pricing adapter must not hold it open.
      const raw = printingChanged ? await pricing.rawValueUsd(pricedCard({ ...card, edition, finish })) : null;
      await db.transaction(async (tx) => {
        await tx
          .update(userCards)
          .set({
            ...(input.personalNotes !== undefined && { personalNotes: input.personalNotes?.trim() || null }),
            ...(input.purchasePriceCents !== undefined && { purchasePriceCents: input.purchasePriceCents }),
            ...(printingChanged && { edition, finish }),
            ...(input.quantity !== undefined && { quantity: input.quantity }),
            updatedAt: new Date(),
          })
          .where(eq(userCards.id, id));
        if (raw) await revalueLatestGrading(tx, id, raw);
      });
      return this.get(userId, id);
    },

    /** One ungraded copy of the owned printing now, and the copies held (the card profile's raw value). */
    async rawValue(userId: string, id: string): Promise<TUserCardRawValueResponse> {
      const card = await this.getOwned(userId, id);
      const printing = { edition: card.edition as TEdition | null, finish: card.finish as TFinish | null };
      const raw = await pricing.rawValueUsd(pricedCard(card));
      const cents = Math.round(raw.usd * 100);
      return {
        value: centsToDecimal(cents)!,
        source: raw.source,
        printing: printingLabel(printing),
        quantity: card.quantity,
        totalValue: centsToDecimal(cents * card.quantity)!,
      };
    },

    /**
     * New photos for the owner's card (card-photos.ts: only the slots sent change, the replaced ones
     * are deleted); 409 while a grading is queued or running.
     */
    async replacePhotos(userId: string, id: string, photos: UploadedPhotos): Promise<TUserCard> {
      await this.getOwned(userId, id);
      await cardPhotos.replace(id, photos);
      return this.get(userId, id);
    },

    async remove(userId: string, id: string) {
      const card = await this.getOwned(userId, id);
      // The gradings go with the card, and so must their annotated evidence images. Deleting them with
      // RETURNING (not reading first) also catches a grading that completes at this very moment: either
      // its result is committed and returned here, or the worker finds its row gone and cleans up itself.
      const evidence = await db.transaction(async (tx) => {
        const removed = await tx
          .delete(gradings)
          .where(eq(gradings.userCardId, id))
          .returning({ keys: sql<Record<string, string> | null>`${gradings.report}->'evidenceKeys'` });
        await tx.delete(userCards).where(eq(userCards.id, id));
        return removed;
      });
      // Rows first, files after: a failed file delete leaves an orphan object, never a card whose photo is gone.
      const stored = [
        card.images.front,
        card.images.back,
        ...Object.values(card.images.corners ?? {}),
        ...(card.images.details ?? []),
        ...evidence.flatMap((g) => Object.values(g.keys ?? {})),
      ];
      await cardPhotos.discard(stored.filter((k): k is string => !!k));
    },
  };
}
export type UserCardService = ReturnType<typeof createUserCardService>;

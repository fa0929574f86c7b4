/**
 * A card's photos in the image store: cleaned before anything is stored, stored under the card's
 * folder, replaced slot by slot, shown to whom may see them, and removed with nothing left behind.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { CORNER_SLOTS, MAX_DETAIL_IMAGES, PHOTOS_LOCKED_MESSAGE, cornerSlotLabel } from '@contract/user-cards';
import type { ImageStore } from '../adapters/storage/port';
import type { Db } from '../db/client';
import { binderCards, binders, gradings, userCards } from '../db/schema';
import { conflicting, invalid, missing } from '../domain-errors';
import { sanitizeImage } from '../uploads/sanitize-image';
import type { UploadedPhotos } from './photo-form';

/**
 * Every photo sent, cleaned (sniffed, capped, re-encoded, metadata stripped) and named by its slot:
 * front, back, the corner slots, detail-1…. One bad photo refuses them all, before anything is stored.
 */
async function sanitizePhotos(photos: UploadedPhotos): Promise<Array<[string, string]>> {
  const named: Array<[string, string, string]> = [
    ...(photos.front ? [['front', photos.front, 'front photo'] as [string, string, string]] : []),
    ...(photos.back ? [['back', photos.back, 'back photo'] as [string, string, string]] : []),
    ...Object.entries(photos.corners).map(([slot, file]) => [slot, file, `${cornerSlotLabel(slot)} close-up`] as [string, string, string]),
    ...photos.details.map((file, i) => [`detail-${i + 1}`, file, `detail photo ${i + 1}`] as [string, string, string]),
  ];
  // The cleaned copies wait beside the uploads in their temp folder (removed with it), so one request
  // holds one photo in memory at a time.
  const clean: Array<[string, string]> = [];
  for (const [name, file, label] of named) {
    const cleaned = `${file}.clean.jpg`;
    await fs.writeFile(cleaned, (await sanitizeImage(file, label)).data);
    clean.push([name, cleaned]);
  }
  return clean;
}

/** Whether a grading of the card is waiting or running: its worker reads the card's photos. */
async function gradingActive(db: Pick<Db, 'select'>, cardId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: gradings.id })
    .from(gradings)
    .where(and(eq(gradings.userCardId, cardId), inArray(gradings.status, ['pending', 'processing'])))
    .limit(1);
  return !!row;
}

/** The photos a public binder shows to others. */
const PUBLIC_PHOTO_SLOTS = new Set(['front', 'back']);

export function createCardPhotos({ db, images }: { db: Db; images: ImageStore }) {
  /** Stores cleaned photos under `{prefix}{slot}.jpg`, recording each key in `keys` as it goes (for clean-up). */
  async function storePhotos(clean: Array<[string, string]>, prefix: string, keys: Record<string, string>) {
    for (const [name, file] of clean) {
      keys[name] = `${prefix}${name.toLowerCase()}.jpg`;
      await images.put(keys[name], await fs.readFile(file), 'image/jpeg');
    }
  }

  /** Removes stored photos; a failed delete leaves an orphan object, never an error for the user. */
  const discard = async (keys: string[]) => void (await Promise.all(keys.map((k) => images.delete(k).catch(() => undefined))));

  return {
    discard,
    isBeingGraded: (cardId: string) => gradingActive(db, cardId),

    /**
     * Cleans and stores a new card's photos under `{id}/`, then runs `write` with their keys; if
     * anything fails, the stored photos of the card that was never saved are removed.
     */
    async storeNew<T>(id: string, photos: UploadedPhotos, write: (keys: Record<string, string>) => Promise<T>): Promise<T> {
      const clean = await sanitizePhotos(photos);
      const keys: Record<string, string> = {};
      try {
        await storePhotos(clean, `${id}/`, keys);
        return await write(keys);
      } catch (err) {
        await discard(Object.values(keys));
        throw err;
      }
    },

    /**
     * New photos for the owner's card: only the slots sent change (the detail photos as a whole list),
     * and the photos they replace are deleted from storage. The new ones go under a fresh folder, so a
     * failure leaves the card's photos as they were and a browser never shows a cached old photo.
     * 409 while a grading is queued or running; the card row is locked as grading start locks it.
     * The caller has checked the card is the user's.
     */
    async replace(id: string, photos: UploadedPhotos): Promise<void> {
      const sent = !!photos.front || !!photos.back || Object.keys(photos.corners).length > 0 || photos.details.length > 0;
      if (!sent) throw invalid('Add at least one photo to replace.', 'front');
      if (photos.details.length > MAX_DETAIL_IMAGES) throw invalid(`Add at most ${MAX_DETAIL_IMAGES} detail photos.`, 'details');
      const clean = await sanitizePhotos(photos);
      const keys: Record<string, string> = {};
      let replaced: string[] = [];
      try {
        await storePhotos(clean, `${id}/${randomUUID().slice(0, 8)}/`, keys);
        await db.transaction(async (tx) => {
          const [locked] = await tx.select().from(userCards).where(eq(userCards.id, id)).for('update');
          if (!locked) throw missing("That card isn't in your collection.");
          if (await gradingActive(tx, id)) throw conflicting(PHOTOS_LOCKED_MESSAGE);
          const old = locked.images;
          const corners = { ...old.corners };
          for (const slot of CORNER_SLOTS) if (keys[slot]) corners[slot] = keys[slot]!;
          const next = {
            front: keys.front ?? old.front,
            back: keys.back ?? old.back,
            corners,
            details: photos.details.length ? photos.details.map((_, i) => keys[`detail-${i + 1}`]) : (old.details ?? []),
          };
          replaced = [
            ...(keys.front && old.front ? [old.front] : []),
            ...(keys.back && old.back ? [old.back] : []),
            ...CORNER_SLOTS.filter((s) => keys[s] && old.corners?.[s]).map((s) => old.corners![s]),
            ...(photos.details.length ? (old.details ?? []) : []),
          ];
          await tx.update(userCards).set({ images: next, updatedAt: new Date() }).where(eq(userCards.id, id));
        });
      } catch (err) {
        await discard(Object.values(keys));
        throw err;
      }
      // Rows first, files after: a failed delete leaves an orphan object, never a card without its photo.
      await discard(replaced);
    },

    /**
     * Who may see a photo: the owner or an administrator, every photo; anyone, the front and back only,
     * when the card sits in a public binder (the binder shows those two; close-ups and detail photos
     * stay the owner's, as on the share page).
     */
    readImage: async (viewer: { id: string; isAdmin: boolean } | null, id: string, name: string) => {
      const [card] = await db.select().from(userCards).where(eq(userCards.id, id));
      if (!card) return null;
      let allowed = viewer?.isAdmin || viewer?.id === card.userId;
      if (!allowed) {
        if (!PUBLIC_PHOTO_SLOTS.has(name.toLowerCase())) return null;
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

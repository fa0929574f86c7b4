import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  COLLECTION_PLATFORMS,
  CORNER_SLOTS,
  MAX_DETAIL_IMAGES,
  type TAddCardFields,
  type TCollectionFacetsResponse,
  type TUserCard,
  type TUserCardListFilters,
  cornerSlotLabel,
  PHOTOS_LOCKED_MESSAGE,
  type TUserCardChanges,
  type TUserCardRawValueResponse,
} from '@contract/user-cards';
import type { TValueSource } from '@contract/pricing';
import { printingLabel, type TEdition, type TFinish } from '@contract/printing';
import type { Db } from '../db/client';
import { binderCards, binders, gradings, userCards } from '../db/schema';
import type { ImageStore } from '../adapters/storage/port';
import type { CatalogueService } from '../catalogue/service';
import { invalid, missing, conflicting } from '../domain-errors';
import { sanitizeImage } from '../uploads/sanitize-image';
import { centsToDecimal, normalizeDecimal } from '../money';
import { userCardImageUrl } from './image-urls';
import type { UploadedPhotos } from './photo-form';
import type { PricingPort } from '../pricing/port';
import { pricedCard } from '../pricing/priced-card';
import { revalueLatestGrading } from './revalue';
import { displayedPlatformSql, displayedGradeSql, displayedValue, displayedValueSql, gradeAndValueColumns } from '../grading/displayed';

type CardRow = typeof userCards.$inferSelect;
type GradingRow = typeof gradings.$inferSelect;

/** The grading columns a card shows (not the report, which can be large). */
const SHOWN_GRADING_COLUMNS = {
  id: gradings.id,
  userCardId: gradings.userCardId,
  gradingId: gradings.gradingId,
  status: gradings.status,
  progress: gradings.progress,
  ...gradeAndValueColumns,
  createdAt: gradings.createdAt,
  /** What the values rest on: one small path out of the report (see contract/pricing.ts). */
  valueSource: sql<TValueSource | null>`${gradings.report}->'valueBasis'->'source'`.as('value_source'),
};
type ShownGrading = Pick<GradingRow, Exclude<keyof typeof SHOWN_GRADING_COLUMNS, 'valueSource'>> & { valueSource: TValueSource | null };

export function toUserCard(card: CardRow, latest: ShownGrading | null): TUserCard {
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
    // The database checks these words (migration 0007), so the casts only name what is already true.
    edition: (card.edition as TEdition | null) ?? null,
    finish: (card.finish as TFinish | null) ?? null,
    quantity: card.quantity,
    latestGrading: latest && {
      id: latest.id,
      gradingId: latest.gradingId,
      status: latest.status,
      progress: latest.progress,
      psaGrade: latest.psaGrade,
      bgsGrade: latest.bgsGrade,
      cgcGrade: latest.cgcGrade,
      recommendedPlatform: latest.recommendedPlatform,
      estimatedValue: latest.status === 'completed' ? normalizeDecimal(displayedValue(latest)) : null,
      valueSource: latest.status === 'completed' ? (latest.valueSource ?? null) : null,
      createdAt: latest.createdAt.toISOString(),
    },
  };
}

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

export function createUserCardService(deps: { db: Db; images: ImageStore; catalogue: CatalogueService; pricing: PricingPort }) {
  const { db, images, catalogue, pricing } = deps;

  /** Stores cleaned photos under `{prefix}{slot}.jpg`, recording each key in `keys` as it goes (for clean-up). */
  async function storePhotos(clean: Array<[string, string]>, prefix: string, keys: Record<string, string>) {
    for (const [name, file] of clean) {
      keys[name] = `${prefix}${name.toLowerCase()}.jpg`;
      await images.put(keys[name], await fs.readFile(file), 'image/jpeg');
    }
  }

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

  return {
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
      const clean = await sanitizePhotos(photos);

      const keys: Record<string, string> = {};
      try {
        await storePhotos(clean, `${id}/`, keys);
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
      } catch (err) {
        // Leave nothing behind: stored photos of a card that was never saved are removed.
        await Promise.all(Object.values(keys).map((k) => images.delete(k).catch(() => undefined)));
        throw err;
      }
    },

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
     * New photos for the owner's card: only the slots sent change (the detail photos as a whole list),
     * and the photos they replace are deleted from storage. The new ones go under a fresh folder, so a
     * failure leaves the card's photos as they were and a browser never shows a cached old photo.
     * 409 while a grading is queued or running; the card row is locked as grading start locks it.
     */
    async replacePhotos(userId: string, id: string, photos: UploadedPhotos): Promise<TUserCard> {
      await this.getOwned(userId, id);
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
        await Promise.all(Object.values(keys).map((k) => images.delete(k).catch(() => undefined)));
        throw err;
      }
      // Rows first, files after: a failed delete leaves an orphan object, never a card without its photo.
      await Promise.all(replaced.map((k) => images.delete(k).catch(() => undefined)));
      return this.get(userId, id);
    },

    isBeingGraded: (cardId: string) => gradingActive(db, cardId),

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
      await Promise.all(stored.filter(Boolean).map((k) => images.delete(k!).catch(() => undefined)));
    },

    /**
     * Who may see a photo: the owner or an administrator, every photo; anyone, the front and back only,
     * when the card sits in a public binder (the binder shows those two; close-ups and detail photos
     * stay the owner's, as on the share page).
     */
    async readImage(viewer: { id: string; isAdmin: boolean } | null, id: string, name: string) {
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
/** The photos a public binder shows to others. */
const PUBLIC_PHOTO_SLOTS = new Set(['front', 'back']);

export type UserCardService = ReturnType<typeof createUserCardService>;

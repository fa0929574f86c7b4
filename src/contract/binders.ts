import { z } from 'zod';
import { zMultilineText, zPersonalNotes, zText } from './text';
import { PLAIN_DECIMAL, PLAIN_DECIMAL_MESSAGE, plainDecimalToCents } from './decimal';
import { ZValueSource } from './pricing';
import { ZDecimalString } from './common';

export const ZBinder = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  isOwner: z.boolean(),
  ownerUsername: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The card the owner chose for the cover (one of the binder's cards), or null: then the first card is shown. */
  coverUserCardId: z.string().nullable(),
  /** The cover's photo: the chosen card's front, else the first card's in binder order; null when there is none. */
  coverImageUrl: z.string().nullable(),
});
export type TBinder = z.infer<typeof ZBinder>;
/** ZBinder as a route's success answer; the entity keeps its own name because other schemas embed it. */
export const ZBinderResponse = ZBinder;
export type TBinderResponse = TBinder;

export const ZBinderSummary = ZBinder.extend({
  cardCount: z.number().int(),
  totalValue: ZDecimalString,
});
export const ZBinderListResponse = z.array(ZBinderSummary);
export type TBinderSummary = z.infer<typeof ZBinderSummary>;

/** The graded submission a binder entry shows (spec §3 "Submission (binder view)"). */
export const ZBinderSubmission = z.object({
  id: z.string(),
  gradingId: z.string(),
  cardName: z.string(),
  cardSet: z.string(),
  cardNumber: z.string(),
  rarity: z.string().nullable(),
  recommendedPlatform: z.string().nullable(),
  psaGrade: z.number().nullable(),
  bgsGrade: z.number().nullable(),
  cgcGrade: z.number().nullable(),
  psaEstimatedValue: ZDecimalString.nullable(),
  bgsEstimatedValue: ZDecimalString.nullable(),
  cgcEstimatedValue: ZDecimalString.nullable(),
  /** What the values rest on (null on gradings valued before market prices: rarity estimates). */
  valueSource: ZValueSource.nullable(),
});

export const ZBinderCardEntry = z.object({
  id: z.string(),
  submissionId: z.string(),
  addedAt: z.string(),
  personalNotes: z.string().nullable(),
  actualPurchasePrice: ZDecimalString.nullable(),
  userCard: z.object({
    /** The collector's card: the card-profile page is /account/collection/card-profile/{id}. */
    id: z.string(),
    /** The catalogue card, when the card came from the catalogue. */
    cardId: z.string().nullable(),
    frontImageUrl: z.string().nullable(),
  }),
  submission: ZBinderSubmission,
});
export type TBinderCardEntry = z.infer<typeof ZBinderCardEntry>;

export const ZBinderDetailResponse = z.object({ binder: ZBinder, cards: z.array(ZBinderCardEntry) });
export type TBinderDetailResponse = z.infer<typeof ZBinderDetailResponse>;

/** Spec §5 sets no binder limits; these keep names to a line or two and descriptions to a paragraph. */
export const BINDER_NAME_MAX = 100;
export const BINDER_DESCRIPTION_MAX = 500;
const name = zText().trim().min(1, 'Give the binder a name').max(BINDER_NAME_MAX, `Binder names are at most ${BINDER_NAME_MAX} characters`);
const description = zMultilineText()
  .trim()
  .max(BINDER_DESCRIPTION_MAX, `Descriptions are at most ${BINDER_DESCRIPTION_MAX} characters`)
  .nullable()
  .optional();

export const ZCreateBinderRequest = z.object({ name, description, isPublic: z.boolean().optional() });
export type TCreateBinderRequest = z.input<typeof ZCreateBinderRequest>;
export const ZUpdateBinderRequest = z
  .object({
    name: name.optional(),
    description,
    isPublic: z.boolean().optional(),
    /** One of the binder's cards as its cover, or null for the first card (400 when not in the binder). */
    coverUserCardId: z.string().uuid('Not a valid card id').nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type TUpdateBinderRequest = z.input<typeof ZUpdateBinderRequest>;

/** Pockets a binder page holds: the 3×3 page collectors know. */
export const BINDER_PAGE_POCKETS = 9;
/** A binder's own limit for one reorder; far above any real binder (spec §5 sets none). */
export const BINDER_ORDER_MAX = 5000;
export const BINDER_ORDER_MISMATCH = 'The new order must list every card of this binder exactly once, and no other card.';
export const BINDER_COVER_NOT_IN_BINDER = 'The cover must be one of the cards in this binder.';

/** The binder's cards in their new order (pages fill left to right, top to bottom, 9 pockets a page). */
export const ZReorderBinderRequest = z.object({
  userCardIds: z.array(z.string().uuid('Not a valid card id')).max(BINDER_ORDER_MAX, `At most ${BINDER_ORDER_MAX} cards`),
});
export type TReorderBinderRequest = z.infer<typeof ZReorderBinderRequest>;

export const ZAddBinderCardRequest = z.object({ userCardId: z.string().uuid('Not a valid card id') });

/**
 * Purchase price in dollars, to integer cents: a JSON number ≥ 0 with at most two decimals, plain decimal
 * text ("12.50"; never "0x10", "1e3" or " "), or null / "" to clear.
 */
export const ZPurchasePrice = z.union([z.number(), z.string().trim(), z.null()]).transform((v, ctx) => {
  if (v === null || v === '') return null;
  if (typeof v === 'string') {
    if (!PLAIN_DECIMAL.test(v)) {
      ctx.addIssue({ code: 'custom', message: PLAIN_DECIMAL_MESSAGE });
      return z.NEVER;
    }
    return plainDecimalToCents(v);
  }
  if (!Number.isFinite(v) || v < 0 || v >= 10_000_000) {
    ctx.addIssue({ code: 'custom', message: 'Enter a purchase price from 0 to 9,999,999.99 dollars' });
    return z.NEVER;
  }
  if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: 'Use at most two decimals (cents)' });
    return z.NEVER;
  }
  return Math.round(v * 100);
});

/** Dollars on the wire (`actualPurchasePrice`), cents once parsed (`purchasePriceCents`), as ZUpdateUserCardRequest. */
export const ZUpdateBinderCardRequest = z
  .object({
    personalNotes: zPersonalNotes().nullable(),
    actualPurchasePrice: ZPurchasePrice,
  })
  .transform(({ actualPurchasePrice, ...rest }) => ({ ...rest, purchasePriceCents: actualPurchasePrice }));
export type TUpdateBinderCardRequest = z.input<typeof ZUpdateBinderCardRequest>;
export type TBinderCardChanges = z.output<typeof ZUpdateBinderCardRequest>;

export const ZBinderParams = z.object({ id: z.string().uuid('Not a valid binder id') });
export const ZBinderEntryParams = ZBinderParams.extend({ cardId: z.string().uuid('Not a valid card id') });
export const ZBinderSubmissionParams = ZBinderParams.extend({ submissionId: z.string().uuid('Not a valid submission id') });

/** 400 when a card without a grading measured from photos is added to a binder (manual grades stay out). */
export const BINDER_NEEDS_MEASURED_GRADING = 'Grade this card from photos before adding it to a binder: binders show measured grades only.';

/** Putting a card in a binder answers its entry's id (the submission) and a sentence. */
export const ZAddBinderCardResponse = z.object({ id: z.string(), message: z.string() });
export type TAddBinderCardResponse = z.infer<typeof ZAddBinderCardResponse>;

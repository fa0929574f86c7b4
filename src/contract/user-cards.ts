import { z } from 'zod';
import { zPersonalNotes, zText } from './text';
import { ZPurchasePrice } from './binders';
import { PLATFORMS, ZDecimalString, type TPlatform } from './common';
import { ZValueSource } from './pricing';
import { ZEdition, ZFinish, ZQuantity } from './printing';

// Corner slots live in a zod-free module so the grading command line does not load zod at start-up.
export { CORNER_SLOTS, cornerSlotLabel, type TCornerSlot } from './corner-slots';
export const MAX_DETAIL_IMAGES = 8;

export const GRADING_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const ZGradingStatus = z.enum(GRADING_STATUSES);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Text fields of the add-card form (multipart); files travel beside them as front, back, corners, details. */
export const ZAddCardFields = z
  .object({
    cardId: zText().trim().max(40).optional(),
    cardName: zText().trim().max(120, 'Card names are at most 120 characters').optional(),
    cardSet: zText().trim().max(120, 'Set names are at most 120 characters').optional(),
    cardNumber: zText().trim().max(20, 'Card numbers are at most 20 characters').optional(),
    rarity: zText().trim().max(60).optional(),
    /** The printing owned (issue 15); a form sends '' for "not told". */
    edition: z.preprocess(blankToUndefined, ZEdition.optional()),
    finish: z.preprocess(blankToUndefined, ZFinish.optional()),
    quantity: z.preprocess(blankToUndefined, ZQuantity.default(1)),
  })
  .refine((v) => v.cardId || v.cardName, { message: 'Pick a card from the catalogue or enter its name', path: ['cardName'] });
export type TAddCardFields = z.infer<typeof ZAddCardFields>;

/**
 * POST /api/user-cards/{id}/photos: the add-card form's photo fields (front, back, the corner slots,
 * details), each optional; only the slots sent are replaced, the detail photos as a whole list. No text
 * fields: the card's identity does not change here.
 */
export const REPLACE_PHOTOS_ONLY_MESSAGE = 'Only photos can be replaced here: send front, back, corner or details files.';
/** 409 while a grading of the card is queued or running: the worker reads the photos it was given. */
export const PHOTOS_LOCKED_MESSAGE = 'This card is being graded right now. Replace its photos when the grading has finished.';

export const ZLatestGrading = z.object({
  id: z.string(),
  gradingId: z.string(),
  status: ZGradingStatus,
  progress: z.number().int(),
  psaGrade: z.number().nullable(),
  bgsGrade: z.number().nullable(),
  cgcGrade: z.number().nullable(),
  recommendedPlatform: z.string().nullable(),
  /** The displayed platform's value (recommended, PSA when missing or other): pair it with that platform's grade only. */
  estimatedValue: ZDecimalString.nullable(),
  /** What the value rests on; null while not completed, and on gradings valued before market prices (rarity estimates). */
  valueSource: ZValueSource.nullable(),
  createdAt: z.string(),
});

/** Spec §3 "User card", plus what the collection screen needs. */
export const ZUserCard = z.object({
  id: z.string(),
  cardId: z.string().nullable(),
  cardName: z.string(),
  cardSet: z.string(),
  cardNumber: z.string(),
  rarity: z.string().nullable(),
  createdAt: z.string(),
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  personalNotes: z.string().nullable(),
  actualPurchasePrice: ZDecimalString.nullable(),
  /** The printing owned (issue 15); null when not told. The value rests on this printing's price. */
  edition: ZEdition.nullable(),
  finish: ZFinish.nullable(),
  /** Copies of this printing held: collection totals count value × quantity. */
  quantity: z.number().int(),
  latestGrading: ZLatestGrading.nullable(),
});
export type TUserCard = z.infer<typeof ZUserCard>;
/** ZUserCard as a route's success answer; the entity keeps its own name because other schemas embed it. */
export const ZUserCardResponse = ZUserCard;
export type TUserCardResponse = TUserCard;
export const ZUserCardListResponse = z.array(ZUserCard);

/**
 * `actualPurchasePrice` is dollars on the wire (spec §3); parsed, it becomes `purchasePriceCents`, so
 * no code past validation can mistake one unit for the other.
 */
export const ZUpdateUserCardRequest = z
  .object({
    personalNotes: zPersonalNotes().nullable().optional(),
    actualPurchasePrice: ZPurchasePrice.optional(),
    /** Changing the printing re-values the card's latest completed grading from that printing's price. */
    edition: ZEdition.nullable().optional(),
    finish: ZFinish.nullable().optional(),
    quantity: ZQuantity.optional(),
  })
  .transform(({ actualPurchasePrice, ...rest }) => ({ ...rest, purchasePriceCents: actualPurchasePrice }));
export type TUpdateUserCardRequest = z.input<typeof ZUpdateUserCardRequest>;
export type TUserCardChanges = z.output<typeof ZUpdateUserCardRequest>;

/**
 * GET /api/user-cards/{id}/raw-value: what one ungraded copy of the owned printing is worth now (the
 * market price of that printing, or an estimate, see ZValueSource), and the copies held.
 */
export const ZUserCardRawValueResponse = z.object({
  value: ZDecimalString,
  source: ZValueSource,
  /** "1st Edition Holo"; null when the collector did not say which printing. */
  printing: z.string().nullable(),
  quantity: z.number().int(),
  /** value × quantity. */
  totalValue: ZDecimalString,
});
export type TUserCardRawValueResponse = z.infer<typeof ZUserCardRawValueResponse>;

export const ZUserCardParams = z.object({ id: z.string().uuid('Not a valid card id') });
export const ZUserCardImageParams = ZUserCardParams.extend({
  name: z.string().regex(/^[a-zA-Z]+(-\d{1,2})?$/, 'No such image'),
});

/* ---------------------------------------------------------------------------------------------
 * Collection search, filters and sorting: GET /api/user-cards?… and GET /api/user-cards/facets.
 * ------------------------------------------------------------------------------------------- */

/** The platforms a card can be shown by (spec §9). */
export const COLLECTION_PLATFORMS = PLATFORMS;
export type TCollectionPlatform = TPlatform;
export const COLLECTION_STATUSES = ['all', 'graded', 'ungraded', 'grading'] as const;
export type TCollectionStatus = (typeof COLLECTION_STATUSES)[number];
export const COLLECTION_SORTS = ['newest', 'oldest', 'name', 'value-desc', 'value-asc', 'grade-desc', 'grade-asc'] as const;
export type TCollectionSort = (typeof COLLECTION_SORTS)[number];
export const COLLECTION_GRADE_MIN = 1;
export const COLLECTION_GRADE_MAX = 10;

/** One value or the same key repeated (`?set=Base&set=Jungle`): always a list of trimmed, non-empty names. */
const repeatable = (what: string) => {
  const error = `Give each ${what} as its own parameter (at most 30, each at most 120 characters)`;
  const name = zText({ error }).max(120, error);
  return z
    .union([name, z.array(name).max(30, error)], { error })
    .optional()
    .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean)))
    .transform((v) => (v && v.length > 0 ? v : undefined));
};

const grade = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a grade from 1 to 10` })
    .min(COLLECTION_GRADE_MIN, `${name} must be a grade from 1 to 10`)
    .max(COLLECTION_GRADE_MAX, `${name} must be a grade from 1 to 10`)
    .optional();

/**
 * Query string of GET /api/user-cards. Every key is optional; without any the answer is the whole
 * collection, newest first (the old behaviour). Filters combine with AND.
 *
 * - `q`: words matched (case-insensitive, each word somewhere) against the card name, set and number.
 * - `set`, `rarity`: exact names; repeat the key for several (`?set=Base&set=Jungle`) — any of them
 *   matches. Not comma separated, because set names may contain commas.
 * - `gradeMin`, `gradeMax`: 1–10, inclusive, on the displayed grade: the recommended platform's grade
 *   of the card's latest completed grading (PSA when the platform is missing or other, spec §3).
 *   Cards without a completed grading never match a grade range.
 * - `platform`: PSA, BGS or CGC, the recommended platform of the latest completed grading (missing or
 *   other counts as PSA, as shown). Case-insensitive.
 * - `status`: `graded` (has a completed grading and nothing in progress), `grading` (its latest grading
 *   is pending or processing), `ungraded` (neither: never graded, or only failed attempts), `all`.
 *   The three are disjoint and together make the whole collection.
 * - `sort`: newest (default), oldest, name, value-desc, value-asc, grade-desc, grade-asc. Cards
 *   without a value or grade come last in either direction; ties go newest first.
 */
export const ZUserCardListRequest = z
  .object({
    q: zText({ error: 'Give one search text' }).trim().max(100, 'Search is at most 100 characters').optional(),
    set: repeatable('set'),
    rarity: repeatable('rarity'),
    gradeMin: grade('gradeMin'),
    gradeMax: grade('gradeMax'),
    platform: z
      .string({ error: 'platform must be PSA, BGS or CGC' })
      .describe('PSA, BGS or CGC (any letter case)')
      .trim()
      .toUpperCase()
      .pipe(z.enum(COLLECTION_PLATFORMS, { error: 'platform must be PSA, BGS or CGC' }))
      .optional(),
    status: z.enum(COLLECTION_STATUSES, { error: `status must be one of ${COLLECTION_STATUSES.join(', ')}` }).optional(),
    sort: z.enum(COLLECTION_SORTS, { error: `sort must be one of ${COLLECTION_SORTS.join(', ')}` }).optional(),
  })
  .refine((v) => v.gradeMin === undefined || v.gradeMax === undefined || v.gradeMin <= v.gradeMax, {
    message: 'The lowest grade (gradeMin) must not be above the highest grade (gradeMax)',
    path: ['gradeMin'],
  });
export type TUserCardListRequest = z.input<typeof ZUserCardListRequest>;
export type TUserCardListFilters = z.output<typeof ZUserCardListRequest>;

const ZFacetCount = z.object({ value: z.string(), count: z.number().int() });

/** GET /api/user-cards/facets: what the collection's filter dropdowns offer, over the whole collection. */
export const ZCollectionFacetsResponse = z.object({
  /** All the collector's cards. */
  total: z.number().int(),
  /** Distinct set names, alphabetical, with how many cards each. */
  sets: z.array(ZFacetCount),
  /** Distinct rarities (cards without one are not listed), alphabetical. */
  rarities: z.array(ZFacetCount),
  /** Always PSA, BGS, CGC in that order: cards whose latest completed grading recommends it. */
  platforms: z.array(z.object({ value: z.enum(COLLECTION_PLATFORMS), count: z.number().int() })),
  /** Cards per `status` filter value (see ZUserCardListRequest); they add up to `total`. */
  statuses: z.object({ graded: z.number().int(), ungraded: z.number().int(), grading: z.number().int() }),
});
export type TCollectionFacetsResponse = z.infer<typeof ZCollectionFacetsResponse>;

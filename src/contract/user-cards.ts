import { z } from 'zod';
import { ZDecimalString, ZPurchasePrice } from './binders';

export const CORNER_SLOTS = [
  'frontTopLeft', 'frontTopRight', 'frontBottomLeft', 'frontBottomRight',
  'backTopLeft', 'backTopRight', 'backBottomLeft', 'backBottomRight',
] as const;
export type TCornerSlot = (typeof CORNER_SLOTS)[number];
export const MAX_DETAIL_IMAGES = 8;

export const GRADING_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const ZGradingStatus = z.enum(GRADING_STATUSES);

/** Text fields of the add-card form (multipart); files travel beside them as front, back, corners, details. */
export const ZAddCardFields = z
  .object({
    cardId: z.string().trim().max(40).optional(),
    cardName: z.string().trim().max(120, 'Card names are at most 120 characters').optional(),
    cardSet: z.string().trim().max(120, 'Set names are at most 120 characters').optional(),
    cardNumber: z.string().trim().max(20, 'Card numbers are at most 20 characters').optional(),
    rarity: z.string().trim().max(60).optional(),
  })
  .refine((v) => v.cardId || v.cardName, { message: 'Pick a card from the catalogue or enter its name', path: ['cardName'] });
export type TAddCardFields = z.infer<typeof ZAddCardFields>;

export const ZLatestGrading = z.object({
  id: z.string(),
  gradingId: z.string(),
  status: ZGradingStatus,
  progress: z.number().int(),
  psaGrade: z.number().nullable(),
  bgsGrade: z.number().nullable(),
  cgcGrade: z.number().nullable(),
  recommendedPlatform: z.string().nullable(),
  estimatedValue: ZDecimalString.nullable(),
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
  latestGrading: ZLatestGrading.nullable(),
});
export type TUserCard = z.infer<typeof ZUserCard>;
export const ZUserCardList = z.array(ZUserCard);

export const ZUpdateUserCardRequest = z.object({
  personalNotes: z.string().max(2000, 'Notes are at most 2,000 characters').nullable().optional(),
  actualPurchasePrice: ZPurchasePrice.optional(),
});
export type TUpdateUserCardRequest = z.input<typeof ZUpdateUserCardRequest>;

export const ZUserCardParams = z.object({ id: z.string().uuid('Not a valid card id') });
export const ZUserCardImageParams = ZUserCardParams.extend({
  name: z.string().regex(/^[a-zA-Z]+(-\d{1,2})?$/, 'No such image'),
});

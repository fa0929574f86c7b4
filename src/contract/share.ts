import { z } from 'zod';
import { ZBinderSubmission } from './binders';
import { ZDecimalString } from './common';
import { ZGrading } from './gradings';
import { ZEdition, ZFinish } from './printing';

/**
 * The public share page of a binder (issue 15): what anyone with the link may read, signed in or
 * not. Every schema here is built by PICKING fields, never by stripping a private document: a field
 * added to the owner's binder (notes, purchase price, the owner's email, gradingId…) cannot leak here
 * until someone adds it to this file on purpose. Only public binders answer; a private or missing
 * binder, and a card that is not in that public binder, answer the same 404.
 */
export const SHARED_NOT_FOUND = "This binder doesn't exist or isn't shared.";
export const SHARED_CARD_NOT_FOUND = "This card doesn't exist or isn't shared.";

/** Where the share page lives (outside /account: it needs no account). */
export const sharedBinderPath = (binderId: string) => `/shared/binders/${binderId}`;
export const sharedCardPath = (binderId: string, userCardId: string) => `/shared/binders/${binderId}/cards/${userCardId}`;

/** A card as the share page lists it: catalogue facts, its grades and values, and its front photo. */
export const ZPublicBinderCard = ZBinderSubmission.pick({
  cardName: true,
  cardSet: true,
  cardNumber: true,
  rarity: true,
  recommendedPlatform: true,
  psaGrade: true,
  bgsGrade: true,
  cgcGrade: true,
  psaEstimatedValue: true,
  bgsEstimatedValue: true,
  cgcEstimatedValue: true,
  valueSource: true,
}).extend({
  /** The collector's card id: the public card view is /shared/binders/{binderId}/cards/{userCardId}. */
  userCardId: z.string(),
  edition: ZEdition.nullable(),
  finish: ZFinish.nullable(),
  /** Through the share route (GET /api/shared/binders/{id}/cards/{userCardId}/images/front), or null. */
  frontImageUrl: z.string().nullable(),
});
export type TPublicBinderCard = z.infer<typeof ZPublicBinderCard>;

/** The binder's public face: no owner id or email, no timestamps beyond the last change. */
export const ZPublicBinder = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The collector's username (already shown by the public binder API): who shares it. */
  ownerUsername: z.string(),
  cardCount: z.number().int(),
  /** Sum of the displayed values (recommended platform, PSA otherwise), dollars. */
  totalValue: ZDecimalString,
  updatedAt: z.string(),
});
export type TPublicBinder = z.infer<typeof ZPublicBinder>;

export const ZPublicBinderResponse = z.object({ binder: ZPublicBinder, cards: z.array(ZPublicBinderCard) });
export type TPublicBinderResponse = z.infer<typeof ZPublicBinderResponse>;

/**
 * One card of a public binder: what a collector shows when sharing a graded card — the photos of both
 * faces, the three platforms' grades and values, the sub-grades and the confidence. Not the decision
 * logs, the annotated evidence or the corner close-ups (the owner's working material), and never the
 * notes or the purchase price.
 */
export const ZPublicCardResponse = z.object({
  binder: ZPublicBinder.pick({ id: true, name: true, ownerUsername: true }),
  card: ZPublicBinderCard.extend({
    backImageUrl: z.string().nullable(),
    gradedAt: z.string().nullable(),
    /** The ungraded value the graded ones rest on, to show the fee arithmetic; null when unknown. */
    rawValueUsd: z.number().nullable(),
    ...ZGrading.pick({ centeringScore: true, cornersScore: true, edgesScore: true, surfaceScore: true, confidence: true }).shape,
  }),
});
export type TPublicCardResponse = z.infer<typeof ZPublicCardResponse>;

export const ZSharedBinderParams = z.object({ id: z.string().uuid('Not a valid binder id') });
export const ZSharedCardParams = ZSharedBinderParams.extend({ userCardId: z.string().uuid('Not a valid card id') });
/** Only the two faces travel through a share link; close-ups and extra details stay with the owner. */
export const SHARED_IMAGE_SLOTS = ['front', 'back'] as const;
export const ZSharedImageParams = ZSharedCardParams.extend({ name: z.enum(SHARED_IMAGE_SLOTS, { message: 'No such image' }) });

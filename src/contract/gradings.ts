import { z } from 'zod';
import { ZPlatform } from './common';
import { ZGradingStatus } from './user-cards';

/** A grading job as its owner follows it: progress while it runs, grades when it is done. */
export const ZGrading = z.object({
  gradingId: z.string(),
  userCardId: z.string(),
  status: ZGradingStatus,
  /** 0–100. */
  progress: z.number().int(),
  currentStep: z.string().nullable(),
  error: z.string().nullable(),
  creditRefunded: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  psaGrade: z.number().nullable(),
  bgsGrade: z.number().nullable(),
  cgcGrade: z.number().nullable(),
  centeringScore: z.number().nullable(),
  cornersScore: z.number().nullable(),
  edgesScore: z.number().nullable(),
  surfaceScore: z.number().nullable(),
  confidence: z.number().nullable(),
  recommendedPlatform: ZPlatform.nullable(),
  psaEstimatedValue: z.string().nullable(),
  bgsEstimatedValue: z.string().nullable(),
  cgcEstimatedValue: z.string().nullable(),
});
export type TGrading = z.infer<typeof ZGrading>;
/** ZGrading as a route's success answer; the entity keeps its own name because other schemas embed it. */
export const ZGradingResponse = ZGrading;
export type TGradingResponse = TGrading;

export const ZGradingIdParam = z.object({ gradingId: z.string().regex(/^GV-[0-9A-F]{10}$/, 'Not a valid grading id') });
/** An evidence image of a grading, by its name (frontAnnotated, cornerTopLeft…). */
export const ZGradingImageParams = ZGradingIdParam.extend({ name: z.string().regex(/^[a-zA-Z]{3,40}$/, 'Not a valid image name') });

/** Sent with 402 when a starter account has no credits left. */
export const NO_CREDITS_MESSAGE = 'You have no grading credits left. Buy credits to grade this card.';
export const BUY_CREDITS_PATH = '/account/checkout/credits?package=standard';

export const ZGradingListResponse = z.array(ZGrading);

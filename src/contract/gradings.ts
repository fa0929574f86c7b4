import { z } from 'zod';
import { ZPlatform, type TPlatform } from './binders';
import { ZGradingStatus } from './user-cards';
import type { TValueSource } from './pricing';

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

export const ZGradingIdParam = z.object({ gradingId: z.string().regex(/^GV-[0-9A-F]{10}$/, 'Not a valid grading id') });

/**
 * The worker's last step after the engine's own (`front: decode` … `back: surface`): the progress page
 * lists it too, so every engine step stays checked while it runs.
 */
export const SAVING_EVIDENCE_STEP = 'Saving evidence images';

/** Sent with 402 when a starter account has no credits left. */
export const NO_CREDITS_MESSAGE = 'You have no grading credits left. Buy credits to grade this card.';
export const BUY_CREDITS_PATH = '/account/checkout/credits?package=standard';

/**
 * The fields every grading report starts with, measured by the engine or entered by the collector:
 * spec §3's grades, labels, sub-grades and values. The two report types add their own logs on top.
 */
export type TReportHeadline = {
  gradeTablesVersion: string;
  psaGrade: number;
  psaLabel: string;
  bgsGrade: number;
  bgsLabel: string;
  cgcGrade: number;
  cgcLabel: string;
  centeringScore: number;
  cornersScore: number;
  edgesScore: number;
  surfaceScore: number;
  recommendedPlatform: TPlatform;
  psaEstimatedValue: string;
  bgsEstimatedValue: string;
  cgcEstimatedValue: string;
  valueBasis: {
    rawValueUsd: number;
    netAfterFeesUsd: Record<TPlatform, number>;
    /** Missing on gradings valued before market prices were bundled (all rarity estimates). */
    source?: TValueSource;
    /** The version of the grade-multiplier table, and each platform's multiplier for this grading. */
    multipliersVersion?: string;
    multipliers?: Record<TPlatform, number>;
  };
};

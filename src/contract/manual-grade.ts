import { z } from 'zod';

const sub = z
  .number()
  .min(1, 'Sub-grades run from 1 to 10')
  .max(10, 'Sub-grades run from 1 to 10')
  .multipleOf(0.5, 'Use half steps (9, 9.5, 10)');
const share = z.number().min(50, 'Give the larger share, 50 to 100').max(100, 'Give the larger share, 50 to 100');

/** Sub-grades entered or adjusted by the collector; platform grades are recomputed by the engine's rules. */
export const ZManualGradeRequest = z.object({
  corners: sub,
  edges: sub,
  surface: sub,
  /** The worse axis of each face as its larger share (55 for 55/45); null when not measurable. */
  frontCentering: share.nullable(),
  backCentering: share.nullable(),
});
export type TManualGradeRequest = z.infer<typeof ZManualGradeRequest>;

export const ZManualGradeResponse = z.object({
  centering: z.number(),
  psaGrade: z.number(),
  psaLabel: z.string(),
  bgsGrade: z.number(),
  bgsLabel: z.string(),
  cgcGrade: z.number(),
  cgcLabel: z.string(),
  gradeTablesVersion: z.string(),
});
export type TManualGradeResponse = z.infer<typeof ZManualGradeResponse>;

/**
 * Saving a manual grading: POST /api/user-cards/{id}/manual-grading with a ZManualGradeRequest body
 * answers 201 with the new grading (ZGrading from ./gradings). Free: no credit is spent.
 */
export const MANUAL_GRADING_BUSY_MESSAGE = 'This card is still being graded. Wait until that grading finishes, then adjust its grades.';

// The report a manual grading saves is ZManualGradingReport in ./grading-report.

import { z } from 'zod';
import type { TReportHeadline } from './gradings';

const sub = z.number().min(1, 'Sub-grades run from 1 to 10').max(10, 'Sub-grades run from 1 to 10').multipleOf(0.5, 'Use half steps (9, 9.5, 10)');
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

export const ZManualGradeResult = z.object({
  centering: z.number(),
  psaGrade: z.number(),
  psaLabel: z.string(),
  bgsGrade: z.number(),
  bgsLabel: z.string(),
  cgcGrade: z.number(),
  cgcLabel: z.string(),
  gradeTablesVersion: z.string(),
});
export type TManualGradeResult = z.infer<typeof ZManualGradeResult>;

/**
 * Saving a manual grading: POST /api/user-cards/{id}/manual-grading with a ZManualGradeRequest body
 * answers 201 with the new grading (ZGrading from ./gradings). Free: no credit is spent.
 */
export const MANUAL_GRADING_BUSY_MESSAGE = 'This card is still being graded. Wait until that grading finishes, then adjust its grades.';

/**
 * The `report` of a saved manual grading (GET /api/gradings/{gradingId}/report). Nothing was measured:
 * there are no evidence images, and its decision logs say in words that the sub-grades were entered
 * by the collector. So that readers of engine reports (card profile, administrators' report view)
 * need no special case to stay safe, it has the engine report's field names: confidence and
 * measurement counts are null (not assessed), lists and per-corner details are empty, and one
 * analysis step records the manual entry.
 */
export type TManualDecisionLog = { score: number; summary: string; reasoning: string; confidence: null; enteredByCollector: true; details: string[] };
export type TManualGradingReport = TReportHeadline & {
  source: 'manual';
  input: TManualGradeRequest;
  /** The completed grading the collector started from, when the card had one. */
  basedOnGradingId?: string;
  confidence: null;
  centeringDecisionLog: TManualDecisionLog & { horizontalRatio: string | null; verticalRatio: null };
  cornersDecisionLog: TManualDecisionLog & { averageScore: number; perfectCorners: null };
  edgesDecisionLog: TManualDecisionLog & { frontEdgeWear: null; backEdgeWear: null; averageWear: null };
  surfaceDecisionLog: TManualDecisionLog & { totalIssues: null; majorIssues: null; moderateIssues: null; minorIssues: null; frontIssues: []; backIssues: [] };
  imageAdjustments: [];
  analysisSteps: { stepNumber: 1; stepName: string; stepDescription: string; status: 'completed'; stepResults: Record<string, unknown>; startTime: string; endTime: string }[];
};

/** Whether a grading report (any shape) is a collector's manual grading. */
export const isManualReport = (report: unknown): report is TManualGradingReport =>
  typeof report === 'object' && report !== null && (report as { source?: unknown }).source === 'manual';

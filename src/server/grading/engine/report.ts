/** The grading report the engine returns: plain JSON, the fields of spec §3 plus the measurements behind them. */
import type { CornerIssue } from './corners';
import type { TReportHeadline } from '@contract/gradings';
import type { SurfaceBasis, SurfaceIssue } from './surface';

export type DecisionBase = { score: number; reasoning: string; confidence: number; summary: string };

export type FaceCenteringLog =
  | {
      measurable: true;
      /** Left share, percent (55.2 means 55.2/44.8). */
      horizontal: number;
      /** Top share, percent. */
      vertical: number;
      horizontalRatio: string;
      verticalRatio: string;
      uncertainty: { horizontal: number; vertical: number };
      bordersMm: { left: number; right: number; top: number; bottom: number };
      /** How much each border's width varies along its edge (10th–90th percentile), mm. */
      spreadMm: { left: number; right: number; top: number; bottom: number };
    }
  | { measurable: false; reason: string };

export type CornerDetail = { score: number; condition: string; issues: CornerIssue[]; whitenedPercent: number; roundingExcessMm: number | null };
export type EdgeDetail = { score: number; wearPercent: number; chips: { atMm: number; lengthMm: number }[] };
export type ReportSurfaceIssue = SurfaceIssue & { face: 'front' | 'back' };

export type GradingReport = TReportHeadline & {
  engineVersion: string;
  /** 0–100: how far the measurements can be trusted, from their uncertainties and the photo quality. */
  confidence: number;
  centeringDecisionLog: DecisionBase & { horizontalRatio: string | null; verticalRatio: string | null; front: FaceCenteringLog; back: FaceCenteringLog; details: string[] };
  cornersDecisionLog: DecisionBase & { averageScore: number; perfectCorners: number; details: Record<string, CornerDetail> };
  edgesDecisionLog: DecisionBase & { frontEdgeWear: number; backEdgeWear: number; averageWear: number; details: Record<string, EdgeDetail> };
  surfaceDecisionLog: DecisionBase & {
    totalIssues: number;
    majorIssues: number;
    moderateIssues: number;
    minorIssues: number;
    frontIssues: ReportSurfaceIssue[];
    backIssues: ReportSurfaceIssue[];
    details: string[];
    /** Whether the front was compared with the catalogue image, and how well it matched. */
    basis: SurfaceBasis;
  };
  /** The card's whitest print as a share of full brightness: below 92% contrasts are rescaled and confidence drops. */
  photoChecks: Record<'front' | 'back', { widthPx: number; heightPx: number; pxPerMm: number; edgeWidthPx: number; saturatedPercent: number; whiteLevelPercent: number }>;
  /** What the engine could not measure on these photos, in words; each lowered the confidence and none counted as perfect. */
  limitations: string[];
  imageAdjustments: { adjustmentStep: number; adjustmentType: string; adjustmentDescription: string; originalImageType: string; annotations: { severity: 'info' | 'minor' | 'moderate' | 'major'; annotationText: string }[] }[];
  analysisSteps: { stepNumber: number; stepName: string; stepDescription: string; status: 'completed'; stepResults: Record<string, unknown>; startTime: string; endTime: string }[];
  inputs: { closeUps: string[]; detailImages: number };
};

/**
 * The grading, row to contract: its grades, sub-grades and values are mapped here once, for the
 * owner's answer (TGrading) and the back-office report alike.
 */
import type { TGrading } from '@contract/gradings';
import type { gradings } from '../db/schema';

type GradingRow = typeof gradings.$inferSelect;

/** Grades, sub-grades, confidence, platform and values: what a finished grading found. */
export const gradingFigures = (g: GradingRow) => ({
  psaGrade: g.psaGrade,
  bgsGrade: g.bgsGrade,
  cgcGrade: g.cgcGrade,
  centeringScore: g.centeringScore,
  cornersScore: g.cornersScore,
  edgesScore: g.edgesScore,
  surfaceScore: g.surfaceScore,
  confidence: g.confidence,
  // The database checks these words, so the cast only names what is already true.
  recommendedPlatform: (g.recommendedPlatform as TGrading['recommendedPlatform']) ?? null,
  psaEstimatedValue: g.psaEstimatedValue,
  bgsEstimatedValue: g.bgsEstimatedValue,
  cgcEstimatedValue: g.cgcEstimatedValue,
});

export function toGrading(g: GradingRow): TGrading {
  return {
    gradingId: g.gradingId,
    userCardId: g.userCardId,
    status: g.status,
    progress: g.progress,
    currentStep: g.currentStep,
    error: g.error,
    creditRefunded: g.creditRefunded,
    createdAt: g.createdAt.toISOString(),
    completedAt: g.completedAt?.toISOString() ?? null,
    ...gradingFigures(g),
  };
}

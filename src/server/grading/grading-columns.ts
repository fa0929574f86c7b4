import type { GradeSummary } from '../../engine/index';

/** The gradings-table columns a completed report fills (confidence aside: its scale differs by source). */
export const gradingColumns = (r: Omit<GradeSummary, 'valueBasis'>) => ({
  psaGrade: r.psaGrade,
  bgsGrade: r.bgsGrade,
  cgcGrade: r.cgcGrade,
  centeringScore: r.centeringScore,
  cornersScore: r.cornersScore,
  edgesScore: r.edgesScore,
  surfaceScore: r.surfaceScore,
  recommendedPlatform: r.recommendedPlatform,
  psaEstimatedValue: r.psaEstimatedValue,
  bgsEstimatedValue: r.bgsEstimatedValue,
  cgcEstimatedValue: r.cgcEstimatedValue,
});

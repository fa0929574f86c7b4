/**
 * Whole answers of the API for web tests, typed by the contract: a test overrides what it is about and
 * gets every other field the server always sends, so its mock passes the contract check in mock-api.ts.
 */
import type { TCatalogueCard } from '@contract/catalogue';
import { manualDecisionLogs, type TEngineGradingReport, type TManualGradingReport } from '@contract/grading-report';
import type { TGrading } from '@contract/gradings';
import type { TManualGradeRequest, TManualGradeResponse } from '@contract/manual-grade';
import type { TUserCard } from '@contract/user-cards';

export const aUserCard = (over: Partial<TUserCard> = {}): TUserCard => ({
  id: '20000000-0000-4000-8000-000000000001',
  cardId: 'base1-4',
  cardName: 'Charizard',
  cardSet: 'Base',
  cardNumber: '4',
  rarity: 'Rare Holo',
  createdAt: '2026-11-01T10:00:00.000Z',
  frontImageUrl: null,
  backImageUrl: null,
  personalNotes: null,
  actualPurchasePrice: null,
  edition: null,
  finish: null,
  quantity: 1,
  latestGrading: null,
  ...over,
});

/** A grading waiting for the worker; completed ones override status, grades and values. */
export const aGrading = (over: Partial<TGrading> = {}): TGrading => ({
  gradingId: 'GV-0000000001',
  userCardId: '20000000-0000-4000-8000-000000000001',
  status: 'pending',
  progress: 0,
  currentStep: null,
  error: null,
  creditRefunded: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  completedAt: null,
  psaGrade: null,
  bgsGrade: null,
  cgcGrade: null,
  centeringScore: null,
  cornersScore: null,
  edgesScore: null,
  surfaceScore: null,
  confidence: null,
  recommendedPlatform: null,
  psaEstimatedValue: null,
  bgsEstimatedValue: null,
  cgcEstimatedValue: null,
  ...over,
});

export const aCatalogueCard = (over: Partial<TCatalogueCard> = {}): TCatalogueCard => ({
  id: 'base1-4',
  name: 'Charizard',
  number: '4',
  rarity: 'Rare Holo',
  setId: 'base1',
  setName: 'Base',
  series: 'Base',
  setPrintedTotal: 102,
  releaseDate: '1999-01-09',
  imageSmall: null,
  imageLarge: null,
  ...over,
});

const headline = {
  gradeTablesVersion: 'psa-2024.1+bgs-2024.1+cgc-2024.1',
  psaGrade: 8,
  psaLabel: 'NM-MT 8',
  bgsGrade: 8.5,
  bgsLabel: 'NM-MT+',
  cgcGrade: 8.5,
  cgcLabel: 'NM/Mint+',
  centeringScore: 9,
  cornersScore: 8.5,
  edgesScore: 9,
  surfaceScore: 9.5,
  recommendedPlatform: 'PSA' as const,
  psaEstimatedValue: '40.00',
  bgsEstimatedValue: '35.00',
  cgcEstimatedValue: '30.00',
  valueBasis: { rawValueUsd: 20, netAfterFeesUsd: { PSA: 20, BGS: 15, CGC: 10 } },
};
const unmeasured = { measurable: false as const, reason: 'Not measured in this test.' };
const log = { score: 9, summary: 's', reasoning: 'r', confidence: 80 };

/** An engine report with empty measurement lists (no evidence, no issues, no steps). */
export const anEngineReport = (over: Partial<TEngineGradingReport> = {}): TEngineGradingReport => ({
  ...headline,
  schemaVersion: 2,
  engineVersion: 'test',
  confidence: 88,
  centeringDecisionLog: { ...log, horizontalRatio: null, verticalRatio: null, front: unmeasured, back: unmeasured, details: [] },
  cornersDecisionLog: { ...log, score: 8.5, averageScore: 8.5, perfectCorners: 0, details: {} },
  edgesDecisionLog: { ...log, frontEdgeWear: 0, backEdgeWear: 0, averageWear: 0, details: {} },
  surfaceDecisionLog: {
    ...log,
    score: 9.5,
    totalIssues: 0,
    majorIssues: 0,
    moderateIssues: 0,
    minorIssues: 0,
    frontIssues: [],
    backIssues: [],
    details: [],
  },
  photoChecks: {
    front: { widthPx: 1000, heightPx: 1400, pxPerMm: 15, edgeWidthPx: 2, saturatedPercent: 0 },
    back: { widthPx: 1000, heightPx: 1400, pxPerMm: 15, edgeWidthPx: 2, saturatedPercent: 0 },
  },
  limitations: [],
  imageAdjustments: [],
  analysisSteps: [],
  inputs: { closeUps: [], detailImages: 0 },
  evidenceKeys: {},
  ...over,
});

const manualLog = (score: number, what: string) => ({
  score,
  summary: `${what} ${score}, entered by the collector.`,
  reasoning: 'Entered by hand by the collector, not measured from photos.',
});

/** A collector's manual grading report of `input`, shaped as the server saves it. */
export const aManualReport = (input: TManualGradeRequest, over: Partial<TManualGradingReport> = {}): TManualGradingReport => ({
  ...headline,
  schemaVersion: 2,
  source: 'manual',
  input,
  confidence: null,
  ...manualDecisionLogs({
    centering: { ...manualLog(9, 'centering'), horizontalRatio: null },
    corners: manualLog(input.corners, 'corners'),
    edges: manualLog(input.edges, 'edges'),
    surface: manualLog(input.surface, 'surface'),
  }),
  imageAdjustments: [],
  analysisSteps: [],
  ...over,
});

/** The preview of a manual grading (POST /api/grading/manual-grade): the same grades as the reports above. */
export const aManualGradePreview = (over: Partial<TManualGradeResponse> = {}): TManualGradeResponse => {
  const { gradeTablesVersion, psaGrade, psaLabel, bgsGrade, bgsLabel, cgcGrade, cgcLabel } = headline;
  return { centering: headline.centeringScore, gradeTablesVersion, psaGrade, psaLabel, bgsGrade, bgsLabel, cgcGrade, cgcLabel, ...over };
};

/**
 * The grading report: the product's main output, stored whole in `gradings.report` and served by
 * GET /api/gradings/{gradingId}/report. One schema for the engine that assembles it, the worker that
 * stores it, the route that serves it, the OpenAPI document and the screens that read it.
 *
 * Versioned: `schemaVersion` is 2 from this contract on. Reports stored before it have no version;
 * `parseStoredReport` upgrades them on read (no migration of the column), so old gradings still open.
 * Objects are loose (unknown keys pass through): the engine may add a measurement without breaking
 * readers, and a reader sees it as soon as the contract names it.
 */
import { z } from 'zod';
import { ZDecimalString, ZPlatform } from './common';
import { ZManualGradeRequest } from './manual-grade';
import { ZValueSource } from './pricing';

export const GRADING_REPORT_VERSION = 2;

/** The steps the engine runs on each face, in order (its `analysisSteps` are `front: decode` … `back: surface`). */
export const FACE_STEP_NAMES = ['decode', 'detect card', 'refine edges', 'centering', 'corners', 'edges', 'surface'] as const;
export type TFaceStepName = (typeof FACE_STEP_NAMES)[number];
/** A card's two sides, in the order they are photographed. */
export type Face = 'front' | 'back';
export const faceStepName = (face: Face, step: TFaceStepName) => `${face}: ${step}` as const;
export const ENGINE_STEP_NAMES = [
  ...FACE_STEP_NAMES.map((s) => faceStepName('front', s)),
  ...FACE_STEP_NAMES.map((s) => faceStepName('back', s)),
];

/**
 * The worker's last step after the engine's own: the progress page lists it too, so every engine step
 * stays checked while it runs.
 */
export const SAVING_EVIDENCE_STEP = 'Saving evidence images';
/** A grading job's steps in order, as it reports them in `currentStep`. */
export const GRADING_JOB_STEPS = [...ENGINE_STEP_NAMES, SAVING_EVIDENCE_STEP];
/** The one step a manual grading records. */
export const MANUAL_GRADING_STEP = 'Manual grading';

/** Why the engine declined a photo (the engine holds the sentence shown for each). */
export const REFUSAL_CODE_LIST = [
  'invalid_image',
  'image_too_large',
  'image_too_small',
  'no_card_found',
  'card_cut_off',
  'too_blurry',
  'glare',
  'several_cards',
  'too_dark',
  'too_bright',
  'faces_mismatch',
  'card_in_slab',
  'card_in_sleeve',
] as const;
export const ZRefusalCode = z.enum(REFUSAL_CODE_LIST);
/** A clear holder the engine measures the card through (a slab is refused instead). */
export const ZHolder = z.enum(['sleeve', 'toploader']);
export type THolder = z.infer<typeof ZHolder>;
export type TRefusalCode = z.infer<typeof ZRefusalCode>;

const ZPerPlatform = z.object({ PSA: z.number(), BGS: z.number(), CGC: z.number() });

export const ZValueBasis = z.looseObject({
  rawValueUsd: z.number(),
  netAfterFeesUsd: ZPerPlatform,
  /** Missing on gradings valued before market prices were bundled (all rarity estimates). */
  source: ZValueSource.optional(),
  /** The version of the grade-multiplier table, and each platform's multiplier for this grading. */
  multipliersVersion: z.string().optional(),
  multipliers: ZPerPlatform.optional(),
  /** The fee table (contract/grading-fees.ts) the recommendation was made with. */
  feesVersion: z.string().optional(),
});
export type TValueBasis = z.infer<typeof ZValueBasis>;

/** Spec §3's grades, labels, sub-grades and values: every report starts with them, measured or entered. */
export const ZReportHeadline = z.looseObject({
  gradeTablesVersion: z.string(),
  psaGrade: z.number(),
  psaLabel: z.string(),
  bgsGrade: z.number(),
  bgsLabel: z.string(),
  cgcGrade: z.number(),
  cgcLabel: z.string(),
  centeringScore: z.number(),
  cornersScore: z.number(),
  edgesScore: z.number(),
  surfaceScore: z.number(),
  recommendedPlatform: ZPlatform,
  psaEstimatedValue: ZDecimalString,
  bgsEstimatedValue: ZDecimalString,
  cgcEstimatedValue: ZDecimalString,
  valueBasis: ZValueBasis,
});
export type TReportHeadline = z.infer<typeof ZReportHeadline>;

const ZSeverity = z.enum(['info', 'minor', 'moderate', 'major']);
const ZStep = z.looseObject({
  stepNumber: z.number().int(),
  stepName: z.string(),
  stepDescription: z.string(),
  status: z.literal('completed'),
  stepResults: z.record(z.string(), z.unknown()),
  startTime: z.string(),
  endTime: z.string(),
});
const ZDecisionBase = z.looseObject({ score: z.number(), summary: z.string(), reasoning: z.string() });

// ---- The engine's report -------------------------------------------------------------------------

const ZSides = z.object({ left: z.number(), right: z.number(), top: z.number(), bottom: z.number() });
export const ZFaceCenteringLog = z.union([
  z.looseObject({
    measurable: z.literal(true),
    /** Left share, percent (55.2 means 55.2/44.8). */
    horizontal: z.number(),
    /** Top share, percent. */
    vertical: z.number(),
    horizontalRatio: z.string(),
    verticalRatio: z.string(),
    uncertainty: z.object({ horizontal: z.number(), vertical: z.number() }),
    bordersMm: ZSides,
    /** How much each border's width varies along its edge (10th–90th percentile), mm. */
    spreadMm: ZSides,
  }),
  z.looseObject({ measurable: z.literal(false), reason: z.string() }),
]);
export type TFaceCenteringLog = z.infer<typeof ZFaceCenteringLog>;

export const ZCornerDetail = z.looseObject({
  score: z.number(),
  condition: z.string(),
  issues: z.array(z.string()),
  whitenedPercent: z.number(),
  roundingExcessMm: z.number().nullable(),
});
export const ZEdgeDetail = z.looseObject({
  score: z.number(),
  wearPercent: z.number(),
  chips: z.array(z.object({ atMm: z.number(), lengthMm: z.number() })),
});
const ZPoint = z.object({ xMm: z.number(), yMm: z.number() });
/** What the surface findings rest on: the catalogue image (and how well the photo matched it) or the stricter detector alone. */
export const ZSurfaceBasis = z.object({
  referenceGiven: z.boolean(),
  matchScore: z.number().optional(),
  matched: z.boolean().optional(),
  upsideDown: z.boolean().optional(),
  printShiftMm: z.object({ x: z.number(), y: z.number() }).optional(),
  /** Without a reference, so many line-like marks crossed the art that they were read as its pattern (holo, texture). */
  patterned: z.boolean().optional(),
});
export type TSurfaceBasis = z.infer<typeof ZSurfaceBasis>;

export const ZSurfaceIssue = z.looseObject({
  type: z.string(),
  severity: ZSeverity.exclude(['info']),
  face: z.enum(['front', 'back']),
  /** Centre and end points in card millimetres from the top-left corner. */
  xMm: z.number(),
  yMm: z.number(),
  from: ZPoint,
  to: ZPoint,
  lengthMm: z.number(),
  widthMm: z.number(),
  contrast: z.number(),
});
export type TSurfaceIssue = z.infer<typeof ZSurfaceIssue>;

const ZPhotoCheck = z.looseObject({
  widthPx: z.number(),
  heightPx: z.number(),
  pxPerMm: z.number(),
  edgeWidthPx: z.number(),
  saturatedPercent: z.number(),
  /** The card's whitest print as a share of full brightness: below 92% contrasts are rescaled and confidence drops. */
  whiteLevelPercent: z.number().optional(),
  /**
   * Where the card was found: its four corners (top-left, top-right, bottom-right, bottom-left as the card
   * lies) in the photo's own pixels, upright (EXIF orientation applied); each is where two fitted cut
   * edges meet. Drawn on the `{face}Outline` evidence image. Missing on gradings before engine 2.1.
   */
  cardOutline: z
    .array(z.object({ x: z.number(), y: z.number() }))
    .length(4)
    .optional(),
  /** The holder the card was photographed in and measured through (its rim or margin showed round the card), or null; missing before engine 2.1. */
  holder: ZHolder.nullable().optional(),
});

/** What the engine returns (the worker adds the stored evidence images' keys). */
export const ZEngineReport = ZReportHeadline.extend({
  schemaVersion: z.literal(GRADING_REPORT_VERSION),
  engineVersion: z.string(),
  /** 0–100: how far the measurements can be trusted, from their uncertainties and the photo quality. */
  confidence: z.number(),
  centeringDecisionLog: ZDecisionBase.extend({
    confidence: z.number(),
    horizontalRatio: z.string().nullable(),
    verticalRatio: z.string().nullable(),
    front: ZFaceCenteringLog,
    back: ZFaceCenteringLog,
    details: z.array(z.string()),
  }),
  cornersDecisionLog: ZDecisionBase.extend({
    confidence: z.number(),
    averageScore: z.number(),
    perfectCorners: z.number(),
    details: z.record(z.string(), ZCornerDetail),
  }),
  edgesDecisionLog: ZDecisionBase.extend({
    confidence: z.number(),
    frontEdgeWear: z.number(),
    backEdgeWear: z.number(),
    averageWear: z.number(),
    details: z.record(z.string(), ZEdgeDetail),
  }),
  surfaceDecisionLog: ZDecisionBase.extend({
    confidence: z.number(),
    totalIssues: z.number(),
    majorIssues: z.number(),
    moderateIssues: z.number(),
    minorIssues: z.number(),
    frontIssues: z.array(ZSurfaceIssue),
    backIssues: z.array(ZSurfaceIssue),
    details: z.array(z.string()),
    /** Whether the front was compared with the catalogue image, and how well it matched; missing before engine 2. */
    basis: ZSurfaceBasis.optional(),
  }),
  photoChecks: z.object({ front: ZPhotoCheck, back: ZPhotoCheck }),
  /** What the engine could not measure on these photos, in words; each lowered the confidence and none counted as perfect. */
  limitations: z.array(z.string()),
  imageAdjustments: z.array(
    z.looseObject({
      adjustmentStep: z.number().int(),
      adjustmentType: z.string(),
      adjustmentDescription: z.string(),
      originalImageType: z.string(),
      /** The evidence image this step produced (a key of evidenceKeys), and when; missing on older gradings. */
      evidenceName: z.string().optional(),
      createdAt: z.string().optional(),
      annotations: z.array(z.object({ severity: ZSeverity, annotationText: z.string() })),
    }),
  ),
  analysisSteps: z.array(ZStep),
  inputs: z.object({ closeUps: z.array(z.string()), detailImages: z.number().int() }),
});
export type TEngineReport = z.infer<typeof ZEngineReport>;

/** An engine report as stored and served: with the storage keys of its annotated evidence images. */
export const ZEngineGradingReport = ZEngineReport.extend({ evidenceKeys: z.record(z.string(), z.string()) });
export type TEngineGradingReport = z.infer<typeof ZEngineGradingReport>;

// ---- A collector's manual grading ----------------------------------------------------------------

/**
 * Nothing was measured: there are no evidence images, and its decision logs say in words that the
 * sub-grades were entered by the collector. So that readers of engine reports need no special case to
 * stay safe, it has the engine report's field names: confidence and measurement counts are null (not
 * assessed), lists are empty, and one analysis step records the manual entry.
 */
const ZManualLog = ZDecisionBase.extend({ confidence: z.null(), enteredByCollector: z.literal(true), details: z.array(z.string()) });
export type TManualDecisionLog = z.infer<typeof ZManualLog>;
export const ZManualGradingReport = ZReportHeadline.extend({
  schemaVersion: z.literal(GRADING_REPORT_VERSION),
  source: z.literal('manual'),
  input: ZManualGradeRequest,
  /** The completed grading the collector started from, when the card had one. */
  basedOnGradingId: z.string().optional(),
  confidence: z.null(),
  centeringDecisionLog: ZManualLog.extend({ horizontalRatio: z.string().nullable(), verticalRatio: z.null() }),
  cornersDecisionLog: ZManualLog.extend({ averageScore: z.number(), perfectCorners: z.null() }),
  edgesDecisionLog: ZManualLog.extend({ frontEdgeWear: z.null(), backEdgeWear: z.null(), averageWear: z.null() }),
  surfaceDecisionLog: ZManualLog.extend({
    totalIssues: z.null(),
    majorIssues: z.null(),
    moderateIssues: z.null(),
    minorIssues: z.null(),
    frontIssues: z.tuple([]),
    backIssues: z.tuple([]),
  }),
  imageAdjustments: z.tuple([]),
  analysisSteps: z.array(ZStep),
});
export type TManualGradingReport = z.infer<typeof ZManualGradingReport>;

/** What the collector's entry says of one sub-grade: its score and the log's words. */
export type TManualLogWords = Pick<TManualDecisionLog, 'score' | 'summary' | 'reasoning'>;
type ManualLogs = Pick<TManualGradingReport, 'centeringDecisionLog' | 'cornersDecisionLog' | 'edgesDecisionLog' | 'surfaceDecisionLog'>;

/**
 * The four decision logs of a manual report from the collector's sub-grades and words: every
 * measurement the engine would make is null (not assessed) and every list empty. The server saves
 * these and the web tests' fixtures build them, so the two cannot disagree on the shape.
 */
export function manualDecisionLogs(logs: {
  centering: TManualLogWords & { horizontalRatio: string | null };
  corners: TManualLogWords;
  edges: TManualLogWords;
  surface: TManualLogWords;
}): ManualLogs {
  const byCollector = (w: TManualLogWords): TManualDecisionLog => ({ ...w, confidence: null, enteredByCollector: true, details: [] });
  const { horizontalRatio, ...centering } = logs.centering;
  return {
    centeringDecisionLog: { ...byCollector(centering), horizontalRatio, verticalRatio: null },
    cornersDecisionLog: { ...byCollector(logs.corners), averageScore: logs.corners.score, perfectCorners: null },
    edgesDecisionLog: { ...byCollector(logs.edges), frontEdgeWear: null, backEdgeWear: null, averageWear: null },
    surfaceDecisionLog: {
      ...byCollector(logs.surface),
      totalIssues: null,
      majorIssues: null,
      moderateIssues: null,
      minorIssues: null,
      frontIssues: [],
      backIssues: [],
    },
  };
}

// ---- Either, as served ---------------------------------------------------------------------------

export const ZGradingReportResponse = z.union([ZManualGradingReport, ZEngineGradingReport]);
export type TGradingReportResponse = z.infer<typeof ZGradingReportResponse>;

/** Whether a grading report is a collector's manual grading. */
export const isManualReport = (report: unknown): report is TManualGradingReport =>
  typeof report === 'object' && report !== null && (report as { source?: unknown }).source === 'manual';

/**
 * A stored report, upgraded to the current version. Version-less (v1) reports predate the contract:
 * they lack `schemaVersion`, and the oldest lack `limitations`, `inputs` and `evidenceKeys` (each added
 * later with the same meaning as empty). Throws when the stored JSON is not a report at all.
 */
export function parseStoredReport(stored: unknown): TGradingReportResponse {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  if (raw.schemaVersion === undefined) {
    const upgraded: Record<string, unknown> = { ...raw, schemaVersion: GRADING_REPORT_VERSION };
    if (raw.source !== 'manual') {
      upgraded.limitations ??= [];
      upgraded.inputs ??= { closeUps: [], detailImages: 0 };
      upgraded.evidenceKeys ??= {};
    }
    return ZGradingReportResponse.parse(upgraded);
  }
  return ZGradingReportResponse.parse(raw);
}

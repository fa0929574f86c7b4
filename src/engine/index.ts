/**
 * The grading engine's public surface: code outside engine/ imports it from here only (a test checks),
 * so the engine's files can be split, renamed or moved without reaching into the rest of the server.
 */
export {
  gradeCard,
  ENGINE_VERSION,
  CLOSE_UP_NAMES,
  DEFAULT_RAW_VALUE_USD,
  type GradeInput,
  type GradeResult,
  type CloseUpName,
} from './engine';
export { renderEvidence, type EvidenceImages } from './evidence';
export { EngineRefusal, REFUSAL_CODES, type RefusalCode } from './refusal';
export { sharpInput } from './heic';
export { MATCH_THRESHOLD } from './reference';
export type { SurfaceBasis } from './surface';
export { serveFaceAnalysis, threadedFaceAnalyser, type FaceAnalyser } from './face-thread';
export { analyseFace, type FaceAnalysis } from './face';
export type { GradingReport, ReportSurfaceIssue } from './report';
export type { Face } from './face';
export {
  CARD_HEIGHT_MM,
  CARD_WIDTH_MM,
  CORNER_RADIUS_MM,
  applyHomography,
  cardLongSidePx,
  homographyFromPoints,
  invertHomography,
  percentile,
  roundedRectDistance,
  type Homography,
  type Point,
} from './geometry';
export { GRADE_TABLES_VERSION } from './grade-tables';
export {
  bgsGrade,
  cgcGrade,
  gradeSummary,
  psaGrade,
  subGrades,
  valuesAndRecommendation,
  type CenteringShares,
  type GradeSummary,
} from './grades';
export {
  previewDetection,
  psaCenteringCap,
  quadPose,
  renderOutlineImage,
  shareRatio,
  type DetectionPreview,
  type PreviewOptions,
} from './detection-preview';
export { rectifiedAspect } from './perspective';
export type { Quad } from './detect';
export { sampleRgb, type RgbImage } from './image';

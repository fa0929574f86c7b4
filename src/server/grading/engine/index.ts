/** The grading engine's public surface. */
export { gradeCard, ENGINE_VERSION, CLOSE_UP_NAMES, DEFAULT_RAW_VALUE_USD, type GradeInput, type GradeResult, type CloseUpName } from './engine';
export { renderEvidence, type EvidenceImages } from './evidence';
export { EngineRefusal, REFUSAL_CODES, type RefusalCode } from './refusal';
export type { GradingReport } from './report';
export { MATCH_THRESHOLD } from './reference';
export type { SurfaceBasis } from './surface';
export { serveFaceAnalysis, threadedFaceAnalyser, type FaceAnalyser } from './face-thread';

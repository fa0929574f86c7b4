/**
 * The face steps and report version the contract defines, held here without loading the contract's
 * zod schemas: importing zod costs the command line about a third of a second of start-up (its
 * ≤ 1 s target counts start-up). Only types come from the contract, so the compiler checks that
 * these are exactly its values: every name is one of its names, none of its names is missing, and
 * the version is its report's literal.
 */
import type { TEngineReport, TFaceStepName } from '@contract/grading-report';

export const FACE_STEP_NAMES = [
  'decode',
  'detect card',
  'refine edges',
  'centering',
  'corners',
  'edges',
  'surface',
] as const satisfies readonly TFaceStepName[];
type Missing = Exclude<TFaceStepName, (typeof FACE_STEP_NAMES)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

export const faceStepName = (face: 'front' | 'back', step: TFaceStepName) => `${face}: ${step}` as const;

export const GRADING_REPORT_VERSION: TEngineReport['schemaVersion'] = 2;

/**
 * What the engine pool's threads run, and the messages that carry it. Kept apart from the thread
 * entry so the same functions can run in-process (tests) and so both sides share one message type.
 */
import { gradeCard, renderEvidence, type GradeInput } from '../../../engine';
import { previewDetection, type DetectionPreview, type PreviewOptions, type Face, type GradingReport } from '../../../engine/index';

export type GradeTaskInput = Omit<GradeInput, 'onProgress'>;
export type GradeTaskResult = { report: GradingReport; evidence: Record<string, Buffer> };
export type PreviewTaskInput = { face: Face; photo: Buffer; options?: PreviewOptions };

export type TaskRequest = { id: number } & ({ kind: 'grade'; input: GradeTaskInput } | { kind: 'preview'; input: PreviewTaskInput });
export type TaskReply =
  | { id: number; kind: 'progress'; step: string; done: number }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'error'; refusal?: { code: string; face?: Face; message: string }; message: string; stack?: string };

/** A grading with its evidence images: the analysed faces (full-size pixels) never leave the thread. */
export async function runGrade(input: GradeTaskInput, onProgress?: (step: string, done: number) => void): Promise<GradeTaskResult> {
  const { report, faces } = await gradeCard({ ...input, onProgress });
  const evidence = await renderEvidence([faces.front, faces.back]);
  return { report, evidence };
}

export const runPreview = (input: PreviewTaskInput): Promise<DetectionPreview> => previewDetection(input.face, input.photo, input.options);

/**
 * Structured clone turns Buffers into plain Uint8Arrays; give them back their Buffer methods
 * (no copy: a view over the same memory).
 */
export function reviveBuffers<T>(value: T): T {
  if (value instanceof Uint8Array)
    return (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)) as T;
  if (Array.isArray(value)) return value.map(reviveBuffers) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveBuffers(v)])) as T;
  return value;
}

/** Messages between the capture screen and its checking worker. */
import type { FrameReading } from '../../../engine/browser';
import type { Face } from '@contract/grading-report';

export type FrameRequest = { id: number; face: Face; bitmap: ImageBitmap; still: { width: number; height: number } };
export type FrameResponse = { id: number; reading: FrameReading; ms: number };
/** Long side of the frame the worker checks: detection at 480 px, tracing here (the still is judged at its own size). */
export const FRAME_LONG_SIDE = 800;

/** Messages between the capture screen and its checking worker. */
import type { FrameReading, Quad } from '../../../engine/browser';
import type { Face } from '@contract/grading-report';

/** A camera frame or a still, transferred (not copied) to the worker, which scales it there. */
export type FrameSource = ImageBitmap | VideoFrame;
export type FrameRequest = {
  id: number;
  face: Face;
  source: FrameSource;
  still: { width: number; height: number };
  /** The outline to trace on from (live frames only; a still is read whole): engine/browser.ts ReadOptions. */
  near: Quad | null;
};
export type FrameResponse = { id: number; reading: FrameReading; ms: number };
/**
 * Long side of the frame the worker checks: the engine's working size (480 px), so detection and trace
 * share one image (the still's size limit is judged on the still).
 */
export const FRAME_LONG_SIDE = 480;
/** The engine's working size for finding the card (decoded-photo.ts WORKING_LONG_SIDE), re-exported for the worker. */
export { WORKING_LONG_SIDE } from '../../../engine/browser';

/** Messages between the capture screen and its checking worker. */
import type { FrameReading } from '../../../engine/browser';
import type { Face } from '@contract/grading-report';

export type FrameRequest = { id: number; face: Face; bitmap: ImageBitmap; still: { width: number; height: number } };
export type FrameResponse = { id: number; reading: FrameReading; ms: number };
/**
 * Long side of the frame the worker checks: detection runs at the engine's 480 px, tracing at this
 * size (the still's size limit is judged on the still). 640 px: about 40 ms a check in Node on a good
 * frame, against 75 ms at 800 px, so a phone 4× slower still checks 5 frames a second.
 */
export const FRAME_LONG_SIDE = 480;
/** The engine's working size for finding the card (decoded-photo.ts WORKING_LONG_SIDE), re-exported for the worker. */
export { WORKING_LONG_SIDE } from '../../../engine/browser';

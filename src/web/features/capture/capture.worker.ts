/// <reference lib="webworker" />
/**
 * The capture guide's checks, off the main thread: each message is one downscaled camera frame; the
 * answer is what the engine reads on it (engine/browser.ts) and how long that took.
 */
import { readFrame, type RgbaFrame } from '../../../engine/browser';

import { WORKING_LONG_SIDE, type FrameRequest, type FrameResponse } from './capture-protocol';

const canvases = new Map<string, OffscreenCanvas>();

/** The bitmap's pixels at `width`×`height` (the canvas scales: faster than doing it in JavaScript). */
function pixels(bitmap: ImageBitmap, width: number, height: number): RgbaFrame {
  const key = `${width}x${height}`;
  const canvas = canvases.get(key) ?? new OffscreenCanvas(width, height);
  canvases.set(key, canvas);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.imageSmoothingQuality = 'medium';
  ctx.drawImage(bitmap, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

self.onmessage = (e: MessageEvent<FrameRequest>) => {
  const { id, face, bitmap, still } = e.data;
  const started = performance.now();
  const s = Math.min(1, WORKING_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const frame = pixels(bitmap, bitmap.width, bitmap.height);
  const working = pixels(bitmap, Math.round(bitmap.width * s), Math.round(bitmap.height * s));
  bitmap.close();
  const reading = readFrame(face, frame, still, working);
  const answer: FrameResponse = { id, reading, ms: performance.now() - started };
  self.postMessage(answer);
};

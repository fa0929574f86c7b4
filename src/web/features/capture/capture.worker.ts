/// <reference lib="webworker" />
/**
 * The capture guide's checks, off the main thread: each message is one downscaled camera frame; the
 * answer is what the engine reads on it (engine/browser.ts) and how long that took.
 */
import { readFrame, type RgbaFrame } from '../../../engine/browser';
import type { FrameRequest, FrameResponse } from './capture-protocol';

let canvas: OffscreenCanvas | null = null;

function pixels(bitmap: ImageBitmap): RgbaFrame {
  if (!canvas || canvas.width !== bitmap.width || canvas.height !== bitmap.height) canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

self.onmessage = (e: MessageEvent<FrameRequest>) => {
  const { id, face, bitmap, still } = e.data;
  const started = performance.now();
  const reading = readFrame(face, pixels(bitmap), still);
  const answer: FrameResponse = { id, reading, ms: performance.now() - started };
  self.postMessage(answer);
};

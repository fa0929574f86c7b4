/// <reference lib="webworker" />
/**
 * The capture guide's checks, off the main thread: each message is one camera frame or still
 * (transferred, not copied); the worker scales it to the checked size and answers with what the
 * engine reads on it (engine/browser.ts) and how long that took.
 */
import { readFrame, type RgbaFrame } from '../../../engine/browser';

import { FRAME_LONG_SIDE, WORKING_LONG_SIDE, type FrameRequest, type FrameResponse, type FrameSource } from './capture-protocol';

/** One canvas per size, kept: a camera's frames all have one size, so nothing is allocated per frame but the pixels read. */
const canvases = new Map<string, OffscreenCanvasRenderingContext2D>();

/** The source's pixels at `width`×`height` (the canvas scales: faster than doing it in JavaScript). */
function pixels(source: FrameSource, width: number, height: number): RgbaFrame {
  const key = `${width}x${height}`;
  let ctx = canvases.get(key);
  if (!ctx) {
    ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })!;
    ctx.imageSmoothingQuality = 'medium';
    canvases.set(key, ctx);
  }
  ctx.drawImage(source, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

const sizeOf = (source: FrameSource) =>
  'displayWidth' in source ? { width: source.displayWidth, height: source.displayHeight } : { width: source.width, height: source.height };
const scaled = (size: { width: number; height: number }, longSide: number) => {
  const s = Math.min(1, longSide / Math.max(size.width, size.height));
  return { width: Math.round(size.width * s), height: Math.round(size.height * s) };
};

self.onmessage = (e: MessageEvent<FrameRequest>) => {
  const { id, face, source, still, near } = e.data;
  const started = performance.now();
  const size = scaled(sizeOf(source), FRAME_LONG_SIDE);
  const frame = pixels(source, size.width, size.height);
  // The engine's working copy, when the checked frame is larger than it (at 480 px the frame is its own).
  const work = scaled(size, WORKING_LONG_SIDE);
  const working = work.width < size.width ? pixels(source, work.width, work.height) : undefined;
  source.close();
  const reading = readFrame(face, frame, still, working, { near });
  const answer: FrameResponse = { id, reading, ms: performance.now() - started };
  self.postMessage(answer);
};

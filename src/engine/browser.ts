/**
 * The engine's second door, for the browser: everything here is free of sharp (and of Node), so the
 * capture guide's Web Worker bundles it. It runs grading's own detection and trace (detectCard,
 * traceDetected, checkPhotoQuality) on a downscaled camera frame and reports each photo check against
 * the engine's own limits, scaled to the full-resolution still the guide will capture — so a shot the
 * guide accepts is not refused by the grader for a reason the guide checks.
 */
import type { Face } from '@contract/grading-report';
import { MIN_PHOTO_SHORT_SIDE_PX } from '@contract/photo-limits';
import { WORKING_LONG_SIDE } from './decoded-photo';
import { detectCard, type Quad } from './detect';
import { CARD_HEIGHT_MM, cardLongSidePx } from './geometry';
import { MAX_CLIPPED_PERCENT, MIN_WHITE_LEVEL } from './exposure';
import type { RgbImage } from './image';
import { checkPhotoQuality, MAX_SATURATED_PERCENT, maxEdgeWidthPx, traceDetected } from './locate';
import { cardTiltDeg, MAX_RECTIFIED_TILT_DEG } from './perspective';
import { EngineRefusal, type RefusalCode } from './refusal';
import { prepareScan, type PreparedPhoto } from './scan';
import type { Trace } from './trace';
import { MIN_PX_PER_MM } from './trace';

export type { Quad } from './detect';
export type { RefusalCode } from './refusal';
export { WORKING_LONG_SIDE } from './decoded-photo';

/** The engine's limits the guide checks, in one place for the web app's texts and tests. */
export const CAPTURE_LIMITS = {
  minPxPerMm: MIN_PX_PER_MM,
  minShortSidePx: MIN_PHOTO_SHORT_SIDE_PX,
  maxSaturatedPercent: MAX_SATURATED_PERCENT,
  maxClippedPercent: MAX_CLIPPED_PERCENT,
  minWhiteLevel: MIN_WHITE_LEVEL,
  maxTiltDeg: MAX_RECTIFIED_TILT_DEG,
} as const;

/** An RGBA frame as a canvas gives it (ImageData). */
export type RgbaFrame = { width: number; height: number; data: Uint8ClampedArray | Uint8Array };

/**
 * What the engine reads on one frame. `refusal` is the first refusal detection or tracing raised on the
 * frame itself (its size aside, judged on the still). Figures are present as far as the engine got.
 */
export type FrameReading = {
  frame: { width: number; height: number };
  refusal: RefusalCode | null;
  /** The card's outline in frame pixels (top-left first), once found. */
  corners: Quad | null;
  /** Resolution the still will have on the card: the frame's, times still/frame. */
  capturePxPerMm: number | null;
  /** Edge rise width in frame pixels, and the engine's blur limit for the still scaled to the frame. */
  edgeWidthPx: number | null;
  maxEdgeWidthPx: number | null;
  saturatedPercent: number | null;
  whiteLevel: number | null;
  tiltDeg: number | null;
  /** The card was traced from the previous reading's outline (ReadOptions.near), without detection. */
  tracked: boolean;
};

/** RGBA to RGB (the engine's images are 3-channel). */
function toRgb(f: RgbaFrame): RgbImage {
  const n = f.width * f.height;
  const data = new Uint8Array(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    data[j] = f.data[i * 4];
    data[j + 1] = f.data[i * 4 + 1];
    data[j + 2] = f.data[i * 4 + 2];
  }
  return { width: f.width, height: f.height, data, channels: 3 };
}

/** Area-average downscale (what sharp's resize gives the engine's working copy, near enough). */
function shrink(img: RgbImage, width: number, height: number): RgbImage {
  const out = new Uint8Array(width * height * 3);
  const sx = img.width / width,
    sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy),
      y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx),
        x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0,
        g = 0,
        b = 0;
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * img.width + xx) * 3;
          r += img.data[i];
          g += img.data[i + 1];
          b += img.data[i + 2];
        }
      const n = (y1 - y0) * (x1 - x0),
        o = (y * width + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return { width, height, data: out, channels: 3 };
}

/** Fills `reading` with what the engine measures on a trace, then raises the trace's quality refusal, if any. */
function measure(reading: FrameReading, t: Trace, face: Face, frame: { width: number; height: number }, k: number): void {
  reading.corners = t.refined.corners;
  // The size limit reads the card's length as the engine's does: its longest side (trace.ts).
  reading.capturePxPerMm = (cardLongSidePx(t.refined.corners) / CARD_HEIGHT_MM) * k;
  reading.edgeWidthPx = t.refined.edgeWidthPx;
  reading.maxEdgeWidthPx = maxEdgeWidthPx(t.view.pxPerMm * k) / k;
  reading.saturatedPercent = t.exposure.saturatedPercent;
  reading.whiteLevel = t.exposure.whiteLevel;
  reading.tiltDeg = cardTiltDeg(t.refined.corners, frame.width, frame.height);
  checkPhotoQuality(t, face, reading.maxEdgeWidthPx);
}

/**
 * The previous outline may stand in for detection while the card lies still: the trace refines it
 * to this frame's edges within a few pixels' reach (refine.ts), so a traced outline whose corners all
 * stayed within this share of the frame's diagonal is the card's, where it was. Further, the card
 * moved: the frame is detected afresh. 1 %, the guide's own steadiness threshold (capture-checks.ts
 * STEADY_SHARE): a card moving more is not steady, so auto-capture gains nothing from tracking it.
 */
export const TRACK_MAX_SHIFT = 0.01;

/** The trace from the previous outline `near` (working-copy px), or null when it does not hold (then detect). */
function traceFromNear(photo: PreparedPhoto, near: Quad, face: Face): Trace | null {
  try {
    const t = traceDetected(photo, near, face, { minPxPerMm: 0 });
    const limit = TRACK_MAX_SHIFT * Math.hypot(photo.full.width, photo.full.height);
    const shift = Math.max(...t.refined.corners.map((p, i) => Math.hypot(p.x - near[i].x / photo.scale, p.y - near[i].y / photo.scale)));
    return shift <= limit ? t : null;
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    return null;
  }
}

export type ReadOptions = {
  /**
   * The previous reading's outline (frame pixels), for live checks: while the card lies where it was,
   * the trace starts from it and detection is skipped (the costliest step). Never for a still: it is
   * read whole, as the grader reads it, and so is every few live frames (CaptureDialog), so another
   * card coming into view is seen.
   */
  near?: Quad | null;
};

/**
 * Reads one camera frame as grading would read the still: `still` is the size the captured photo will
 * have (the camera's full resolution), so size and blur are judged against the still's limits.
 */
export function readFrame(
  face: Face,
  frame: RgbaFrame,
  still: { width: number; height: number },
  /** The frame already downscaled to the engine's working size (a canvas does it faster than JavaScript). */
  working?: RgbaFrame,
  { near = null }: ReadOptions = {},
): FrameReading {
  const full = toRgb(frame);
  const scale = Math.min(1, WORKING_LONG_SIDE / Math.max(full.width, full.height));
  // A frame at the working size is its own working copy (no second copy of the same pixels).
  const small =
    scale === 1 ? full : working ? toRgb(working) : shrink(full, Math.round(full.width * scale), Math.round(full.height * scale));
  const photo = prepareScan({ full, small, scale: small.width / full.width }, face);
  const k = Math.max(still.width, still.height) / Math.max(frame.width, frame.height);
  const reading: FrameReading = {
    frame: { width: frame.width, height: frame.height },
    refusal: null,
    corners: null,
    capturePxPerMm: null,
    edgeWidthPx: null,
    maxEdgeWidthPx: null,
    saturatedPercent: null,
    whiteLevel: null,
    tiltDeg: null,
    tracked: false,
  };
  try {
    const tracked =
      near && !photo.scan ? traceFromNear(photo, near.map((p) => ({ x: p.x * photo.scale, y: p.y * photo.scale })) as Quad, face) : null;
    if (tracked) {
      reading.tracked = true;
      measure(reading, tracked, face, frame, k);
      return reading;
    }
    // A frame that looks like a scan cropped through the card: the guide stays with the refusal (the
    // grader may still find the whole card from the frame inward; asking for a margin costs nothing).
    if (photo.cropped) throw photo.cropped;
    const detection = detectCard(photo.small, face);
    reading.corners = detection.quad.map((p) => ({ x: p.x / photo.scale, y: p.y / photo.scale })) as Quad;
    if (detection.touchesFrame) throw new EngineRefusal('card_cut_off', face);
    // The still's own size limit is judged by the guide on the still's resolution, not here.
    measure(reading, traceDetected(photo, detection.quad, face, { minPxPerMm: 0 }), face, frame, k);
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    reading.refusal = err.code;
  }
  return reading;
}

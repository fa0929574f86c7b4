/**
 * Straight edges in the working copy, found as line-support regions (LSD, von Gioi et al.): strong
 * gradient pixels grown into regions of one gradient direction, each fitted with its principal axis.
 * Shared by the search for another card beside the traced one (other-cards.ts), for cards' four
 * straight sides when no card stands out (line-quads.ts) and for a card the frame cuts (cut-card.ts).
 */
import { kthSmallest, type Line, type Point } from './geometry';
import type { RgbImage } from './image';

/** A straight edge: its two ends, its direction (unit) and its length, in working-copy pixels. */
export type Segment = { a: Point; b: Point; u: Point; len: number };

/** The line through a segment, for geometry.ts's intersect. */
export function segmentLine(s: Segment): Line {
  const a = -s.u.y,
    b = s.u.x;
  return { a, b, c: a * s.a.x + b * s.a.y };
}

/** Edge pixels whose gradient directions differ by less than this belong to one straight edge. */
const ANGLE_TOLERANCE_RAD = (22.5 * Math.PI) / 180;
/** Weakest gradient (largest channel's Sobel /4) that counts as a cut edge. */
const MIN_EDGE_GRADIENT = 12;
/** Gradient of the largest-magnitude channel at each pixel: magnitude (Sobel /4) and, where it exceeds MIN_EDGE_GRADIENT, direction (0 elsewhere). */
export function orientedGradient(img: RgbImage) {
  const { width: w, height: h, data } = img;
  const mag = new Float32Array(w * h),
    angle = new Float32Array(w * h);
  const row = w * 3;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = (y * w + x) * 3;
      let best = 0,
        bx = 0,
        by = 0;
      for (let c = 0; c < 3; c++) {
        const gx =
          data[i - row + 3 + c] +
          2 * data[i + 3 + c] +
          data[i + row + 3 + c] -
          data[i - row - 3 + c] -
          2 * data[i - 3 + c] -
          data[i + row - 3 + c];
        const gy =
          data[i + row - 3 + c] +
          2 * data[i + row + c] +
          data[i + row + 3 + c] -
          data[i - row - 3 + c] -
          2 * data[i - row + c] -
          data[i - row + 3 + c];
        const m = gx * gx + gy * gy;
        if (m > best) ((best = m), (bx = gx), (by = gy));
      }
      const m = Math.sqrt(best) / 4;
      mag[y * w + x] = m;
      // Directions matter only on edge pixels (strongEdges: above MIN_EDGE_GRADIENT); atan2 on every
      // pixel of the photo cost more than the gradient itself.
      if (m > MIN_EDGE_GRADIENT) angle[y * w + x] = Math.atan2(by, bx);
    }
  return { mag, angle };
}

/** Difference of two directions modulo π (an edge's gradient points either way across it). */
export const lineAngleDiff = (a: number, b: number) => {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
};

/**
 * Straight edges at least `minLength` long among the `edge` pixels: LSD-style line-support regions. With
 * `ridges`, a region too wide to be a line is thinned to its ridges and each fitted on its own, so edges
 * out of focus count too; off by default, as a blurred band beside a sharp edge (a sleeve's rim round its
 * card) would add lines that mix one outline's sides with another's.
 */
export function straightEdges(
  edge: Uint8Array,
  mag: Float32Array,
  angle: Float32Array,
  w: number,
  h: number,
  minLength: number,
  { ridges = false } = {},
): Segment[] {
  const used = new Uint8Array(w * h);
  const seeds: number[] = [];
  for (let i = 0; i < edge.length; i++) if (edge[i]) seeds.push(i);
  seeds.sort((p, q) => mag[q] - mag[p]);
  const segments: Segment[] = [];
  const region: number[] = [];
  for (const seed of seeds) {
    if (used[seed]) continue;
    region.length = 0;
    region.push(seed);
    used[seed] = 1;
    // The region's direction is the mean of its pixels' (doubled, so opposite gradients agree).
    let sx = Math.cos(2 * angle[seed]),
      sy = Math.sin(2 * angle[seed]);
    for (let k = 0; k < region.length; k++) {
      const p = region[k];
      const px = p % w,
        py = (p - px) / w;
      const mean = Math.atan2(sy, sx) / 2;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const x = px + dx,
            y = py + dy;
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          const q = y * w + x;
          if (used[q] || !edge[q] || lineAngleDiff(angle[q], mean) > ANGLE_TOLERANCE_RAD) continue;
          used[q] = 1;
          region.push(q);
          sx += Math.cos(2 * angle[q]);
          sy += Math.sin(2 * angle[q]);
        }
    }
    if (region.length < minLength) continue;
    // An edge out of focus (a neighbour at the far end of a tilted shot) is a band several pixels wide,
    // too wide to pass as a line; its ridge, where the gradient peaks across it, is one pixel wide.
    // Thinned, a band holding two edges side by side (a card's cut edge and its border's inner edge,
    // both blurred) falls apart into two ridges, each a line of its own.
    const fitted = fitSegment(region, w);
    const found = fitted || !ridges ? [fitted] : ridgesOf(region, mag, angle, w, h).map((ridge) => fitSegment(ridge, w));
    for (const s of found) if (s && s.len >= minLength) segments.push(s);
  }
  return segments;
}

/**
 * The ridges of `region`: its pixels where the gradient peaks across the edge (non-maximum suppression,
 * as Canny's), grouped into 8-connected runs. Texture thinned stays scattered and still fails the fit.
 */
function ridgesOf(region: number[], mag: Float32Array, angle: Float32Array, w: number, h: number): number[][] {
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : mag[y * w + x]);
  const onRidge = new Set(
    region.filter((p) => {
      const x = p % w,
        y = (p - x) / w;
      const dx = Math.round(Math.cos(angle[p])),
        dy = Math.round(Math.sin(angle[p]));
      return mag[p] >= at(x + dx, y + dy) && mag[p] >= at(x - dx, y - dy);
    }),
  );
  const ridges: number[][] = [];
  for (const start of onRidge) {
    onRidge.delete(start);
    const run = [start];
    for (let k = 0; k < run.length; k++) {
      const x = run[k] % w,
        y = (run[k] - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const q = (y + dy) * w + x + dx;
          if (x + dx >= 0 && x + dx < w && onRidge.delete(q)) run.push(q);
        }
    }
    ridges.push(run);
  }
  return ridges;
}

/** The principal axis of a region's pixels as a segment, or null when the region is not thin. */
function fitSegment(region: number[], w: number): Segment | null {
  let mx = 0,
    my = 0;
  for (const p of region) ((mx += p % w), (my += Math.floor(p / w)));
  mx /= region.length;
  my /= region.length;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (const p of region) {
    const dx = (p % w) - mx,
      dy = Math.floor(p / w) - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const theta = Math.atan2(2 * sxy, sxx - syy) / 2;
  const u = { x: Math.cos(theta), y: Math.sin(theta) };
  let t0 = Infinity,
    t1 = -Infinity,
    spread = 0;
  for (const p of region) {
    const dx = (p % w) - mx,
      dy = Math.floor(p / w) - my;
    const t = dx * u.x + dy * u.y;
    if (t < t0) t0 = t;
    if (t > t1) t1 = t;
    spread += (-dx * u.y + dy * u.x) ** 2;
  }
  const len = t1 - t0;
  // A cut edge is a line of a pixel or three across (blur), not a patch of texture.
  if (Math.sqrt(spread / region.length) > Math.max(1.5, 0.04 * len)) return null;
  return { a: { x: mx + t0 * u.x, y: my + t0 * u.y }, b: { x: mx + t1 * u.x, y: my + t1 * u.y }, u, len };
}

/** Strong-edge pixels: above the photo's 85th gradient percentile and MIN_EDGE_GRADIENT, 2 px clear of the frame. */
export function strongEdges(img: RgbImage) {
  const { width: w, height: h } = img;
  const { mag, angle } = orientedGradient(img);
  const threshold = Math.max(MIN_EDGE_GRADIENT, kthSmallest(Float32Array.from(mag), Math.floor(mag.length * 0.85)));
  const edge = new Uint8Array(w * h);
  for (let y = 2; y < h - 2; y++) for (let x = 2; x < w - 2; x++) if (mag[y * w + x] > threshold) edge[y * w + x] = 1;
  return { mag, angle, threshold, edge };
}

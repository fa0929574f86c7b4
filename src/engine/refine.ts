/**
 * Sub-pixel card edges. Along each side of the coarse quad, colour profiles are sampled across
 * the edge; the edge point is where the colour is half-way between card and background (unbiased
 * under symmetric blur). A robust line fit per side, two rounds, gives the four cut edges; their
 * intersections are the card's virtual sharp corners. The 10–90% rise width measures sharpness.
 */
import {
  dist,
  fitBowedEdge,
  fitLineConsensus,
  fitLineRobust,
  intersect,
  median,
  offLineInOneStretch,
  offLineOnlyInward,
  quadSides,
  type Line,
  type Point,
} from './geometry';
import { sampleRgb, type RgbImage } from './image';
import type { Quad } from './detect';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';

const CARD_DIAGONAL_MM = Math.hypot(CARD_WIDTH_MM, CARD_HEIGHT_MM);

export type RefinedEdges = {
  corners: Quad;
  lines: Line[];
  /** Robust spread of edge points around each fitted line, px. */
  residualPx: number[];
  /** Share of each side's edge points on its fitted line (1: the whole side is one straight edge). */
  support: number[];
  /**
   * Per side whose line stands only because all that strays from it lies inside (offLineOnlyInward), as
   * where a border of the table's colour hides stretches of the edge: the spread its points would read
   * without that (px), for trace.ts to check against its corners; null for the other sides.
   */
  heldInward?: (number | null)[];
  /** Median 10–90% rise distance across the outer edge, px (blur measure): of its steepest step, beside a ramp (steepStepWidth). */
  edgeWidthPx: number;
  /** Median card/background colour contrast along the edges. */
  contrast: number;
};

const STEP = 0.25;
/**
 * Samples either side of the edge point in one profile, at most: a 12-megapixel close-up's wide reach
 * (50 px) is sampled every 0.4 px instead of every quarter pixel; its edge is blurred over several
 * pixels. Up to a reach of 32 px (cards up to about 2,700 px across the diagonal: every labelled photo
 * and generated card) nothing changes: at 64 samples the copies framed a hair from the card traced
 * differently, and no figure may move for speed alone.
 */
const MAX_HALF_SAMPLES = 128;
/**
 * Part of a side's edge points that must lie on one straight line for it to be read as the cut edge:
 * a shadow, a finger or a patterned table may hide up to a third of a side; print traced instead of
 * the edge is ragged along most of it.
 */
const MIN_EDGE_SHARE = 0.8;
/**
 * Less of a side may lie on the line when all that strays from it is one stretch (glare over a corner, a
 * sleeve's seam lifting one end), no longer than this share of the side: the rest fixes the edge.
 */
const MIN_PARTLY_HIDDEN_SHARE = 0.55;
const MAX_HIDDEN_STRETCH = 0.42;
/** A reading behind a band replaces the plain one, as well supported, when its spread is this much smaller. */
const STRAIGHTER = 0.7;
/**
 * How far a side's edge may bow from straight (its sagitta, card mm) and still be read as the cut edge:
 * a curled card photographed from above. Print traced instead is ragged, not a smooth arc.
 */
const MAX_BOW_MM = 1.2;
/** Card/background contrast (RGB distance) a profile needs; faint mode averages profiles along the side first. */
const MIN_CONTRAST = 18;
const MIN_FAINT_CONTRAST = 3;

/** Samples the colour profile across an edge point and returns the half-way crossing offset, if clear. */
function crossing(
  img: RgbImage,
  p: Point,
  n: Point,
  reach: number,
  buf: number[],
  /** Faint mode: the profile is the mean of parallel ones this far (px) either side along the edge. */
  along: { u: Point; half: number } | null = null,
): { offset: number; width: number; contrast: number; outside: number[] } | null {
  const step = Math.max(STEP, reach / MAX_HALF_SAMPLES);
  const count = Math.floor((2 * reach) / step) + 1;
  const prof = new Float32Array(count * 3);
  const half = along ? Math.max(0, Math.floor(along.half)) : 0;
  for (let k = 0; k < count; k++) {
    const s = -reach + k * step;
    for (let j = -half; j <= half; j++) {
      sampleRgb(img, p.x + n.x * s + (along ? along.u.x * j : 0), p.y + n.y * s + (along ? along.u.y * j : 0), buf);
      prof[k * 3] += buf[0] / (2 * half + 1);
      prof[k * 3 + 1] += buf[1] / (2 * half + 1);
      prof[k * 3 + 2] += buf[2] / (2 * half + 1);
    }
  }
  // Inside (card) and outside (background) plateaus: the outer quarters of the profile.
  const q = Math.floor(count / 4);
  const inside = [0, 0, 0],
    outside = [0, 0, 0];
  for (let k = 0; k < q; k++)
    for (let c = 0; c < 3; c++) ((inside[c] += prof[k * 3 + c] / q), (outside[c] += prof[(count - 1 - k) * 3 + c] / q));
  const d = [outside[0] - inside[0], outside[1] - inside[1], outside[2] - inside[2]];
  const contrast = Math.hypot(d[0], d[1], d[2]);
  if (contrast < (along ? MIN_FAINT_CONTRAST : MIN_CONTRAST)) return null;
  // Project onto the inside→outside colour direction: 0 inside, 1 outside.
  const t = new Float32Array(count);
  for (let k = 0; k < count; k++)
    t[k] =
      ((prof[k * 3] - inside[0]) * d[0] + (prof[k * 3 + 1] - inside[1]) * d[1] + (prof[k * 3 + 2] - inside[2]) * d[2]) /
      (contrast * contrast);
  // The 0.5 crossing nearest the centre of the profile.
  let best: number | null = null;
  for (let k = 0; k < count - 1; k++) {
    if ((t[k] - 0.5) * (t[k + 1] - 0.5) > 0 || t[k] === t[k + 1]) continue;
    const s = -reach + (k + (0.5 - t[k]) / (t[k + 1] - t[k])) * step;
    if (best === null || Math.abs(s) < Math.abs(best)) best = s;
  }
  if (best === null) return null;
  // Each level's crossing nearest the edge: on a low-contrast edge (a dark border on a dark lid) the
  // plateaus' noise crosses 10 % and 90 % far from the step too, and would read as blur.
  const edge = best;
  const at = (level: number) => {
    let nearest = NaN;
    for (let k = 0; k < count - 1; k++)
      if ((t[k] - level) * (t[k + 1] - level) <= 0 && t[k] !== t[k + 1]) {
        const s = -reach + (k + (level - t[k]) / (t[k + 1] - t[k])) * step;
        if (!(Math.abs(s - edge) >= Math.abs(nearest - edge))) nearest = s;
      }
    return nearest;
  };
  const lo = at(0.1),
    hi = at(0.9);
  return { offset: best, width: Math.min(Math.abs(hi - lo), steepStepWidth(t, lo, hi, reach, step)), contrast, outside };
}

/** A slope is read over this many px each side: the bilinear samples' own ripple averages out. */
const SLOPE_HALF_PX = 1;
/** The steep step ends where the slope falls below this share of its peak. */
const STEP_FOOT = 0.2;
/**
 * Share of the card/background rise the steepest step must carry to be read alone: below it the step
 * is a print line or the noise, not the cut edge; above this the step is the whole rise (a plain edge).
 */
const STEP_SHARE = [0.25, 0.8] as const;

/**
 * The 10–90 % width of the steepest step inside the card→background rise, when that rise is two steps: a
 * sharp cut edge and then a gentle ramp beyond it (a sleeve's film draping from the card to the table, a
 * soft shadow). The whole rise's width would read the ramp as blur; a blurred photo spreads the cut edge
 * itself, so its steepest step is the whole rise and the plain width stands (Infinity here).
 */
function steepStepWidth(t: Float32Array, lo: number, hi: number, reach: number, step: number): number {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return Infinity;
  const slopeHalf = Math.max(1, Math.round(SLOPE_HALF_PX / step));
  const index = (s: number) => Math.round((s + reach) / step);
  const from = Math.max(slopeHalf, index(Math.min(lo, hi)));
  const to = Math.min(t.length - 1 - slopeHalf, index(Math.max(lo, hi)));
  const slope = (k: number) => (t[k + slopeHalf] - t[k - slopeHalf]) / (2 * slopeHalf);
  let peak = from;
  for (let k = from; k <= to; k++) if (slope(k) > slope(peak)) peak = k;
  const foot = STEP_FOOT * slope(peak);
  if (!(foot > 0)) return Infinity;
  let a = peak,
    b = peak;
  while (a > slopeHalf && slope(a - 1) > foot) a--;
  while (b < t.length - 1 - slopeHalf && slope(b + 1) > foot) b++;
  const rise = t[b] - t[a];
  if (rise < STEP_SHARE[0] || rise > STEP_SHARE[1]) return Infinity;
  const level = (share: number) => {
    const v = t[a] + share * rise;
    for (let k = a; k < b; k++)
      if ((t[k] - v) * (t[k + 1] - v) <= 0 && t[k] !== t[k + 1]) return (k + (v - t[k]) / (t[k + 1] - t[k])) * step;
    return NaN;
  };
  const width = level(0.9) - level(0.1);
  return Number.isFinite(width) ? width : Infinity;
}

/** Shelf reading: a band this far inside the crossing (card mm) is searched for the card's own colour. */
const SHELF_REACH_MM = 2;
/** Below this share of the way to the background colour, a sample is the card's own. */
const SHELF_LOW = 0.12;

/**
 * The cut edge behind a band just outside it. A card lifted off a light table (bowed, or resting on a
 * corner) throws a hard shadow beside it, darker than the table and lighter than a black border: the
 * half-way crossing between card and table then lies on the shadow's outer side, which follows the
 * lift, not the edge. Walking inward from that crossing over a flat band (the shadow) to the card's
 * own colour finds the cut edge at the band's inner step. Returns the inner step's offset from `p`
 * (negative: inward), or 0 when the profile shows no such band.
 */
function shelfOffset(img: RgbImage, p: Point, n: Point, reach: number, outside: number[], buf: number[]): number {
  const count = Math.floor((reach + 1) / STEP) + 1;
  const prof = new Float32Array(count * 3);
  for (let k = 0; k < count; k++) {
    sampleRgb(img, p.x + n.x * (-reach + k * STEP), p.y + n.y * (-reach + k * STEP), buf);
    prof.set(buf, k * 3);
  }
  const q = Math.floor(count / 4);
  const deep = [0, 0, 0];
  for (let k = 0; k < q; k++) for (let c = 0; c < 3; c++) deep[c] += prof[k * 3 + c] / q;
  const d = [outside[0] - deep[0], outside[1] - deep[1], outside[2] - deep[2]];
  const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  if (dd < MIN_CONTRAST * MIN_CONTRAST) return 0;
  const t = (k: number) => ((prof[k * 3] - deep[0]) * d[0] + (prof[k * 3 + 1] - deep[1]) * d[1] + (prof[k * 3 + 2] - deep[2]) * d[2]) / dd;
  const atCrossing = Math.round(reach / STEP);
  const px = Math.round(1 / STEP);
  // Inward from a pixel inside the crossing, to the first sample of the card's own colour.
  let inner = -1;
  for (let k = atCrossing - px; k >= q; k--)
    if (t(k) < SHELF_LOW) {
      inner = k;
      break;
    }
  if (inner < 0) return 0;
  // The band between: at least 3 px wide, flat, and well short of the table's colour.
  const band: number[] = [];
  for (let k = inner + px; k <= atCrossing - px; k++) band.push(t(k));
  if (band.length < 3 * px) return 0;
  band.sort((a, b) => a - b);
  const level = band[band.length >> 1];
  if (level < 0.15 || level > 0.45 || band[Math.floor(band.length * 0.9)] - band[Math.floor(band.length * 0.1)] > 0.2) return 0;
  // The inner step's half-way crossing.
  const half = level / 2;
  for (let k = inner; k < atCrossing; k++)
    if (t(k) < half && t(k + 1) >= half) return -reach + (k + (half - t(k)) / (t(k + 1) - t(k))) * STEP;
  return 0;
}

/**
 * `faint`: the border nearly matches the background (faint-outline.ts found it); each edge point
 * averages the profiles along its own stretch of the side, and a few RGB units of contrast suffice.
 * `alongPx` (faint mode): each stretch reaches at least this far either side of its point, so a grained
 * table's patches (a carpet's, 1–2 mm) average out instead of moving the half-way point.
 */
export function refineEdges(
  img: RgbImage,
  coarse: Quad,
  { faint = false, alongPx = 0 }: { faint?: boolean; alongPx?: number } = {},
): RefinedEdges {
  let corners = coarse;
  let lines: Line[] = [];
  let residualPx: number[] = [];
  let support: number[] = [];
  let heldInward: (number | null)[] = [];
  const widths: number[] = [];
  const contrasts: number[] = [];
  const buf = [0, 0, 0];
  const size = (dist(corners[0], corners[2]) + dist(corners[1], corners[3])) / 2;
  const wide = Math.max(6, size * 0.012),
    narrow = Math.max(4, size * 0.006);
  // Two wide rounds: on a real photo the detector's quad can lie 1–2 % off on one side (a shadow, a
  // sleeve's rim); the first round moves it most of the way and the second, from there, reaches the edge.
  const reaches = [wide, wide, narrow];
  const shelfReach = (SHELF_REACH_MM * size) / CARD_DIAGONAL_MM;
  for (const [round, reach] of reaches.entries()) {
    const lastRound = round === reaches.length - 1;
    const fits = quadSides(corners).map(({ a, len, u, n }) => {
      const points: Point[] = [];
      const shelved: Point[] = [];
      const samples = Math.min(160, Math.max(60, Math.round(len / 5)));
      for (let i = 0; i < samples; i++) {
        // Skip the rounded corners: 10% of the side at each end.
        const t = 0.1 + (0.8 * (i + 0.5)) / samples;
        const p = { x: a.x + u.x * len * t, y: a.y + u.y * len * t };
        const c = crossing(img, p, n, reach, buf, faint ? { u, half: Math.max((0.8 * len) / samples / 2, alongPx) } : null);
        if (!c) continue;
        const e = { x: p.x + n.x * c.offset, y: p.y + n.y * c.offset };
        points.push(e);
        if (lastRound && !faint) {
          const s = shelfOffset(img, e, n, shelfReach, c.outside, buf);
          shelved.push({ x: e.x + n.x * s, y: e.y + n.y * s });
        }
        if (lastRound) {
          if (!faint && Number.isFinite(c.width)) widths.push(c.width);
          contrasts.push(c.contrast);
        }
      }
      if (points.length < 12) return null;
      // The wide rounds move the whole side toward the edge; the last, near it, keeps the straight
      // stretch that most of the side agrees on (within about 0.06 mm: 1 px at most photo sizes).
      if (!lastRound) return { ...fitLineRobust(points), share: 1 };
      const tolerance = Math.max(1, (0.06 * size) / CARD_DIAGONAL_MM);
      let fit = fitLineConsensus(points, tolerance);
      let fitPoints = points;
      // Where a band (a lifted card's shadow) lies beside the edge, the edge is its inner step: of the two
      // readings, the one more of the side agrees on, or as many but straighter, is the cut edge.
      if (shelved.some((q, i) => q.x !== points[i].x || q.y !== points[i].y)) {
        const behind = fitLineConsensus(shelved, tolerance);
        if (behind.share > fit.share || (behind.share === fit.share && behind.sigma < STRAIGHTER * fit.sigma))
          ((fit = behind), (fitPoints = shelved));
      }
      if (fit.share >= MIN_EDGE_SHARE) return fit;
      // No straight line follows most of the side: a curled card's edge is a shallow arc, still the edge.
      const bowed = fitBowedEdge(points, tolerance);
      if (bowed.share >= MIN_EDGE_SHARE && bowed.depth <= (MAX_BOW_MM * size) / CARD_DIAGONAL_MM) return bowed;
      // The share counts points within three tolerances of the line (fitLineConsensus), as here.
      if (fit.share >= MIN_PARTLY_HIDDEN_SHARE && offLineInOneStretch(fitPoints, fit.line, 3 * tolerance, MAX_HIDDEN_STRETCH)) return fit;
      // Or all that strays lies inside the line: nothing but table beyond it, and a border of the table's
      // colour (a white margin on white paper) hiding the edge along stretches, where the profiles found
      // the print inside it. Print traced instead of the edge has the edge's own points beyond it.
      const spreadPx = Math.max(fit.sigma, fitLineRobust(points).sigma);
      if (fit.share >= MIN_PARTLY_HIDDEN_SHARE && offLineOnlyInward(fitPoints, fit.line, 3 * tolerance, n)) return { ...fit, spreadPx };
      return { ...fit, sigma: spreadPx };
    });
    if (fits.some((f) => !f)) break;
    lines = fits.map((f) => f!.line);
    residualPx = fits.map((f) => f!.sigma);
    support = fits.map((f) => f!.share);
    heldInward = fits.map((f) => ('spreadPx' in f! ? f.spreadPx : null));
    corners = [0, 1, 2, 3].map((i) => intersect(lines[(i + 3) % 4], lines[i])) as Quad;
  }
  if (!lines.length) {
    // Not enough edge contrast anywhere: keep the coarse quad, flagged by zero contrast.
    return { corners: coarse, lines: [], residualPx: [99, 99, 99, 99], support: [0, 0, 0, 0], edgeWidthPx: Infinity, contrast: 0 };
  }
  if (faint) {
    // A few units of contrast leave one stretch's rise width to the noise: measure it once per side,
    // on the profile averaged along the side's whole traced length (its edge spread function).
    for (const { len, u, n, mid } of quadSides(corners)) {
      const c = crossing(img, mid, n, narrow, buf, { u, half: 0.4 * len });
      if (c && Number.isFinite(c.width)) widths.push(c.width);
    }
  }
  return {
    corners,
    lines,
    residualPx,
    support,
    heldInward,
    edgeWidthPx: widths.length ? median(widths) : Infinity,
    contrast: contrasts.length ? median(contrasts) : 0,
  };
}

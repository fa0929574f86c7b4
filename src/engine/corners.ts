/** The four corners of one face: whitening along the rounded cut, and rounding beyond the standard radius. */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, CORNER_RADIUS_MM, roundedRectDistance } from './geometry';
import { sampleMm, type CardView } from './card-view';
import { localBorderColor, whitenessScale } from './whiteness';
import { glareInRect } from './exposure';

export const CORNER_NAMES = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'] as const;
export type CornerName = (typeof CORNER_NAMES)[number];
export type CornerIssue = 'whitening' | 'rounding' | 'fray';
export type CornerMeasure = {
  corner: CornerName;
  score: number;
  condition: 'Sharp' | 'Light wear' | 'Moderate wear' | 'Heavy wear';
  issues: CornerIssue[];
  /** Share of the corner's edge band that is whitened, percent. */
  whitenedPercent: number;
  /** How much further the cut sits from the sharp corner than a standard 3 mm radius would, mm. */
  roundingExcessMm: number | null;
  /** Whether whitening could be judged at all (not on white or silver borders). */
  whiteningMeasurable: boolean;
};

const ZONE_MM = 4.5;
const BAND = { from: 0.25, to: 0.9 };

export function cornerOrigin(corner: CornerName) {
  const right = corner.endsWith('Right'),
    bottom = corner.startsWith('Bottom');
  return { x: right ? CARD_WIDTH_MM : 0, y: bottom ? CARD_HEIGHT_MM : 0, sx: right ? -1 : 1, sy: bottom ? -1 : 1 };
}

export const conditionFor = (score: number): CornerMeasure['condition'] =>
  score >= 9.5 ? 'Sharp' : score >= 8.5 ? 'Light wear' : score >= 7 ? 'Moderate wear' : 'Heavy wear';

export function measureCorner(view: CardView, corner: CornerName): CornerMeasure {
  const o = cornerOrigin(corner);
  // The border colour next to this corner, far enough along both edges to be clear of corner wear.
  const border = localBorderColor(view, ...rect(o, 9, 0.5, 12, 1.2));
  // Under glare, clipped paper and clipped print look alike: whitening is not measured there.
  const whiteness = glareInRect(view.glare, ...rect(o, 0, 0, ZONE_MM, ZONE_MM)) ? null : whitenessScale(border, view.gain);
  const buf = [0, 0, 0];
  let samples = 0,
    white = 0,
    alongEdge = 0;
  const band: number[] = [],
    reference: number[] = [];
  for (let v = 0; v <= ZONE_MM; v += 0.06)
    for (let u = 0; u <= ZONE_MM; u += 0.06) {
      const x = o.x + o.sx * u,
        y = o.y + o.sy * v;
      const inside = -roundedRectDistance(x, y);
      const inBand = inside >= BAND.from && inside <= BAND.to;
      const inReference = inside >= 1.3 && inside <= 2.2;
      if (!inBand && !inReference) continue;
      if (!whiteness) {
        if (inBand) samples++;
        continue;
      }
      sampleMm(view, x, y, buf);
      const w = whiteness(buf);
      if (inReference) {
        reference.push(w);
        continue;
      }
      samples++;
      band.push(w);
      if (w > 0.5) {
        white++;
        if (u > CORNER_RADIUS_MM + 0.5 || v > CORNER_RADIUS_MM + 0.5) alongEdge++;
      }
    }
  // Faint, compressed specks rarely reach full white: compare the brightest tenth of the edge band
  // with the brightest tenth of the border just inside it (same light, same noise).
  const excess = whiteness ? Math.max(0, topMean(band, 0.1) - topMean(reference, 0.1)) : 0;
  const whitened = samples ? (100 * white) / samples : 0;
  const rounding = roundingExcess(view, o, border, buf);
  const issues: CornerIssue[] = [];
  // Whitening shows early: the first percent costs more than the tenth. A 0.1% noise floor keeps
  // clean corners at 10; above it the score is continuous so light wear still ranks below clean.
  let score = 10 - Math.max(1.5 * Math.sqrt(Math.max(0, whitened - 0.1)), 6 * Math.max(0, excess - 0.06));
  if (whiteness && (whitened > 1.5 || excess > 0.12)) issues.push('whitening');
  if (alongEdge > white * 0.4 && whitened > 4) issues.push('fray');
  if (rounding !== null && rounding > 0.35) {
    issues.push('rounding');
    score -= (rounding - 0.35) * 4;
  }
  score = Math.max(1, Math.min(10, score));
  return {
    corner,
    score: Math.round(score * 100) / 100,
    condition: conditionFor(score),
    issues,
    whitenedPercent: Math.round(whitened * 10) / 10,
    roundingExcessMm: rounding === null ? null : Math.round(rounding * 100) / 100,
    whiteningMeasurable: !!whiteness,
  };
}

function rect(o: ReturnType<typeof cornerOrigin>, u0: number, v0: number, u1: number, v1: number): [number, number, number, number] {
  const xs = [o.x + o.sx * u0, o.x + o.sx * u1],
    ys = [o.y + o.sy * v0, o.y + o.sy * v1];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Where the rounded cut crosses the diagonal of a standard corner: r(√2−1) from the sharp corner. */
export const EXPECTED_CORNER_CUT_MM = CORNER_RADIUS_MM * (Math.SQRT2 - 1);

function roundingExcess(view: CardView, o: ReturnType<typeof cornerOrigin>, border: number[], buf: number[]): number | null {
  const d = cornerCutDistance(view, o, border, buf);
  return d === null ? null : Math.max(0, d - EXPECTED_CORNER_CUT_MM);
}

/** Local border colour of a corner, as measureCorner uses it. */
export const cornerBorderColor = (view: CardView, corner: CornerName) =>
  localBorderColor(view, ...rect(cornerOrigin(corner), 9, 0.5, 12, 1.2));

/** Walks the corner's diagonal from outside in and returns how far in (mm) the card begins. */
export function cornerCutDistance(
  view: CardView,
  o: ReturnType<typeof cornerOrigin>,
  border: number[],
  buf: number[] = [0, 0, 0],
): number | null {
  const dir = { x: o.sx / Math.SQRT2, y: o.sy / Math.SQRT2 };
  const prof: number[] = [];
  for (let s = -0.6; s <= 3; s += 0.03) {
    sampleMm(view, o.x + dir.x * s, o.y + dir.y * s, buf);
    prof.push(Math.hypot(buf[0] - border[0], buf[1] - border[1], buf[2] - border[2]));
  }
  // Background is far from the border colour, card is near it: the half-way crossing is the cut.
  const outside = prof.slice(0, 10).reduce((s, v) => s + v, 0) / 10;
  if (outside < 30 * (view.gain ?? 1)) return null;
  for (let k = 10; k < prof.length; k++) if (prof[k] < outside / 2) return -0.6 + k * 0.03;
  return null;
}

/** Mean of the largest `share` of the values. */
function topMean(values: number[], share: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => b - a);
  const n = Math.max(1, Math.round(sorted.length * share));
  return sorted.slice(0, n).reduce((s, v) => s + v, 0) / n;
}

/**
 * A card in a coloured sleeve (a clear front over an opaque back) is traced at the sleeve's outline:
 * its sealed edge stands out against the table as strongly as a card's cut edge, and the sleeve's
 * coloured margin, 1–3 mm wide, runs round the card like a printed border. holder.ts looks outward
 * for a clear sleeve's rim and sees only table here. What tells the margin from a printed border is
 * how it shades: the film is lifted by the card's thickness, so the margin darkens steadily toward the
 * card (by 27–98 RGB units over 2 mm on the sleeve sides measured) and ends at the card's cut edge in a
 * step. A printed border is one flat ink: of 36 bare, clear-sleeve and toploader photos, 6 showed such a
 * shade along one side (glare, a silver border's sheen), none along two. This module reads the margin on
 * each side of a traced outline, from the outline's own straightened view: inward from a sleeve's
 * outline to the card's edge, or outward from the card's to the sleeve's (decision record 014).
 */
import { applyHomography, CARD_HEIGHT_MM, CARD_WIDTH_MM, scalePoints, type Point } from './geometry';
import { sampleMm, type CardView } from './card-view';
import type { Quad } from './detect';
import type { RgbImage } from './image';
import { onGrainedTable } from './border-on-grain';

/** Depths (mm in from the traced outline) searched for the card's edge: a sleeve's margin. */
const MIN_DEPTH_MM = 0.9;
const MAX_DEPTH_MM = 3.2;
/** Profile resolution and the half-width of the window compared across a candidate step. */
const STEP_MM = 0.1;
const HALF_WINDOW = 3;
/**
 * The margin darkens toward the card by at least this much (mean RGB units at full light)… A dark sleeve
 * lit evenly shaded its margin by 23–36 on its four sides; of 28 bare cards, none shaded a third side by
 * more than 15 (two by 36 and 33 on one side, 22 and 19 on another: a border's sheen).
 */
const MIN_SHADE_RGB = 20;
/** …and ends in a step of at least this much (RGB distance at full light): the card's cut edge, or the sleeve's sealed one. */
const MIN_FAR_STEP_RGB = 40;
/** Sides that must show such a margin: a sleeve's glare or a card pushed against one seam may hide one. */
const MIN_SIDES = 3;
/** Samples across each side's middle 70 %, whose median colour is the profile's. */
const POSITIONS = 56;

export type SleeveMargin = { depthMm: number; shadeRgb: number; stepRgb: number } | null;

/**
 * Per side (top, right, bottom, left of the view's card frame), the shaded margin and the depth of its
 * far end, or null. `inward`: the view is the sleeve's outline and the margin ends at the card's cut
 * edge inside it; else the view is the card's and the margin ends at the sleeve's sealed edge outside
 * it. Either way it darkens toward the card. `edgeWidthPx`: the traced outline's blur, skipped first.
 */
export function sleeveMargins(view: CardView, edgeWidthPx: number, inward = true): SleeveMargin[] {
  const gain = view.gain ?? 1;
  const startMm = Math.max(0.4, edgeWidthPx / view.pxPerMm + 0.2);
  return [0, 1, 2, 3].map((side) => {
    const prof = sideProfile(view, side, (inward ? 1 : -1) * (MAX_DEPTH_MM + (HALF_WINDOW + 1) * STEP_MM));
    let best = -1,
      bestStep = 0;
    for (let k = Math.ceil(MIN_DEPTH_MM / STEP_MM); k + HALF_WINDOW < prof.length && k * STEP_MM <= MAX_DEPTH_MM; k++) {
      const step = Math.hypot(...[0, 1, 2].map((c) => prof[k + HALF_WINDOW][c] - prof[k - HALF_WINDOW][c]));
      if (step > bestStep) ((bestStep = step), (best = k));
    }
    if (best < 0 || bestStep < MIN_FAR_STEP_RGB * gain) return null;
    const lum = (k: number) => (prof[k][0] + prof[k][1] + prof[k][2]) / 3;
    const from = Math.round(startMm / STEP_MM),
      to = best - HALF_WINDOW;
    if (to - from < 4) return null;
    // Inward the margin starts at the sleeve's edge (lighter) and ends at the card; outward the reverse.
    const shadeRgb = (inward ? 1 : -1) * (lum(from) - lum(to));
    return shadeRgb >= MIN_SHADE_RGB * gain ? { depthMm: best * STEP_MM, shadeRgb, stepRgb: bestStep } : null;
  });
}

/** A coloured sleeve's shaded margin shows round the traced card, on enough sides to name it. */
export const sleeveMarginOutside = (view: CardView, edgeWidthPx: number) =>
  sleeveMargins(view, edgeWidthPx, false).filter(Boolean).length >= MIN_SIDES;

/** The card's outline inside a coloured sleeve's margin, in `view.img` pixels, or null when too few sides show one. */
export function cardInsideSleeve(view: CardView, edgeWidthPx: number): Quad | null {
  const margins = sleeveMargins(view, edgeWidthPx);
  const shown = margins.filter((m): m is NonNullable<SleeveMargin> => m !== null);
  if (shown.length < MIN_SIDES) return null;
  // A side whose margin was not read (glare, a seam) is taken as deep as the others.
  const mean = shown.reduce((s, m) => s + m.depthMm, 0) / shown.length;
  const [top, right, bottom, left] = margins.map((m) => m?.depthMm ?? mean);
  const mm: Point[] = [
    { x: left, y: top },
    { x: CARD_WIDTH_MM - right, y: top },
    { x: CARD_WIDTH_MM - right, y: CARD_HEIGHT_MM - bottom },
    { x: left, y: CARD_HEIGHT_MM - bottom },
  ];
  return mm.map((p) => applyHomography(view.toPhoto, p.x, p.y)) as Quad;
}

/** The card-mm point `d` in from side `side` (top, right, bottom, left), at `t` (0–1) along it. */
const inFromSide = (side: number, d: number, t: number): [number, number] =>
  side === 0
    ? [t * CARD_WIDTH_MM, d]
    : side === 1
      ? [CARD_WIDTH_MM - d, t * CARD_HEIGHT_MM]
      : side === 2
        ? [t * CARD_WIDTH_MM, CARD_HEIGHT_MM - d]
        : [d, t * CARD_HEIGHT_MM];

/**
 * Median colour at each depth in from one side (out from it when `depthMm` is negative), over the middle
 * 70 % of its length: print and glare vary along it.
 */
function sideProfile(view: CardView, side: number, depthMm: number): number[][] {
  const out = [0, 0, 0];
  const prof: number[][] = [];
  for (let k = 0; k * STEP_MM <= Math.abs(depthMm); k++) {
    const d = Math.sign(depthMm) * k * STEP_MM;
    const cs: number[][] = [[], [], []];
    for (let i = 0; i < POSITIONS; i++) {
      const t = 0.15 + (0.7 * (i + 0.5)) / POSITIONS;
      const [x, y] = inFromSide(side, d, t);
      sampleMm(view, x, y, out);
      for (let c = 0; c < 3; c++) cs[c].push(out[c]);
    }
    prof.push(cs.map((v) => v.sort((a, b) => a - b)[v.length >> 1]));
  }
  return prof;
}

/**
 * Corners read square (not a card's rounded cut) that make a clean outline a sleeve's. Of 31 bare
 * cards traced on plain tables and paper in the real photos (shared and gathered), none read more than
 * one square; three photos of a black-backed sleeve, and some clear ones, read two or more. On carpet,
 * bare cards read two square too (the grain's patches at the corners): there the table's grain says so.
 */
const MIN_SQUARE_CORNERS_OF_A_SLEEVE = 2;

/**
 * Whether a clean outline is a sleeve's by its corners: two or more square, on a plain table.
 * `corners` in full-photo pixels; `small`, `scale`: the working copy and its scale, where the table's
 * grain is read.
 */
export function squareCorneredSleeve(squareCorners: number, corners: Quad, small: RgbImage, scale: number): boolean {
  return squareCorners >= MIN_SQUARE_CORNERS_OF_A_SLEEVE && !onGrainedTable(small, scalePoints(corners, scale));
}

/** The band read just inside an outline (mm in from it), where a sleeve's margin and the card's border lie. */
const BAND_FROM_MM = 0.8;
const BAND_TO_MM = 2.2;
/**
 * One colour all round: on each side the median RGB distance from its median colour at most this, and
 * the sides' colours this close to one another. A black-backed sleeve over a black border spread 2–15
 * and its sides' colours lay within 20; bare cards' borders, traced at their edge, spread 2–39.
 */
const MAX_BAND_SPREAD_RGB = 20;
const MAX_BAND_SIDES_RGB = 40;

/**
 * Whether the band just inside a traced outline is one colour all round: a sleeve's opaque back over the
 * card's border, or a card's own border. Print traced inside a border (art, text) is not.
 */
export function oneColourBandInside(view: CardView): boolean {
  const band = bandInside(view);
  const far = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  return (
    band.every((side) => side.spread <= MAX_BAND_SPREAD_RGB) &&
    band.every((a) => band.every((b) => far(a.colour, b.colour) <= MAX_BAND_SIDES_RGB))
  );
}

/**
 * The band just inside a traced outline, side by side: its median colour and the spread about it (the
 * median RGB distance), over the middle 70 % of each side.
 */
function bandInside(view: CardView): { colour: number[]; spread: number }[] {
  const out = [0, 0, 0];
  return [0, 1, 2, 3].map((side) => {
    const px: number[][] = [];
    for (let d = BAND_FROM_MM; d <= BAND_TO_MM; d += 0.35)
      for (let k = 0; k <= 40; k++) {
        const t = 0.15 + (0.7 * k) / 40;
        const [x, y] = inFromSide(side, d, t);
        sampleMm(view, x, y, out);
        px.push([...out]);
      }
    const mid = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1];
    const colour = [0, 1, 2].map((c) => mid(px.map((p) => p[c])));
    const spread = mid(px.map((p) => Math.hypot(p[0] - colour[0], p[1] - colour[1], p[2] - colour[2])));
    return { colour, spread };
  });
}

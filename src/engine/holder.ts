/**
 * Is the card in a clear holder? A penny sleeve (or a toploader) shows as a second straight outline
 * just outside the card's cut edge: its plastic rim, 0.5–5 mm out, parallel to the card's sides. A card
 * lying on a table has flat table there (at most a soft shadow or grain, a few RGB units). The search
 * is faint-outline.ts's, run outward from each traced side on the full photo: the outermost straight
 * step that holds along the whole side. A holder is named when at least two sides show a clear one
 * (a sleeve's open end or a rim lost in glare may leave the others without).
 */
import type { CardView } from './card-view';
import type { Quad } from './detect';
import { sideOutline } from './faint-outline';
import { quadSides, type QuadSide } from './geometry';

/** 'sleeve' is measured through; 'slab' (a grading company's sealed case) is refused (face.ts). */
export type Holder = 'sleeve' | 'slab';

/** The rim is looked for from this far outside the cut edge (past the edge's own blur)… */
const FROM_MM = 0.4;
/** …to this far out: a penny sleeve's margin, with room for a card lying off-centre in it. */
const TO_MM = 5;
/** A rim steps at least this much (RGB units at full light) and stands this far above the scatter along its side. */
const MIN_RIM_STEP_RGB = 10;
const MIN_RIM_SIGNIFICANCE = 20;
const MIN_SIDES = 2;
/**
 * A slab holds its label above the card inside the same plastic: beyond one short side, past the
 * widest sleeve margin, lies the label's edge or the case's divider, a straight step across the whole
 * side 8–40 mm out (PSA, BGS and CGC labels stand 18–25 mm above the card). A sleeve ends within
 * about 6 mm; a table has no straight line across the card's whole width there.
 */
const SLAB_FROM_MM = 8;
const SLAB_TO_MM = 40;

/** The holder whose rim shows around the traced card, else null. `corners` in `view.img` pixels. */
export function detectHolder(view: CardView, corners: Quad): Holder | null {
  const sides = quadSides(corners);
  const rims = sides.filter((side) => clearStep(view, side, FROM_MM, TO_MM)).length;
  if (rims < MIN_SIDES) return null;
  // The card's short sides: top and bottom when it stands upright in the photo, left and right when it lies.
  const shortSides = sides[0].len + sides[2].len <= sides[1].len + sides[3].len ? [sides[0], sides[2]] : [sides[1], sides[3]];
  return shortSides.some((side) => clearStep(view, side, SLAB_FROM_MM, SLAB_TO_MM)) ? 'slab' : 'sleeve';
}

/** Whether a straight step runs along the whole `side` between `fromMm` and `toMm` outside it. */
function clearStep(view: CardView, { a, b, n }: QuadSide, fromMm: number, toMm: number): boolean {
  const mm = view.pxPerMm;
  const off = fromMm * mm;
  const from = { x: a.x + n.x * off, y: a.y + n.y * off },
    to = { x: b.x + n.x * off, y: b.y + n.y * off };
  const rim = sideOutline(view.img, from, to, n, (toMm - fromMm) * mm);
  return !!rim && rim.stepRgb >= MIN_RIM_STEP_RGB * (view.gain ?? 1) && rim.significance >= MIN_RIM_SIGNIFICANCE;
}

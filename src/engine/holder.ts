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
import { quadSides } from './geometry';

export type Holder = 'sleeve';

/** The rim is looked for from this far outside the cut edge (past the edge's own blur)… */
const FROM_MM = 0.4;
/** …to this far out: a penny sleeve's margin, with room for a card lying off-centre in it. */
const TO_MM = 5;
/** A rim steps at least this much (RGB units at full light) and stands this far above the scatter along its side. */
const MIN_RIM_STEP_RGB = 10;
const MIN_RIM_SIGNIFICANCE = 20;
const MIN_SIDES = 2;

/** 'sleeve' when the photo shows a holder's rim around the traced card, else null. `corners` in `view.img` pixels. */
export function detectHolder(view: CardView, corners: Quad): Holder | null {
  const mm = view.pxPerMm;
  const gain = view.gain ?? 1;
  let rims = 0;
  for (const { a, b, n } of quadSides(corners)) {
    const off = FROM_MM * mm;
    const from = { x: a.x + n.x * off, y: a.y + n.y * off },
      to = { x: b.x + n.x * off, y: b.y + n.y * off };
    const rim = sideOutline(view.img, from, to, n, (TO_MM - FROM_MM) * mm);
    if (rim && rim.stepRgb >= MIN_RIM_STEP_RGB * gain && rim.significance >= MIN_RIM_SIGNIFICANCE) rims++;
  }
  return rims >= MIN_SIDES ? 'sleeve' : null;
}

/**
 * Is the card in a clear holder? A penny sleeve (or a toploader) shows as a second straight outline
 * just outside the card's cut edge: its plastic rim, 0.5–5 mm out, parallel to the card's sides. A card
 * lying on a table has flat table there (at most a soft shadow or grain, a few RGB units). The search
 * is faint-outline.ts's, run outward from each traced side on the full photo: the outermost straight
 * step that holds along the whole side. A holder is named when at least two sides show a clear one
 * (a sleeve's open end or a rim lost in glare may leave the others without); a toploader's walls stand
 * further out than a sleeve's rim. What shows there may also be the card's own cut edge, when the trace
 * followed print inside it, or run off the frame: see detectHolder. (A coloured sleeve's margin lies
 * inside or round the trace instead: sleeve-band.ts.)
 */
import type { CardView } from './card-view';
import type { Quad } from './detect';
import { sideOutline } from './faint-outline';
import { distanceToLine, fitLine, frameEdgesCrossed, intersect, quadSides, type FrameEdge, type Point, type QuadSide } from './geometry';

/** 'sleeve' and 'toploader' are measured through; 'slab' (a grading company's sealed case) is refused (face.ts). */
export type Holder = 'sleeve' | 'toploader' | 'slab';

/** The rim is looked for from this far outside the cut edge (past the edge's own blur)… */
const FROM_MM = 0.4;
/** …to this far out: a penny sleeve's margin, with room for a card lying off-centre in it. */
const TO_MM = 5;
/** A rim steps at least this much (RGB units at full light) and stands this far above the scatter along its side. */
const MIN_RIM_STEP_RGB = 10;
const MIN_RIM_SIGNIFICANCE = 20;
const MIN_SIDES = 2;
/**
 * A sleeve's film is seldom quite flat: over white paper its rim wavers along the side and stood only
 * 12–20 above the scatter on every side, where a table beside a bare card showed at most one side that
 * high. When no two sides hold a clear rim, two wavering ones still name a sleeve (never the card's
 * own edge: print inside a cut card's border steps that faintly too).
 */
const MIN_WAVERING_RIM_SIGNIFICANCE = 12;
/**
 * The median rim's step above which it is the card's own edge, not plastic (RGB units at full light):
 * penny sleeves on real photos stepped 10–57 (median per card at most 45), a black border's cut edge
 * against the table 65–216 (median 130 and up). A toploader's wall, clear plastic too, steps no more.
 */
const MAX_SLEEVE_RIM_STEP_RGB = 80;

/**
 * A toploader is a rigid case about 76 × 101 mm round a 63 × 88 mm card: its walls stand 5–9 mm out
 * (less on a side the card has slid against), past a sleeve's margin. On the labelled and gathered
 * photos of bare and sleeved cards no side showed a clear straight step there; the toploader showed
 * two (6.2 and 7.6 mm) and a faint third.
 */
const TOPLOADER_FROM_MM = 4.5;
const TOPLOADER_TO_MM = 10;

/**
 * A slab holds its label above the card inside the same plastic: beyond one short side, past the
 * widest sleeve margin, lies the label's edge or the case's divider, a straight step across the whole
 * side 8–40 mm out (PSA, BGS and CGC labels stand 18–25 mm above the card). A sleeve ends within
 * about 6 mm; a table has no straight line across the card's whole width there.
 */
const SLAB_FROM_MM = 8;
const SLAB_TO_MM = 40;

/**
 * What lies around a traced outline: a holder (its rim), the frame edges its outer outline may run past,
 * and `cardEdge`, the card's own cut edge when that is what lies outside it (the trace followed print).
 */
export type Surround = { holder: Holder | null; runsOff: FrameEdge[]; cardEdge: Quad | null };

/**
 * What shows around the traced card: the holder whose rim it is, else null; and `runsOff`, the frame
 * edges the outer outline may run past: its corners (the rims' lines met) outside the frame, or a side
 * without a rim of its own with the frame within a holder's margin of it. Such an outline is as much
 * the card's own cut edge around a printed frame the trace followed, the card cut by the frame, as a
 * sleeve: never graded (cards cut by the frame had their border read as a "sleeve" and their printed
 * frame graded). `corners` in `view.img` pixels.
 */
export function detectHolder(view: CardView, corners: Quad): Surround {
  const sides = quadSides(corners);
  const found = sides.map((side) => rimBeyond(view, side, FROM_MM, TO_MM, MIN_WAVERING_RIM_SIGNIFICANCE));
  const clear = found.map((rim) => (rim && rim.significance >= MIN_RIM_SIGNIFICANCE ? rim : null));
  const wavering = clear.filter(Boolean).length < MIN_SIDES;
  const rims = wavering ? found : clear;
  const maxRimStep = MAX_SLEEVE_RIM_STEP_RGB * (view.gain ?? 1);
  if (rims.filter(Boolean).length < MIN_SIDES) {
    // Clear plastic, with the table seen through it inside the wall as beyond it: a step as small as a
    // sleeve's rim. A stronger one is a change of material: the edge of a listing photo set on a white
    // canvas stepped 280–310 five mm out from a bare card's long sides, a toploader's walls 23 and 32.
    const walls = sides.filter((side) => (rimBeyond(view, side, TOPLOADER_FROM_MM, TOPLOADER_TO_MM)?.stepRgb ?? Infinity) <= maxRimStep);
    return { holder: walls.length >= MIN_SIDES ? 'toploader' : null, runsOff: [], cardEdge: null };
  }
  // A side without a rim is taken as far out as the others' rims lie (a sleeve's open end, a rim lost in glare).
  const offsets = sides.flatMap((side, i) => (rims[i] ? [Math.abs(distanceToLine(rims[i].line, side.mid))] : []));
  const margin = offsets.reduce((sum, d) => sum + d, 0) / offsets.length;
  const lines = sides.map(
    ({ a, b, n }, i) => rims[i]?.line ?? fitLine([a, b].map((p) => ({ x: p.x + n.x * margin, y: p.y + n.y * margin }))),
  );
  const reach = TO_MM * view.pxPerMm;
  const beyond = (p: Point, n: Point) => ({ x: p.x + n.x * reach, y: p.y + n.y * reach });
  const outer = [
    ...lines.map((line, i) => intersect(lines[(i + 3) % 4], line)),
    ...sides.flatMap(({ a, b, n }, i) => (rims[i] ? [] : [beyond(a, n), beyond(b, n)])),
  ];
  const runsOff = frameEdgesCrossed(outer, view.img.width - 1, view.img.height - 1);
  // The card's short sides: top and bottom when it stands upright in the photo, left and right when it lies.
  const shortSides = sides[0].len + sides[2].len <= sides[1].len + sides[3].len ? [sides[0], sides[2]] : [sides[1], sides[3]];
  if (shortSides.some((side) => rimBeyond(view, side, SLAB_FROM_MM, SLAB_TO_MM))) return { holder: 'slab', runsOff, cardEdge: null };
  // A clear sleeve's rim is a thin edge of plastic with the table seen through it on both sides: a small
  // step. A step from the band to the table this strong is a change of material, the card's own cut
  // edge (its dark border around the printed frame that was traced).
  const steps = rims.flatMap((rim) => (rim ? [rim.stepRgb] : [])).sort((x, y) => x - y);
  if (steps[Math.floor(steps.length / 2)] > maxRimStep)
    return { holder: null, runsOff, cardEdge: wavering ? null : (outer.slice(0, 4) as Quad) };
  return { holder: 'sleeve', runsOff, cardEdge: null };
}

/** The straight step that runs along the whole `side` between `fromMm` and `toMm` outside it, else null. */
function rimBeyond(
  view: CardView,
  side: QuadSide,
  fromMm: number,
  toMm: number,
  minSignificance = MIN_RIM_SIGNIFICANCE,
): ReturnType<typeof sideOutline> {
  const { a, b, n, mid } = side;
  const mm = view.pxPerMm;
  const off = fromMm * mm;
  const from = { x: a.x + n.x * off, y: a.y + n.y * off },
    to = { x: b.x + n.x * off, y: b.y + n.y * off };
  const rim = sideOutline(view.img, from, to, n, (toMm - fromMm) * mm);
  if (!rim || rim.stepRgb < MIN_RIM_STEP_RGB * (view.gain ?? 1) || rim.significance < minSignificance) return null;
  // A step at the frame's own edge (a scan cropped to the card, a JPEG's last row) is not a rim: it
  // has nothing beyond it. One may lie inside it, hidden by it as the outermost step (a slab photographed
  // to its case's edge: its label's edge 11 mm beyond the card, the frame's 37 mm), so the search is
  // made again short of the frame's edge.
  const at = distanceToLine(rim.line, mid);
  const onRim = { x: mid.x - rim.line.a * at, y: mid.y - rim.line.b * at };
  if (!frameEdgesCrossed([onRim], view.img.width - 1, view.img.height - 1, FRAME_EDGE_PX).length) return rim;
  const shortOfFrameMm = (Math.abs(at) - 2 * FRAME_EDGE_PX) / mm;
  return shortOfFrameMm < toMm && shortOfFrameMm - fromMm >= MIN_SEARCH_MM
    ? rimBeyond(view, side, fromMm, shortOfFrameMm, minSignificance)
    : null;
}

/** Narrowest stretch (mm) searched again for a rim short of the frame's edge. */
const MIN_SEARCH_MM = 1;

/** A step this close to the frame's edge (px) lies on it. */
const FRAME_EDGE_PX = 3;

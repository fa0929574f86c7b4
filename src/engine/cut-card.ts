/**
 * A card the frame cuts, when nothing card-sized stood out: the detector leaves out every region that
 * reaches the frame (a card touching it is cut off anyway), so a card cut on a plain desk or a dark
 * lid could only be refused `no_card_found`, which tells the collector nothing they can change. What
 * shows of it is distinctive: two parallel straight cut edges that run into one side of the frame, a
 * third square across their inner ends (the card's far side, its rounded corners between), the same
 * border colour inside all three, and print inside them. Found, the photo is refused `card_cut_off`.
 *
 * Runs on the working copy (480 px long side), with straight-edges.ts's line-support regions.
 */
import type { Face } from '@contract/grading-report';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, intersect, runsOffDetail, type FrameEdge, type Point } from './geometry';
import type { RgbImage } from './image';
import { cardCornerAt } from './other-cards';
import { EngineRefusal } from './refusal';
import { segmentLine, straightEdges, strongEdges, type Segment } from './straight-edges';

/** Shortest straight edge considered, as a share of the photo's long side. */
const MIN_SIDE_SHARE = 0.1;
/** An edge's end this close (working-copy px) to the frame runs into it (strong edges stop 2 px short). */
const FRAME_PX = 4;
/** Opposite sides are parallel within this, and adjacent ones square within this. */
const MAX_PARALLEL_DEG = 8;
const MAX_SQUARE_DEG = 15;
/** The side edges stop short of the far side by at most this share of the card's width (the rounded corners, blur). */
const MAX_CORNER_GAP = 0.2;
/** The far side's straight edge covers at least this share of the width between the side edges. */
const MIN_FAR_SIDE_COVER = 0.6;

const ASPECT = CARD_WIDTH_MM / CARD_HEIGHT_MM;
const cosDeg = (deg: number) => Math.cos((deg * Math.PI) / 180);

/** A straight edge running into the frame: the frame edge it meets, and its end inside the photo. */
type IntoFrame = { s: Segment; edge: FrameEdge; inner: Point; outer: Point };

function intoFrame(s: Segment, w: number, h: number): IntoFrame | null {
  const at = (p: Point): FrameEdge | null =>
    p.x < FRAME_PX ? 'left' : p.y < FRAME_PX ? 'top' : p.x > w - 1 - FRAME_PX ? 'right' : p.y > h - 1 - FRAME_PX ? 'bottom' : null;
  const [ea, eb] = [at(s.a), at(s.b)];
  if (!ea === !eb) return null;
  const edge = (ea ?? eb)!;
  // It runs into that frame edge, not along it.
  const across = edge === 'left' || edge === 'right' ? Math.abs(s.u.x) : Math.abs(s.u.y);
  if (across < cosDeg(45)) return null;
  return ea ? { s, edge, inner: s.b, outer: s.a } : { s, edge, inner: s.a, outer: s.b };
}

/**
 * Refuses `card_cut_off` when a card the frame cuts shows in the working copy `img`: returns when none
 * does (the caller's own refusal stands).
 */
export function refuseCardCutByFrame(img: RgbImage, face: Face | undefined): void {
  const edge = cardCutByFrame(img);
  if (edge) throw new EngineRefusal('card_cut_off', face, runsOffDetail([edge]));
}

/** The frame edge a card cut across by the frame runs off, or null when no such card shows. */
export function cardCutByFrame(img: RgbImage): FrameEdge | null {
  const { width: w, height: h } = img;
  const { mag, angle, threshold, edge } = strongEdges(img);
  const segments = straightEdges(edge, mag, angle, w, h, MIN_SIDE_SHARE * Math.max(w, h));
  const sides = segments.map((s) => intoFrame(s, w, h)).filter((s): s is IntoFrame => s !== null);
  for (let i = 0; i < sides.length; i++)
    for (let j = i + 1; j < sides.length; j++) {
      const p = sides[i],
        q = sides[j];
      if (p.edge !== q.edge || !parallel(p.s, q.s)) continue;
      const width = Math.abs(distanceFromLine(p.s, q.inner) + distanceFromLine(p.s, q.outer)) / 2;
      if (width < 0.15 * Math.min(w, h)) continue;
      for (const far of segments) {
        if (far === p.s || far === q.s || !square(far, p.s)) continue;
        const line = segmentLine(far);
        const cp = intersect(segmentLine(p.s), line),
          cq = intersect(segmentLine(q.s), line);
        const gap = MAX_CORNER_GAP * width;
        if (Math.hypot(cp.x - p.inner.x, cp.y - p.inner.y) > gap || Math.hypot(cq.x - q.inner.x, cq.y - q.inner.y) > gap) continue;
        if (coverBetween(far, cp, cq) < MIN_FAR_SIDE_COVER) continue;
        // What shows of the card: at least a quarter of its width, and no more than its whole length
        // (either way round: cut across its length or across its width).
        const shown = (Math.hypot(p.outer.x - cp.x, p.outer.y - cp.y) + Math.hypot(q.outer.x - cq.x, q.outer.y - cq.y)) / 2;
        if (shown < 0.25 * width || shown > (1.1 * width) / ASPECT) continue;
        // Both corners at the far side are a card's (other-cards.ts): cut edges round one border, print inside.
        const towards = (from: Point, to: Point) => {
          const d = Math.hypot(to.x - from.x, to.y - from.y);
          return { x: (to.x - from.x) / d, y: (to.y - from.y) / d };
        };
        if (
          cardCornerAt(img, mag, threshold, cp, towards(cp, p.outer), towards(cp, cq), width) &&
          cardCornerAt(img, mag, threshold, cq, towards(cq, q.outer), towards(cq, cp), width)
        )
          return p.edge;
      }
    }
  return null;
}

const parallel = (p: Segment, q: Segment) => Math.abs(p.u.x * q.u.x + p.u.y * q.u.y) >= cosDeg(MAX_PARALLEL_DEG);
const square = (p: Segment, q: Segment) => Math.abs(p.u.x * q.u.x + p.u.y * q.u.y) <= cosDeg(90 - MAX_SQUARE_DEG);

/** Signed distance of `pt` from the line through segment `s`. */
const distanceFromLine = (s: Segment, pt: Point) => -s.u.y * (pt.x - s.a.x) + s.u.x * (pt.y - s.a.y);

/** Share of the stretch from `a` to `b` that segment `s` covers, projected on it. */
function coverBetween(s: Segment, a: Point, b: Point): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const u = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  const t = (p: Point) => (p.x - a.x) * u.x + (p.y - a.y) * u.y;
  const [t0, t1] = [t(s.a), t(s.b)].sort((x, y) => x - y);
  return Math.max(0, Math.min(len, t1) - Math.max(0, t0)) / len;
}

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
import { sampleRgb, type RgbImage } from './image';
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
/** Each side steps from inside the card to outside by at least this (RGB distance)… */
const MIN_CUT_STEP_RGB = 30;
/** …and the three insides are one colour (the card's border) within this. */
const MAX_BORDER_DIFFERENCE_RGB = 60;
/** Share of strong-edge pixels inside the card's visible part above which it holds print. */
const MIN_PRINT_SHARE = 0.04;

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
        // The visible part, from the frame to the far side: its fourth side lies on the frame.
        const visible = [p.outer, cp, cq, q.outer];
        if (oneBorderInside(img, visible) && printInside(mag, threshold, img, visible)) return p.edge;
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

const inFrame = ({ width: w, height: h }: RgbImage, p: Point) => p.x >= 1 && p.y >= 1 && p.x <= w - 2 && p.y <= h - 2;

/**
 * Whether the three cut sides of the card's visible part (`quad` from the frame round to the frame) each
 * step from one colour inside to another outside, the same colour inside them all (the card's border).
 * A door or a book's spine has no border round it.
 */
function oneBorderInside(img: RgbImage, quad: Point[]): boolean {
  const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  const width = Math.min(...quad.map((p, k) => Math.hypot(quad[(k + 1) % 4].x - p.x, quad[(k + 1) % 4].y - p.y)));
  const d = Math.max(1.5, 0.025 * width);
  const buf = [0, 0, 0];
  /** Mean colour `offset` px toward the card from the in-frame part of the side's middle 60 % (negative: outside), or null. */
  const along = (a: Point, b: Point, offset: number) => {
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    let n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if ((centre.x - mid.x) * n.x + (centre.y - mid.y) * n.y < 0) n = { x: -n.x, y: -n.y };
    const sum = [0, 0, 0];
    let count = 0;
    for (let i = 0; i < 12; i++) {
      const t = 0.2 + (0.6 * i) / 11;
      const p = { x: a.x + (b.x - a.x) * t + n.x * offset, y: a.y + (b.y - a.y) * t + n.y * offset };
      if (!inFrame(img, p)) continue;
      sampleRgb(img, p.x, p.y, buf);
      for (let c = 0; c < 3; c++) sum[c] += buf[c];
      count++;
    }
    return count >= 4 ? sum.map((v) => v / count) : null;
  };
  const gap = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const insides: number[][] = [];
  for (let k = 0; k < 3; k++) {
    const [a, b] = [quad[k], quad[(k + 1) % 4]];
    const inside = along(a, b, d),
      outsideIt = along(a, b, -d);
    if (!inside || !outsideIt) continue;
    if (gap(inside, outsideIt) < MIN_CUT_STEP_RGB) return false;
    insides.push(inside);
  }
  return insides.length >= 3 && insides.every((c) => insides.every((o) => gap(c, o) <= MAX_BORDER_DIFFERENCE_RGB));
}

/** Whether the card's visible part (inside its border band, in frame) holds print: strong edges on enough of it. */
function printInside(mag: Float32Array, threshold: number, img: RgbImage, [c0, c1, c2, c3]: Point[]): boolean {
  const steps = 24;
  let strong = 0,
    seen = 0;
  for (let i = 0; i < steps; i++)
    for (let j = 0; j < steps; j++) {
      // From 10 % to 90 % each way (clear of the border band), bilinear in the four corners.
      const s = 0.1 + (0.8 * (i + 0.5)) / steps,
        t = 0.1 + (0.8 * (j + 0.5)) / steps;
      const x = Math.round((1 - s) * (1 - t) * c0.x + s * (1 - t) * c1.x + s * t * c2.x + (1 - s) * t * c3.x),
        y = Math.round((1 - s) * (1 - t) * c0.y + s * (1 - t) * c1.y + s * t * c2.y + (1 - s) * t * c3.y);
      if (!inFrame(img, { x, y })) continue;
      seen++;
      if (mag[y * img.width + x] > threshold) strong++;
    }
  return seen >= 0.3 * steps * steps && strong >= MIN_PRINT_SHARE * seen;
}

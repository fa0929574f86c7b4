/**
 * Another card partly in view beside the one traced: a collector's photo of one card on a playmat or a
 * desk often catches the neighbouring cards at the frame's edge. The detector sees one whole card and
 * grades it; the rule is that a photo of several cards is refused `several_cards`, so the one
 * graded is never a guess about which card was meant.
 *
 * A card cut by the frame has no card-shaped outline, but its visible corner is distinctive: two straight
 * cut edges meeting at a right angle (perspective bends it by at most ~20°), each as long as a good part
 * of the traced card's side and no longer than its long side (the same scale: they lie on the same
 * table), with print inside the corner; one of the two may be a stub running into the frame (the frame
 * cuts that side short) or into another card's edge (the card over it in a fanned hand or a pile hides
 * the rest). Paper, a desk or a box also make straight right-angled corners, but their sides
 * run longer than a card's, or nothing is printed inside them. Everything near the traced card is left
 * out: a sleeve's, toploader's or slab's rim is the card's holder, not another card.
 *
 * Runs on the working copy (480 px long side), with straight-edges.ts's line-support regions.
 */
import type { Face } from '@contract/grading-report';
import type { DecodedPhoto } from './decoded-photo';
import { frameEdgesCrossed, intersect, nearQuad, type Point, quadSides, scalePoints, whereInFrame } from './geometry';
import { EngineRefusal } from './refusal';
import { segmentLine, straightEdges, strongEdges, type Segment } from './straight-edges';
import { sampleRgb, type RgbImage } from './image';
import type { Quad } from './detect';

/** Around the traced card, this share of its width is its own (a sleeve or toploader's rim, a slab's case). */
const HOLDER_MARGIN = 0.2;
/** A corner's arms: at least this share of the traced card's width, at most this share of its length. */
const MIN_ARM = 0.35;
const MAX_ARM = 1.1;
/**
 * An arm that runs into the frame (the neighbour cut there) or stops at the edge of a card lying over it
 * (a fanned hand, a pile) may be as short as this share of the card's width: a neighbour whose corner
 * alone shows in the frame's corner (a playmat photo's, out of focus) showed a stub of 0.13.
 */
const MIN_CUT_ARM = 0.12;
/** An arm's end this close to the frame's edge (working-copy px) runs into it. */
const FRAME_PX = 3;
/** The arms' near ends may stop short of their crossing by this share of the card's width (a rounded corner, blur). */
const MAX_CORNER_GAP = 0.15;
/** Arms meet at 90° give or take this much (a card tilted toward the camera). */
const MAX_SKEW_DEG = 22;
/** Each arm steps from the corner's inside to its outside by at least this (RGB distance)… */
const MIN_CUT_STEP_RGB = 30;
/** …and the two arms' insides are one colour (the card's border) within this. */
const MAX_BORDER_DIFFERENCE_RGB = 60;
/** Share of edge pixels inside the corner's square (print) above which the corner is a card's, not paper's. */
const MIN_PRINT_SHARE = 0.04;

/**
 * Refuses `several_cards` when another card's corner shows beside the card at `corners` (full-photo
 * pixels; working-copy ones with `cornersScale` 1).
 */
export function refuseAnotherCardInView({ small, scale }: DecodedPhoto, corners: Quad, face: Face | undefined, cornersScale = scale): void {
  const other = anotherCardCorner(small, scalePoints(corners, cornersScale));
  if (other)
    throw new EngineRefusal(
      'several_cards',
      face,
      `another card is partly in view toward the ${whereInFrame(other.corner, small.width, small.height)} of the photo`,
    );
}

/** A card's corner: where its two arms cross, and the directions they run away from there (unit). */
export type OtherCard = { corner: Point; arms: [Segment, Segment]; away: [Point, Point] };

/**
 * The corner of another card in the working copy `img`, beside the card traced at `card` (its corners
 * in working-copy pixels), or null when no other card shows.
 */
export function anotherCardCorner(img: RgbImage, card: Quad): OtherCard | null {
  const sides = quadSides(card);
  const cardWidth = Math.min(sides[0].len + sides[2].len, sides[1].len + sides[3].len) / 2;
  const cardLength = Math.max(sides[0].len + sides[2].len, sides[1].len + sides[3].len) / 2;
  const margin = HOLDER_MARGIN * cardWidth;
  const nearCard = (p: Point) => nearQuad(sides, p, margin);
  for (const found of cardCorners(img, { cardWidth, cardLength }, nearCard)) return found;
  return null;
}

/**
 * Every corner of a card about `cardWidth` × `cardLength` (working-copy pixels) in `img`, away from the
 * points `nearCard` excludes (the traced card's own): two cut edges meeting at about a right angle, with
 * print inside (see the header). `edges`: strongEdges of `img`, when the caller has them already (left
 * as they are: the excluded points are cleared in a copy).
 */
export function* cardCorners(
  img: RgbImage,
  { cardWidth, cardLength }: { cardWidth: number; cardLength: number },
  nearCard: (p: Point) => boolean = () => false,
  edges: ReturnType<typeof strongEdges> = strongEdges(img),
): Generator<OtherCard> {
  const { width: w, height: h } = img;
  const { mag, angle, threshold } = edges;
  const edge = Uint8Array.from(edges.edge);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (edge[y * w + x] && nearCard({ x, y })) edge[y * w + x] = 0;
  const minArm = MIN_ARM * cardWidth,
    maxArm = MAX_ARM * cardLength;
  // A neighbour the frame cuts may show only a stub of one side: short, but ending at the frame.
  const atFrame = (p: Point) => frameEdgesCrossed([p], w - 1, h - 1, FRAME_PX).length > 0;
  const pieces = straightEdges(edge, mag, angle, w, h, MIN_CUT_ARM * cardWidth, { ridges: true }).filter((s) => s.len <= maxArm);
  // In a fanned hand or a pile, a card's side shows only down to the edge of the card lying over it.
  const long = pieces.filter((s) => s.len >= minArm);
  const stoppedAt = (p: Point, own: Segment) => long.some((o) => o !== own && crossesAt(o, own, p));
  const arms = pieces.filter((s) => s.len >= minArm || atFrame(s.a) || atFrame(s.b) || stoppedAt(s.a, s) || stoppedAt(s.b, s));
  const maxGap = MAX_CORNER_GAP * cardWidth;
  const minCos = Math.cos(((90 - MAX_SKEW_DEG) * Math.PI) / 180);
  for (let i = 0; i < arms.length; i++)
    for (let j = i + 1; j < arms.length; j++) {
      const p = arms[i],
        q = arms[j];
      if (Math.abs(p.u.x * q.u.x + p.u.y * q.u.y) > minCos || Math.max(p.len, q.len) < minArm) continue;
      const x = intersect(segmentLine(p), segmentLine(q));
      if (!Number.isFinite(x.x) || x.x < 0 || x.y < 0 || x.x >= w || x.y >= h || nearCard(x)) continue;
      // Each arm runs away from the crossing, its near end within the gap of it.
      const away = [p, q].map((s) => {
        const da = Math.hypot(s.a.x - x.x, s.a.y - x.y),
          db = Math.hypot(s.b.x - x.x, s.b.y - x.y);
        if (Math.min(da, db) > maxGap) return null;
        const far = da < db ? s.b : s.a;
        const len = Math.hypot(far.x - x.x, far.y - x.y);
        return { x: (far.x - x.x) / len, y: (far.y - x.y) / len, reach: len };
      });
      if (!away[0] || !away[1]) continue;
      // A short arm runs into the frame, or its far end stops at another card's edge over it (its near
      // end meets its partner, which says nothing).
      const stopped = [p, q].every((s, k) => {
        if (s.len >= minArm || atFrame(s.a) || atFrame(s.b)) return true;
        const far = away[k]!.x * (s.b.x - s.a.x) + away[k]!.y * (s.b.y - s.a.y) > 0 ? s.b : s.a;
        return stoppedAt(far, s);
      });
      if (!stopped) continue;
      const reach = [away[0].reach, away[1].reach] as const;
      if (cardCornerAt(img, mag, threshold, x, away[0], away[1], cardWidth, nearCard, reach))
        yield { corner: x, arms: [p, q], away: [away[0], away[1]] };
    }
}

/** An edge over a side stops it when it runs across it at this angle or more… */
const MIN_STOP_ANGLE_DEG = 40;
/** …and passes within this many working-copy pixels of the side's end. */
const STOP_PX = 2;

/** Whether the edge `over` stops segment `own` at its end `p`: it runs across `own` through `p`. */
function crossesAt(over: Segment, own: Segment, p: Point): boolean {
  if (Math.abs(over.u.x * own.u.x + over.u.y * own.u.y) > Math.cos((MIN_STOP_ANGLE_DEG * Math.PI) / 180)) return false;
  const along = (p.x - over.a.x) * over.u.x + (p.y - over.a.y) * over.u.y;
  if (along < -STOP_PX || along > over.len + STOP_PX) return false;
  return Math.abs((p.x - over.a.x) * -over.u.y + (p.y - over.a.y) * over.u.x) <= STOP_PX;
}

/**
 * Whether a corner at `corner` whose arms run along `u` and `v` is a card's: both arms cut edges round one
 * border colour, and print inside it (`mag`, `threshold`: strongEdges of `img`). `excluded` points (the
 * traced card's own) are not read as print; `reach` is how far each arm is seen from the corner (both
 * are read within it). cut-card.ts asks it of a card the frame cuts.
 */
export function cardCornerAt(
  img: RgbImage,
  mag: Float32Array,
  threshold: number,
  corner: Point,
  u: Point,
  v: Point,
  cardWidth: number,
  excluded: (p: Point) => boolean = () => false,
  reach: readonly [number, number] = [Infinity, Infinity],
): boolean {
  return cutEdges(img, corner, u, v, cardWidth, reach) && printInside(mag, threshold, img, corner, u, v, cardWidth, excluded, reach);
}

/**
 * Whether the square inside the corner (from its border band to half the card's width along each arm)
 * holds print: strong edges on enough of its pixels in frame. Paper, a desk and a box's side do not.
 */
function printInside(
  mag: Float32Array,
  threshold: number,
  { width: w, height: h }: RgbImage,
  corner: Point,
  u: Point,
  v: Point,
  cardWidth: number,
  ofTracedCard: (p: Point) => boolean,
  reach: readonly [number, number],
): boolean {
  const [alongU, alongV] = reach.map((r) => span(0.1 * cardWidth, 0.5 * cardWidth, r));
  const steps = 24;
  let inFrame = 0,
    strong = 0;
  for (let i = 0; i < steps; i++)
    for (let j = 0; j < steps; j++) {
      const a = alongU.from + ((alongU.to - alongU.from) * (i + 0.5)) / steps,
        b = alongV.from + ((alongV.to - alongV.from) * (j + 0.5)) / steps;
      const x = Math.round(corner.x + a * u.x + b * v.x),
        y = Math.round(corner.y + a * u.y + b * v.y);
      if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1 || ofTracedCard({ x, y })) continue;
      inFrame++;
      if (mag[y * w + x] > threshold) strong++;
    }
  return inFrame >= 0.3 * steps * steps && strong >= MIN_PRINT_SHARE * inFrame;
}

/**
 * Whether both arms of a corner at `corner` (running along `u` and `v`) are the cut edges of one card:
 * each a step from one colour inside the corner to another outside, with the same colour inside both
 * (the card's border). A ruled line on paper is a thin line, paper on both sides; the edge of a shadow
 * meeting it has no border colour in common with it.
 */
function cutEdges(img: RgbImage, corner: Point, u: Point, v: Point, cardWidth: number, reach: readonly [number, number]): boolean {
  const d = Math.max(1.5, 0.025 * cardWidth);
  const buf = [0, 0, 0];
  const mean = (along: Point, alongReach: number, across: Point, offset: number) => {
    const sum = [0, 0, 0];
    const { from, to } = span(0.15 * cardWidth, 0.35 * cardWidth, alongReach);
    for (let i = 0; i < 8; i++) {
      const t = from + ((to - from) * i) / 7;
      sampleRgb(img, corner.x + along.x * t + across.x * offset, corner.y + along.y * t + across.y * offset, buf);
      for (let c = 0; c < 3; c++) sum[c] += buf[c] / 8;
    }
    return sum;
  };
  const gap = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  // Along arm u the corner's inside lies toward v, and the other way round.
  const insideU = mean(u, reach[0], v, d),
    outsideU = mean(u, reach[0], v, -d);
  const insideV = mean(v, reach[1], u, d),
    outsideV = mean(v, reach[1], u, -d);
  return (
    gap(insideU, outsideU) >= MIN_CUT_STEP_RGB &&
    gap(insideV, outsideV) >= MIN_CUT_STEP_RGB &&
    gap(insideU, insideV) <= MAX_BORDER_DIFFERENCE_RGB
  );
}

/**
 * Where along an arm to look, from `from` to `to` from the corner: within the `reach` of the arm seen,
 * the span kept in the same proportions. An arm the frame cuts short (a neighbour whose corner alone is
 * in view) has no border or print beyond it: read there, the frame's own edge pixels decided.
 */
function span(from: number, to: number, reach: number): { from: number; to: number } {
  const scale = Math.min(1, (0.9 * reach) / to);
  return { from: from * scale, to: to * scale };
}

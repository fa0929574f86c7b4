/**
 * Card-shaped quads made of four straight edges: two pairs of parallel sides, square to each other
 * (within what perspective bends), in a card's proportions, each side drawn along most of its length by
 * strong edges and no piece running on past the corners. In clutter (cards in boxes, on a playmat) the
 * cards' outlines run into each other and into the scene's lines, so no card is a blob of its own colour
 * or a closed outline clear of the frame; their straight cut edges still stand out. Used to tell a photo
 * of several cards from one where no card was found or the region found ran off the frame: two such
 * quads apart, of one size, are two cards.
 */
import { orderQuad, type Quad } from './detect';
import { intersect, type Point } from './geometry';
import type { RgbImage } from './image';
import { lineAngleDiff, segmentLine, straightEdges, strongEdges, type Segment } from './straight-edges';

/** Shortest side piece considered, as a share of the photo's long side (a 500 px card in a 4000 px photo is 0.125 long). */
const MIN_PIECE_SHARE = 0.05;
/** Straight edges compared, longest first (a cluttered photo has hundreds of short ones). */
const MAX_PIECES = 80;
/** Opposite sides are parallel within this (perspective of a card tilted up to ~25°)… */
const MAX_PARALLEL_DEG = 12;
/** …and adjacent ones square within this. */
const MAX_SKEW_DEG = 20;
/** A side piece may run past its corner by this share of the side (blur, the rounded corner's start). */
const OVERRUN_SHARE = 0.1;
/** Share of each side, away from the corners, that strong edges along it must cover. */
const MIN_SIDE_SUPPORT = 0.7;
/** Short over long side of the quad in the photo: a card's 0.72 within what perspective does. */
const ASPECT = [0.55, 0.9] as const;

type Found = { quad: Quad; support: number; area: number };

const cos = (deg: number) => Math.cos((deg * Math.PI) / 180);

/** Cards of one photo lie at one distance from the camera: quads whose areas differ more than this are not two cards. */
const MAX_AREA_RATIO = 2;

/**
 * The card-shaped quads of four straight edges that do not overlap (their boxes are apart) and have
 * about the best drawn one's size, the best drawn first: two or more are several cards; one is a card
 * whose neighbours, if any, may show only in part.
 */
export function cardOutlinesApart(img: RgbImage): Quad[] {
  // One analysis asks for it up to three times (a proposal, the toploader check, the several-cards
  // check after a refusal); the working copy is never changed once made, so its answer is kept with it.
  let found = outlinesFound.get(img);
  if (!found) outlinesFound.set(img, (found = findOutlinesApart(img)));
  return [...found];
}

const outlinesFound = new WeakMap<RgbImage, Quad[]>();

function findOutlinesApart(img: RgbImage): Quad[] {
  const box = (q: Quad) => ({
    x0: Math.min(...q.map((p) => p.x)),
    x1: Math.max(...q.map((p) => p.x)),
    y0: Math.min(...q.map((p) => p.y)),
    y1: Math.max(...q.map((p) => p.y)),
  });
  const apart: (Found & { box: ReturnType<typeof box> })[] = [];
  // Sharp sides first; only when none make a card, sides out of focus too (straightEdges' ridges): a
  // blurred band beside a sharp side would otherwise mix a sleeve's sides with its card's.
  const edges = strongEdges(img);
  const sharp = cardQuads(img, edges);
  for (const f of sharp.length ? sharp : cardQuads(img, edges, { ridges: true })) {
    const b = box(f.quad);
    if (apart.every((k) => b.x0 > k.box.x1 || b.x1 < k.box.x0 || b.y0 > k.box.y1 || b.y1 < k.box.y0)) apart.push({ ...f, box: b });
  }
  const first = apart[0];
  return apart.filter((f) => f.area * MAX_AREA_RATIO >= first.area && f.area <= MAX_AREA_RATIO * first.area).map((f) => f.quad);
}

/** Every card-shaped quad of four straight edges in the working copy (its `strongEdges`), best drawn first, then largest. */
function cardQuads(img: RgbImage, { mag, angle, edge }: ReturnType<typeof strongEdges>, { ridges = false } = {}): Found[] {
  const { width: w, height: h } = img;
  const minPiece = MIN_PIECE_SHARE * Math.max(w, h);
  const pieces = straightEdges(edge, mag, angle, w, h, minPiece, { ridges })
    .sort((p, q) => q.len - p.len)
    .slice(0, MAX_PIECES);
  // Pairs of parallel pieces apart by at least a piece's length: candidate opposite sides.
  const pairs: { p: Segment; q: Segment; u: Point }[] = [];
  for (let i = 0; i < pieces.length; i++)
    for (let j = i + 1; j < pieces.length; j++) {
      const p = pieces[i],
        q = pieces[j];
      if (Math.abs(p.u.x * q.u.x + p.u.y * q.u.y) < cos(MAX_PARALLEL_DEG)) continue;
      const l = segmentLine(p);
      const apart = Math.abs(l.a * (q.a.x + q.b.x) * 0.5 + l.b * (q.a.y + q.b.y) * 0.5 - l.c);
      if (apart >= minPiece) pairs.push({ p, q, u: p.u });
    }
  const found: Found[] = [];
  for (let i = 0; i < pairs.length; i++)
    for (let j = i + 1; j < pairs.length; j++) {
      const A = pairs[i],
        B = pairs[j];
      if (Math.abs(A.u.x * B.u.x + A.u.y * B.u.y) > cos(90 - MAX_SKEW_DEG)) continue;
      const sides = [A.p, B.p, A.q, B.q];
      const corners = [0, 1, 2, 3].map((k) => intersect(segmentLine(sides[k]), segmentLine(sides[(k + 1) % 4])));
      if (corners.some((c) => !Number.isFinite(c.x) || c.x < 1.5 || c.y < 1.5 || c.x > w - 1.5 || c.y > h - 1.5)) continue;
      const quad = orderQuad(corners, img);
      const len = (k: number) => Math.hypot(quad[(k + 1) % 4].x - quad[k].x, quad[(k + 1) % 4].y - quad[k].y);
      const across = len(0) + len(2),
        along = len(1) + len(3);
      const aspect = Math.min(across, along) / Math.max(across, along);
      if (aspect < ASPECT[0] || aspect > ASPECT[1]) continue;
      // Each piece lies on its own side, between that side's corners (sides[k] runs from corner k-1 to k).
      if (!sides.every((s, k) => withinSide(s, corners[(k + 3) % 4], corners[k]))) continue;
      const support = Math.min(...[0, 1, 2, 3].map((k) => sideSupport(edge, angle, w, quad[k], quad[(k + 1) % 4])));
      if (support < MIN_SIDE_SUPPORT) continue;
      if (found.some((f) => f.quad.every((c, k) => Math.hypot(c.x - quad[k].x, c.y - quad[k].y) < 4))) continue;
      found.push({ quad, support, area: (across * along) / 4 });
    }
  // Best drawn first; among equally well drawn, the larger (a card's art window is drawn as well as its edge).
  return found.sort((p, q) => Math.round(q.support * 10) - Math.round(p.support * 10) || q.area - p.area);
}

/** Whether segment `s` lies between corners `a` and `b` of its side, overrunning them by little. */
function withinSide(s: Segment, a: Point, b: Point): boolean {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / len,
    uy = (b.y - a.y) / len;
  const t = (p: Point) => ((p.x - a.x) * ux + (p.y - a.y) * uy) / len;
  const ta = t(s.a),
    tb = t(s.b);
  return Math.min(ta, tb) >= -OVERRUN_SHARE && Math.max(ta, tb) <= 1 + OVERRUN_SHARE;
}

/**
 * Share of 40 points along a side, from 10 % to 90 % of it (clear of the rounded corners), with a strong
 * edge pixel across the side within 1.5 px whose gradient runs across the side.
 */
function sideSupport(edge: Uint8Array, angle: Float32Array, w: number, a: Point, b: Point): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / len,
    uy = (b.y - a.y) / len;
  const normal = Math.atan2(ux, -uy);
  const h = edge.length / w;
  let hits = 0;
  const N = 40;
  for (let i = 0; i < N; i++) {
    const t = len * (0.1 + (0.8 * (i + 0.5)) / N);
    const cx = a.x + ux * t,
      cy = a.y + uy * t;
    for (const d of [0, -1, 1, -1.5, 1.5]) {
      const x = Math.round(cx - uy * d),
        y = Math.round(cy + ux * d);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const k = y * w + x;
      if (edge[k] && lineAngleDiff(angle[k], normal) < Math.PI / 8) {
        hits++;
        break;
      }
    }
  }
  return hits / N;
}

/**
 * Cards laid out apart on a table or a binder page, each too small to be the one card of the photo:
 * the colour pass looks for one region of at least 8 % of the frame and, when there is none, finds no
 * card. Yet the photo is plainly of several cards (a deck spread in rows for a picture, a page of a
 * binder), and saying so tells the collector what to change. Each region of the same background mask
 * is asked to be a solid, convex, card-proportioned rectangle, and to have the size of the others: a
 * playmat's art or a tablecloth's pattern makes blobs, rarely three rectangles of one size apart.
 */
import { convexHull, fillHoles, foregroundMask, labelComponents, minAreaRect } from './detect';
import { polygonArea, type Point } from './geometry';
import type { RgbImage } from './image';

/** Regions this many, each card-shaped and of one size, are several cards. */
const MIN_CARDS_LAID_OUT = 3;
/** A region's long side at least this share of the frame's long side: smaller ones are print and grain. */
const MIN_LONG_SIDE_SHARE = 0.06;
/** Short over long side of the region's tightest rectangle: a card's 0.72 within what a tilt does. */
const ASPECT = [0.58, 0.86] as const;
/**
 * The region fills at least this share of its convex hull (a card is solid; its print may match the
 * table in places), and the hull at least this share of its tightest rectangle (a card's corners are
 * only slightly rounded at this scale).
 */
const MIN_SOLIDITY = 0.8;
const MIN_RECTANGULARITY = 0.88;
/** Regions of one photo's cards differ in area by at most this factor from their median. */
const MAX_AREA_FACTOR = 1.6;

/** The centres of the card-shaped regions of one size apart in the working copy `img`, when there are at least MIN_CARDS_LAID_OUT; else none. */
export function cardsLaidOut(img: RgbImage): Point[] {
  const { width: w, height: h } = img;
  const { label, components, stack } = labelComponents(foregroundMask(img), w, h);
  const minLong = MIN_LONG_SIDE_SHARE * Math.max(w, h);
  const cards: { centre: Point; area: number }[] = [];
  for (const c of components) {
    if (Math.max(c.x1 - c.x0, c.y1 - c.y0) + 1 < minLong) continue;
    if (c.x0 <= 0 || c.y0 <= 0 || c.x1 >= w - 1 || c.y1 >= h - 1) continue;
    const boundary: Point[] = [];
    for (let y = c.y0; y <= c.y1; y++)
      for (let x = c.x0; x <= c.x1; x++) {
        const i = y * w + x;
        if (label[i] !== c.label) continue;
        if (label[i - 1] !== c.label || label[i + 1] !== c.label || label[i - w] !== c.label || label[i + w] !== c.label)
          boundary.push({ x: x + 0.5, y: y + 0.5 });
      }
    const hull = convexHull(boundary);
    const hullArea = polygonArea(hull);
    const rect = minAreaRect(hull).corners;
    const sideA = Math.hypot(rect[1].x - rect[0].x, rect[1].y - rect[0].y),
      sideB = Math.hypot(rect[2].x - rect[1].x, rect[2].y - rect[1].y);
    const aspect = Math.min(sideA, sideB) / Math.max(sideA, sideB);
    if (Math.max(sideA, sideB) < minLong || aspect < ASPECT[0] || aspect > ASPECT[1]) continue;
    const area = filledArea(label, w, c, stack);
    if (area < MIN_SOLIDITY * hullArea || hullArea < MIN_RECTANGULARITY * sideA * sideB) continue;
    cards.push({ centre: { x: (c.x0 + c.x1) / 2, y: (c.y0 + c.y1) / 2 }, area });
  }
  if (cards.length < MIN_CARDS_LAID_OUT) return [];
  const median = [...cards].sort((a, b) => a.area - b.area)[cards.length >> 1].area;
  const alike = cards.filter((c) => c.area <= MAX_AREA_FACTOR * median && c.area * MAX_AREA_FACTOR >= median);
  return alike.length >= MIN_CARDS_LAID_OUT ? alike.map((c) => c.centre) : [];
}

/**
 * The component's area with its holes filled (print as pale as the table inside a card's border),
 * within its own box and a pixel of outside all round, as the edge pass fills its outlines.
 */
function filledArea(
  label: Int32Array,
  w: number,
  c: { label: number; x0: number; y0: number; x1: number; y1: number },
  stack: number[],
): number {
  const bw = c.x1 - c.x0 + 3,
    bh = c.y1 - c.y0 + 3;
  const component = new Uint8Array(bw * bh);
  for (let y = c.y0; y <= c.y1; y++)
    for (let x = c.x0; x <= c.x1; x++) if (label[y * w + x] === c.label) component[(y - c.y0 + 1) * bw + x - c.x0 + 1] = 1;
  return fillHoles(component, bw, bh, stack).area;
}

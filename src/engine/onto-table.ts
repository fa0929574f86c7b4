/**
 * The card's outline where the detector's quad lies inside it on some sides. A full-art or holo card's
 * print runs to its cut edge: where its margin is light on white paper, or the art dark on a dark
 * desk, the colour pass takes that stretch of card for table, and the quad follows a printed frame
 * line, or runs askew through the art (a card nearly filling the frame on a grained desk, the desk's
 * grain taken for card). The refiner then reads the print's own steps and the trace is ragged.
 *
 * What stays true is that outside the card lies the table: walking inward along each side's normal
 * from well outside it, the first place where the colour leaves the table's, and stays off it, is the
 * cut edge. The table's colour is read at each walk's outer end, so a table shaded across the photo is
 * still table, and only where the colour pass counted it as background (a card the frame cuts shows its
 * own print there); a departure must last (MIN_DEPARTURE_MM) so a ruled line on paper or a desk's grain
 * is walked over; a clear sleeve's film over the table is table-coloured too, so the walk passes it to
 * the card inside. The points of each side are fitted with a line most of them agree on. The result is
 * only a proposal: traceDetected keeps it only when it traces with the card's rounded corners and no
 * square one, so a walk that stopped on a sleeve's rim or on print is never graded.
 */
import { foregroundMask, orderQuad, type Quad } from './detect';
import { fitLineConsensus, intersect, quadPxPerMm, quadSides, type Point } from './geometry';
import { sampleRgb, type RgbImage } from './image';

/** Positions walked along each side, between 10 % and 90 % of it (clear of the rounded corners). */
const POSITIONS = 48;
/** Spacing of a walk's samples (working-copy px). */
const STEP = 0.5;
/** How far inside the quad a walk ends (card mm): a quad askew through the art lies up to this far in. */
const INSIDE_MM = 9;
/** How far beyond the quad a walk starts at most (card mm), when the frame is further. */
const OUTSIDE_MM = 14;
/** The table's colour is the mean of the walk's outermost stretch this long (card mm). */
const TABLE_MM = 1;
/** A departure from the table's colour counts when it lasts this long (card mm) … */
const MIN_DEPARTURE_MM = 1.5;
/** … with at least this share of its samples off the table's colour. */
const DEPARTED_SHARE = 0.8;
/** Off the table's colour: further than this RGB distance, and than this many times the table's own scatter. */
const MIN_DEPARTURE_RGB = 24;
const TABLE_SCATTER_TIMES = 4;
/** Share of the table's stretch the colour pass may have counted as standing out from the background. */
const MAX_FOREGROUND_SHARE = 0.5;
/** Share of a side's positions that one straight line must hold. */
const MIN_SIDE_SHARE = 0.6;

/**
 * The quad (working-copy pixels, the engine's corner order) whose sides are where the table begins
 * outside each side of `quad`, or null when a side shows no straight one.
 */
export function outlineOntoTable(img: RgbImage, quad: Quad): Quad | null {
  const lines = tableEdges(img, quad).map(({ points }) => {
    if (points.length < MIN_SIDE_SHARE * POSITIONS) return null;
    const fit = fitLineConsensus(points, Math.max(1, 0.2 * quadPxPerMm(quad)));
    return fit.share * points.length >= MIN_SIDE_SHARE * POSITIONS ? fit.line : null;
  });
  if (lines.some((l) => !l)) return null;
  const corners = [0, 1, 2, 3].map((i) => intersect(lines[(i + 3) % 4]!, lines[i]!));
  if (corners.some((c) => !Number.isFinite(c.x) || c.x < 1 || c.y < 1 || c.x > img.width - 2 || c.y > img.height - 2)) return null;
  return orderQuad(corners, img);
}

/** How far beyond a side (card mm) the table must begin for a band of card to lie outside it: a border's width, past the edge's blur. */
const MIN_BAND_MM = 1;

/**
 * Per side of `quad` (working-copy pixels): whether a band of card lies beyond it, the table beginning
 * MIN_BAND_MM or more further out along most of the side (null: the walks did not agree, or found no
 * table). A traced outline with such a band on two sides is print inside a card (its border round it).
 */
export function bandBeyondSides(img: RgbImage, quad: Quad): (boolean | null)[] {
  const band = MIN_BAND_MM * quadPxPerMm(quad);
  return tableEdges(img, quad).map(({ offsets }) => {
    if (offsets.length < MIN_SIDE_SHARE * POSITIONS) return null;
    return offsets.filter((o) => o >= band).length >= MIN_SIDE_SHARE * POSITIONS;
  });
}

/** Per side of `quad`, the walks' edge points (POSITIONS of them at most) and their offsets beyond the side. */
function tableEdges(img: RgbImage, quad: Quad): { points: Point[]; offsets: number[] }[] {
  const pxPerMm = quadPxPerMm(quad);
  if (!(pxPerMm > 0)) return quad.map(() => ({ points: [], offsets: [] }));
  const mask = foregroundMask(img);
  return quadSides(quad).map(({ a, u, n, len }) => {
    const points: Point[] = [];
    const offsets: number[] = [];
    for (let i = 0; i < POSITIONS; i++) {
      const along = len * (0.1 + (0.8 * (i + 0.5)) / POSITIONS);
      const p = { x: a.x + u.x * along, y: a.y + u.y * along };
      const edge = walkInFromTable(img, mask, p, n, pxPerMm);
      if (edge === null) continue;
      points.push({ x: p.x + n.x * edge, y: p.y + n.y * edge });
      offsets.push(edge);
    }
    return { points, offsets };
  });
}

/**
 * Offset along `n` from `p` (working-copy px, positive outward) where the card ends, walking in from the
 * table's side: the outer end of the first lasting departure from the table's colour. Null when the
 * walk has no room outside for the table, its outer end is not the photo's background (`mask`, the
 * colour pass's: a card the frame cuts has its own print there), or it never leaves the table.
 */
function walkInFromTable(img: RgbImage, mask: Uint8Array, p: Point, n: Point, pxPerMm: number): number | null {
  // Outward only to a pixel inside the frame.
  const room = Math.min(
    n.x > 0 ? (img.width - 2 - p.x) / n.x : n.x < 0 ? (p.x - 1) / -n.x : Infinity,
    n.y > 0 ? (img.height - 2 - p.y) / n.y : n.y < 0 ? (p.y - 1) / -n.y : Infinity,
  );
  const outer = Math.min(room, OUTSIDE_MM * pxPerMm);
  const tableLen = Math.max(2, TABLE_MM * pxPerMm);
  if (outer < tableLen + 1) return null;
  const inner = -INSIDE_MM * pxPerMm;
  const count = Math.floor((outer - inner) / STEP) + 1;
  // colours[k]: the sample at offset outer - k·STEP (k = 0 is the walk's outer end).
  const colours = new Float32Array(count * 3);
  const buf = [0, 0, 0];
  for (let k = 0; k < count; k++) {
    const s = outer - k * STEP;
    sampleRgb(img, p.x + n.x * s, p.y + n.y * s, buf);
    colours.set(buf, k * 3);
  }
  const tableCount = Math.round(tableLen / STEP);
  let foreground = 0;
  for (let k = 0; k < tableCount; k++) {
    const s = outer - k * STEP;
    foreground += mask[Math.round(p.y + n.y * s) * img.width + Math.round(p.x + n.x * s)];
  }
  if (foreground > MAX_FOREGROUND_SHARE * tableCount) return null;
  const table = [0, 0, 0];
  for (let k = 0; k < tableCount; k++) for (let c = 0; c < 3; c++) table[c] += colours[k * 3 + c] / tableCount;
  const distance = (k: number) => Math.hypot(colours[k * 3] - table[0], colours[k * 3 + 1] - table[1], colours[k * 3 + 2] - table[2]);
  let scatter = 0;
  for (let k = 0; k < tableCount; k++) scatter += distance(k) / tableCount;
  const limit = Math.max(MIN_DEPARTURE_RGB, TABLE_SCATTER_TIMES * scatter);
  const run = Math.max(2, Math.round((MIN_DEPARTURE_MM * pxPerMm) / STEP));
  const off = Uint8Array.from({ length: count }, (_, k) => (distance(k) > limit ? 1 : 0));
  // Departed samples in the window starting at k, kept as a running count.
  let inWindow = 0;
  for (let k = tableCount; k < Math.min(count, tableCount + run); k++) inWindow += off[k];
  for (let k = tableCount; k + run <= count; k++) {
    if (off[k] && inWindow >= DEPARTED_SHARE * run) return outer - (k - 0.5) * STEP;
    inWindow += (k + run < count ? off[k + run] : 0) - off[k];
  }
  return null;
}

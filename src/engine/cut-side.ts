/**
 * A card the frame cuts through one side can still trace as a whole card: the refiner finds a straight
 * line printed inside it (a black border's inner edge, the bottom of a text box) in place of the side the
 * frame took away, and the trace is clean with the two far corners rounded. Three things together tell
 * it from a whole card whose two corners on one side read poorly: neither corner on that side is rounded,
 * the frame lies close outside that side, and what lies just outside it is not the table seen beyond the
 * opposite side but more card (its border running on to the frame).
 */
import { sampleMm, type CardView } from './card-view';
import { applyHomography, CARD_HEIGHT_MM, CARD_WIDTH_MM, frameEdgesCrossed, type FrameEdge } from './geometry';

/** How far outside the side (card mm) the frame must lie for the side to be suspect: a border and a strip of print. */
const FRAME_REACH_MM = 15;
/** Outside strip sampled from this far to this far beyond a side (card mm): clear of the edge's blur. */
const STRIP_MM = [1, 2.5] as const;
/** Colour distance (RGB) from the table beyond the opposite side above which the strip is something else. */
const NOT_TABLE_RGB = 60;

/** Card-mm point at `t` (0–1) along side `s` (0 top, 1 right, 2 bottom, 3 left), `d` mm outside it. */
function outside(s: number, t: number, d: number): { x: number; y: number } {
  if (s === 0) return { x: t * CARD_WIDTH_MM, y: -d };
  if (s === 1) return { x: CARD_WIDTH_MM + d, y: t * CARD_HEIGHT_MM };
  if (s === 2) return { x: (1 - t) * CARD_WIDTH_MM, y: CARD_HEIGHT_MM + d };
  return { x: -d, y: (1 - t) * CARD_HEIGHT_MM };
}

/** Median colour of the strip just outside side `s`, along its middle three fifths. */
function stripColour(view: CardView, s: number): number[] {
  const buf = [0, 0, 0];
  const samples: number[][] = [[], [], []];
  for (let t = 0.2; t <= 0.8; t += 0.02)
    for (let d = STRIP_MM[0]; d <= STRIP_MM[1]; d += 0.5) {
      const p = outside(s, t, d);
      sampleMm(view, p.x, p.y, buf);
      for (let c = 0; c < 3; c++) samples[c].push(buf[c]);
    }
  return samples.map((v) => v.sort((a, b) => a - b)[v.length >> 1]);
}

/** The frame edge within FRAME_REACH_MM straight out of side `s`'s middle, or null. */
function frameOutside(view: CardView, s: number): FrameEdge | null {
  const { width: w, height: h } = view.img;
  for (let d = 0; d <= FRAME_REACH_MM; d += 0.25) {
    const m = outside(s, 0.5, d);
    const [edge] = frameEdgesCrossed([applyHomography(view.toPhoto, m.x, m.y)], w - 1, h - 1);
    if (edge) return edge;
  }
  return null;
}

/**
 * The frame edge that cuts the traced card, when the trace looks like a cut card's (see above); null
 * otherwise. `roundAt`: whether each corner (quad order: top-left, top-right, bottom-right, bottom-left)
 * was read as a card's rounded cut.
 */
export function frameCutsTracedSide(view: CardView, roundAt: readonly boolean[]): FrameEdge | null {
  const beside = frameBesideUnroundedSide(view, roundAt);
  if (!beside) return null;
  const { s, edge } = beside;
  const strip = stripColour(view, s),
    table = stripColour(view, (s + 2) % 4);
  return Math.hypot(strip[0] - table[0], strip[1] - table[1], strip[2] - table[2]) > NOT_TABLE_RGB ? edge : null;
}

/**
 * The side whose two corners are not rounded while the other two are (side s runs from corner s to
 * corner s + 1), with the frame edge close outside it; null otherwise. What a card the frame cuts
 * through that side traces as.
 */
export function frameBesideUnroundedSide(view: CardView, roundAt: readonly boolean[]): { s: number; edge: FrameEdge } | null {
  if (roundAt.filter(Boolean).length !== 2) return null;
  const s = [0, 1, 2, 3].find((k) => !roundAt[k] && !roundAt[(k + 1) % 4]);
  if (s === undefined) return null;
  const edge = frameOutside(view, s);
  return edge ? { s, edge } : null;
}

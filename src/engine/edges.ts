/** The four edges of one face: whitening wear along the cut and chips (short, dense runs of it). */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';
import { sampleMm, type CardView } from './card-view';
import { localBorderColor, whitenessScale } from './whiteness';
import { underGlare } from './exposure';

export const EDGE_NAMES = ['Top', 'Bottom', 'Left', 'Right'] as const;
export type EdgeName = (typeof EDGE_NAMES)[number];
export type EdgeChip = { atMm: number; lengthMm: number };
export type EdgeMeasure = {
  edge: EdgeName;
  /** Whitened share of the edge band, percent. */
  wearPercent: number;
  chips: EdgeChip[];
  score: number;
  measurable: boolean;
};

const END_SKIP_MM = 5;
const BIN_MM = 0.5;

/** Maps (along, depth) in mm to card coordinates for an edge. */
export function edgePoint(edge: EdgeName, along: number, depth: number) {
  switch (edge) {
    case 'Top':
      return { x: along, y: depth };
    case 'Bottom':
      return { x: along, y: CARD_HEIGHT_MM - depth };
    case 'Left':
      return { x: depth, y: along };
    case 'Right':
      return { x: CARD_WIDTH_MM - depth, y: along };
  }
}
export const edgeLength = (edge: EdgeName) => (edge === 'Top' || edge === 'Bottom' ? CARD_WIDTH_MM : CARD_HEIGHT_MM);

export function measureEdge(view: CardView, edge: EdgeName): EdgeMeasure {
  const len = edgeLength(edge);
  const a = edgePoint(edge, len * 0.3, 0.5),
    b = edgePoint(edge, len * 0.7, 1.2);
  const border = localBorderColor(view, Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y));
  const whiteness = whitenessScale(border, view.gain);
  if (!whiteness) return { edge, wearPercent: 0, chips: [], score: 10, measurable: false };
  const buf = [0, 0, 0];
  const bins: number[] = [];
  let total = 0,
    white = 0;
  for (let s = END_SKIP_MM; s < len - END_SKIP_MM; s += BIN_MM) {
    let binWhite = 0,
      binTotal = 0;
    for (let along = s; along < s + BIN_MM; along += 0.06)
      for (let depth = 0.18; depth <= 0.75; depth += 0.05) {
        const p = edgePoint(edge, along, depth);
        if (underGlare(view.glare, p.x, p.y)) continue; // not measured under glare
        sampleMm(view, p.x, p.y, buf);
        binTotal++;
        if (whiteness(buf) > 0.5) binWhite++;
      }
    bins.push(binTotal ? binWhite / binTotal : 0);
    total += binTotal;
    white += binWhite;
  }
  // A chip: consecutive bins where at least 15% of the band is whitened.
  const chips: EdgeChip[] = [];
  for (let i = 0; i < bins.length; i++) {
    if (bins[i] < 0.15) continue;
    let j = i;
    while (j + 1 < bins.length && bins[j + 1] >= 0.1) j++;
    chips.push({ atMm: Math.round((END_SKIP_MM + ((i + j + 1) / 2) * BIN_MM) * 10) / 10, lengthMm: (j - i + 1) * BIN_MM });
    i = j;
  }
  if (!total) return { edge, wearPercent: 0, chips: [], score: 10, measurable: false };
  const wear = (100 * white) / total;
  const score = Math.max(1, Math.min(10, 10 - Math.max(0, wear - 0.3) * 0.8 - chips.reduce((s, c) => s + 0.35 + c.lengthMm * 0.15, 0)));
  return { edge, wearPercent: Math.round(wear * 100) / 100, chips, score: Math.round(score * 10) / 10, measurable: true };
}

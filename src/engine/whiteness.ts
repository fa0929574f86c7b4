/**
 * Whitening is paper showing through worn print: pixels much closer to white than the local
 * border colour. Shared by the corner and edge checks.
 */
import { median } from './geometry';
import { lumaOf } from './image';
import { sampleMm, type CardView } from './card-view';

export type Rgb = [number, number, number];

/** Median border colour over a rectangle of card millimetres (sampled on a 0.15 mm grid). */
export function localBorderColor(view: CardView, x0: number, y0: number, x1: number, y1: number): Rgb {
  const buf = [0, 0, 0];
  const r: number[] = [],
    g: number[] = [],
    b: number[] = [];
  for (let y = y0; y <= y1; y += 0.15)
    for (let x = x0; x <= x1; x += 0.15) {
      sampleMm(view, x, y, buf);
      r.push(buf[0]);
      g.push(buf[1]);
      b.push(buf[2]);
    }
  return [median(r), median(g), median(b)];
}

/**
 * A scorer for "is this sample whitened?": the sample's brightness between the border's (0) and
 * paper white's (1). Brightness, not colour: JPEG keeps luma at full resolution but halves chroma,
 * so a white speck on a yellow border survives compression as a bright, yellowish speck.
 * Returns null when border and white are too alike in brightness to tell apart.
 * `gain` (exposure.ts) puts a dim photo back on the full-light scale, so paper white is judged
 * relative to the card's own white, not to absolute brightness.
 */
export function whitenessScale(border: Rgb, gain = 1): ((rgb: number[]) => number) | null {
  const luma = (c: ArrayLike<number>) => lumaOf(c) / gain;
  const base = luma(border);
  // Paper white sits about 45 levels above the brightest border channel (or at the ceiling).
  const white = Math.min(255, Math.max(...border) / gain + 45);
  const span = white - base;
  if (span < 28) return null;
  return (rgb) => (luma(rgb) - base) / span;
}

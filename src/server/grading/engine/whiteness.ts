/**
 * Whitening is paper showing through worn print: pixels much closer to white than the local
 * border colour. Shared by the corner and edge checks.
 */
import { median } from './geometry';
import { sampleMm, type CardView } from './card-view';

export type Rgb = [number, number, number];

/** Median border colour over a rectangle of card millimetres (sampled on a 0.15 mm grid). */
export function localBorderColor(view: CardView, x0: number, y0: number, x1: number, y1: number): Rgb {
  const buf = [0, 0, 0];
  const r: number[] = [], g: number[] = [], b: number[] = [];
  for (let y = y0; y <= y1; y += 0.15)
    for (let x = x0; x <= x1; x += 0.15) {
      sampleMm(view, x, y, buf);
      r.push(buf[0]!); g.push(buf[1]!); b.push(buf[2]!);
    }
  return [median(r), median(g), median(b)];
}

/**
 * A scorer for "is this sample whitened?": the sample's position between the border colour (0)
 * and paper white (1). Returns null when border and white are too alike to tell apart.
 */
export function whitenessScale(border: Rgb): ((rgb: number[]) => number) | null {
  const level = Math.min(255, Math.max(...border) * 1.03 + 12);
  const white = [level, level, level];
  const d = [white[0]! - border[0], white[1]! - border[1], white[2]! - border[2]];
  const dd = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
  if (dd < 45 ** 2) return null;
  return (rgb) => ((rgb[0]! - border[0]) * d[0]! + (rgb[1]! - border[1]) * d[1]! + (rgb[2]! - border[2]) * d[2]!) / dd;
}

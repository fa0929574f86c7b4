/** How the benches match the engine's scratch findings to the scratches drawn on a generated card. */
import type { Defect } from '../../src/card-fixtures/synthetic/card';

export type Scratch = Extract<Defect, { kind: 'scratch' }>;

/** A finding matches a drawn scratch when its midpoint lies within this of the scratch (mm). */
export const SCRATCH_MATCH_MM = 1.5;

/** Distance (card mm) from a point to a drawn scratch's segment. */
export function distanceToScratch(xMm: number, yMm: number, s: Scratch): number {
  const vx = s.x1 - s.x0,
    vy = s.y1 - s.y0,
    L = vx * vx + vy * vy;
  const t = Math.max(0, Math.min(1, ((xMm - s.x0) * vx + (yMm - s.y0) * vy) / L));
  return Math.hypot(xMm - (s.x0 + t * vx), yMm - (s.y0 + t * vy));
}

/** Whether a finding (its midpoint) is the drawn scratch `s`. */
export const matchesScratch = (finding: { xMm: number; yMm: number }, s: Scratch) =>
  distanceToScratch(finding.xMm, finding.yMm, s) < SCRATCH_MATCH_MM;

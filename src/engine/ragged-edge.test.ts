import { describe, expect, it } from 'vitest';
import { greyTable, paint, rectangle } from '../card-fixtures/drawn-scenes';
import type { Quad } from './detect';
import { refineEdges } from './refine';
import { maxEdgeResidualPx, traceCard } from './trace';

/** 8 px per card millimetre: a 63 × 88 mm card, its rounded corners 3 mm, on white paper. */
const PX = 8;
const mid = { x: 330, y: 440 };
const card = rectangle(mid, 63 * PX, 88 * PX, 0);

/** A repeatable pseudo-random value in [-1, 1] for an integer. */
const noise = (k: number) => {
  const s = Math.sin(k * 12.9898) * 43758.5453;
  return 2 * (s - Math.floor(s)) - 1;
};

/**
 * The card's edge as a holo border draws it: the half-way point of the border/paper step wanders up to
 * `jitterPx` either way from one pixel to the next along the side (the foil's rainbow), round a straight
 * cut edge.
 */
function holoBorderCard(jitterPx: number) {
  const img = greyTable(660, 880);
  img.data.fill(236);
  paint(
    img,
    mid,
    0,
    (u, v) => {
      const [x, y] = [Math.abs(u) / PX - 31.5, Math.abs(v) / PX - 44]; // mm outside the card's sides (≤ 0 inside)
      const r = 3;
      if (x > -r && y > -r && Math.hypot(x + r, y + r) > r) return [236, 236, 236];
      // The step's wander: along a long side it changes with v, along a short side with u.
      const wander = (jitterPx / PX) * (x > y ? noise(Math.round(v)) : noise(Math.round(u) + 1000));
      if (Math.max(x, y) > wander) return [236, 236, 236];
      if (Math.max(x, y) > -3) return [150, 150, 158];
      return [205, 190, 160];
    },
    64 * PX,
    89 * PX,
  );
  return { full: img, small: img, scale: 1, scan: false, offsetPx: 0 };
}

const worstCornerPx = (a: Quad, b: Quad) => Math.max(...a.map((p, i) => Math.hypot(p.x - b[i].x, p.y - b[i].y)));

describe('a card whose edge the trace reads ragged', () => {
  it('is traced again with its profiles averaged along each side, and graded at its cut edge', () => {
    const photo = holoBorderCard(2.6);
    // Read point by point, the edge is too ragged to trust…
    const plain = refineEdges(photo.full, card);
    expect(Math.max(...plain.residualPx)).toBeGreaterThan(maxEdgeResidualPx(PX));
    // …averaged along the sides, the same straight edge stands.
    const t = traceCard(photo, card, 'front');
    expect(t.faintOutline).toBe(true);
    expect(worstCornerPx(t.refined.corners, card)).toBeLessThan(0.3 * PX);
  });

  it('is traced point by point when its edge is clean', () => {
    const t = traceCard(holoBorderCard(0), card, 'front');
    expect(t.faintOutline).toBe(false);
    expect(worstCornerPx(t.refined.corners, card)).toBeLessThan(0.2 * PX);
  });
});

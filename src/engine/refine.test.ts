import { describe, expect, it } from 'vitest';
import { distanceToLine, fitBowedEdge, offLineInOneStretch } from './geometry';
import type { RgbImage } from './image';
import { refineEdges } from './refine';
import type { Quad } from './detect';

/** The axis-aligned card from (x0, y0) to (x1, y1), corners clockwise from top-left. */
const box = (x0: number, y0: number, x1: number, y1: number): Quad => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/**
 * A black card (630 × 880 px: 10 px/mm) on white paper; `band(y)` is the width of a grey shadow band
 * just outside its left edge at row y (0: none), as a card lifted at one end throws it.
 */
function cardOnPaper(
  band: (y: number) => number,
  bow: (y: number) => number = () => 0,
  /** Glare: how far (px) in from the left edge the card is washed out to the paper's white at row y. */
  glare: (y: number) => number = () => 0,
): { img: RgbImage; card: Quad } {
  const width = 900,
    height = 1100,
    x0 = 130,
    y0 = 110,
    x1 = x0 + 630,
    y1 = y0 + 880;
  const data = new Uint8ClampedArray(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = x >= x0 - bow(y) + glare(y) && x < x1 && y >= y0 && y < y1;
      const shadow = !inside && y >= y0 && y < y1 && x < x0 && x >= x0 - band(y);
      data.fill(inside ? 18 : shadow ? 62 : 196, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return { img: { width, height, data, channels: 3 }, card: box(x0, y0, x1, y1) };
}

describe('refineEdges', () => {
  it("traces a lifted card's left edge behind the hard shadow it throws, not along the shadow's bowed outer side", () => {
    // The shadow is 12 px (1.2 mm) wide at the top, narrowing along a curve to 5 px at the bottom.
    const { img, card } = cardOnPaper((y) => 5 + Math.round(7 * (1 - (y - 110) / 880) ** 2));
    const coarse = card.map((p, i) => ({ x: p.x + (i === 0 || i === 3 ? -12 : 4), y: p.y + 3 })) as Quad;
    const refined = refineEdges(img, coarse);
    // The left line (side 3, from the bottom-left to the top-left corner) runs along x = 130.
    for (const y of [150, 550, 950]) expect(Math.abs(distanceToLine(refined.lines[3], { x: 129.5, y }))).toBeLessThan(1);
    expect(refined.support[3]).toBeGreaterThanOrEqual(0.8);
  });

  it("reads a curled card's left edge, a smooth 1 mm arc, as its cut edge along the whole side", () => {
    // No straight line lies within a pixel of most of the side; a parabola does, and print never would.
    const { img, card } = cardOnPaper(
      () => 0,
      (y) => Math.round(10 * (1 - ((y - 550) / 440) ** 2)),
    );
    const refined = refineEdges(img, card.map((p) => ({ x: p.x + 3, y: p.y - 2 })) as Quad);
    expect(refined.support[3]).toBeGreaterThanOrEqual(0.8);
    expect(refined.residualPx[3]).toBeLessThan(1.5);
    // The straight line through the arc lies between its chord (x = 130) and its crown (x = 120).
    const x = -(refined.lines[3].b * 550 - refined.lines[3].c) / refined.lines[3].a;
    expect(x).toBeGreaterThan(120);
    expect(x).toBeLessThan(130);
  });

  it('finds no arc in a ragged run of points (print traced instead of the edge)', () => {
    // Points scattered 0–6 px about a line in a fixed, irregular order: no parabola holds most of them.
    const points = Array.from({ length: 120 }, (_, i) => ({ x: 100 + ((i * 37) % 13) / 2, y: 100 + 7 * i }));
    const bowed = fitBowedEdge(points, 1);
    expect(bowed.share).toBeLessThan(0.8);
    // A smooth arc through the same span is held whole, its sagitta measured.
    const arc = Array.from({ length: 120 }, (_, i) => ({ x: 100 + 8 * (1 - ((i - 59.5) / 59.5) ** 2), y: 100 + 7 * i }));
    const fit = fitBowedEdge(arc, 1);
    expect(fit.share).toBe(1);
    expect(fit.depth).toBeCloseTo(8, 0);
  });

  it('reads an edge washed out by glare along one end of the side from the rest of it', () => {
    // The bottom 35 % of the left edge reads 6 px inward (glare over the border); the other 65 % is the edge.
    const { img, card } = cardOnPaper(
      () => 0,
      () => 0,
      (y) => (y > 110 + 0.65 * 880 ? 6 : 0),
    );
    const refined = refineEdges(img, card.map((p) => ({ x: p.x + 3, y: p.y - 2 })) as Quad);
    for (const y of [150, 550, 950]) expect(Math.abs(distanceToLine(refined.lines[3], { x: 129.5, y }))).toBeLessThan(1);
    expect(refined.residualPx[3]).toBeLessThan(1.5);
    expect(refined.support[3]).toBeLessThan(0.8);
  });

  it('takes points off the line as hidden only when they form one stretch of the side', () => {
    const line = { a: 1, b: 0, c: 100 }; // x = 100
    const side = (off: (i: number) => boolean) => Array.from({ length: 100 }, (_, i) => ({ x: off(i) ? 106 : 100, y: 7 * i }));
    expect(
      offLineInOneStretch(
        side((i) => i >= 62),
        line,
        3,
        0.42,
      ),
    ).toBe(true);
    expect(
      offLineInOneStretch(
        side((i) => i >= 30 && i < 60),
        line,
        3,
        0.42,
      ),
    ).toBe(true);
    // As much of the side off the line in three places (print or a shadow traced), or in one stretch too long.
    expect(
      offLineInOneStretch(
        side((i) => i % 33 < 12),
        line,
        3,
        0.42,
      ),
    ).toBe(false);
    expect(
      offLineInOneStretch(
        side((i) => i >= 50),
        line,
        3,
        0.42,
      ),
    ).toBe(false);
  });

  it('reads an edge the table hides in several stretches when all that strays lies inside it', () => {
    // A white margin on white paper: where the border vanishes, the profiles find print 6 px inside, in
    // three stretches making up 36 % of the side. Beyond the cut edge lies only the table.
    const inStretches = (y: number) => ((y - 110) % 293) / 293 < 0.36;
    const hidden = cardOnPaper(
      () => 0,
      () => 0,
      (y) => (inStretches(y) ? 6 : 0),
    );
    const refined = refineEdges(hidden.img, hidden.card.map((p) => ({ x: p.x + 3, y: p.y - 2 })) as Quad);
    for (const y of [150, 550, 950]) expect(Math.abs(distanceToLine(refined.lines[3], { x: 129.5, y }))).toBeLessThan(1);
    expect(refined.residualPx[3]).toBeLessThan(1.5);
    expect(refined.heldInward?.map((spread) => spread !== null)).toEqual([false, false, false, true]);
    // The same stretches standing 6 px outside the line (something dark against the edge): no edge to trust.
    const outward = cardOnPaper(
      () => 0,
      (y) => (inStretches(y) ? 6 : 0),
    );
    const ragged = refineEdges(outward.img, outward.card.map((p) => ({ x: p.x + 3, y: p.y - 2 })) as Quad);
    expect(ragged.residualPx[3]).toBeGreaterThan(1.5);
    expect(ragged.heldInward?.[3]).toBeNull();
  });

  it('keeps a plain edge where it is: no band, no shift', () => {
    const { img, card } = cardOnPaper(() => 0);
    const refined = refineEdges(img, card.map((p) => ({ x: p.x + 5, y: p.y - 4 })) as Quad);
    for (const y of [150, 550, 950]) expect(Math.abs(distanceToLine(refined.lines[3], { x: 129.5, y }))).toBeLessThan(0.5);
    expect(refined.support).toEqual([1, 1, 1, 1]);
  });

  describe('edge sharpness', () => {
    /** A black card on white paper whose grey level at `d` px outside its cut edge is `outside(d)`. */
    function cardWithSurround(outside: (d: number) => number): { img: RgbImage; card: Quad } {
      const width = 900,
        height = 1100,
        [x0, y0, x1, y1] = [130, 110, 760, 990];
      const data = new Uint8ClampedArray(width * height * 3);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const d = Math.max(x0 - x, x - x1, y0 - y, y - y1);
          data.fill(Math.round(outside(d)), (y * width + x) * 3, (y * width + x) * 3 + 3);
        }
      return { img: { width, height, data, channels: 3 }, card: box(x0, y0, x1, y1) };
    }
    const clamp = (v: number) => Math.min(1, Math.max(0, v));

    it('reads a sharp cut edge as sharp though a sleeve film drapes from it to the paper in a long ramp', () => {
      // 18 on the card, a step to 90 at the edge, then 20 px of film lightening to the paper's 196.
      const { img, card } = cardWithSurround((d) => (d <= 0 ? 18 : 90 + 106 * clamp((d - 1) / 20)));
      expect(refineEdges(img, card).edgeWidthPx).toBeLessThan(2);
    });

    it('reads a blurred edge as blurred: the whole rise spreads over 6 px', () => {
      const { img, card } = cardWithSurround((d) => 18 + 178 * clamp((d + 3) / 6));
      expect(refineEdges(img, card).edgeWidthPx).toBeGreaterThan(4.5);
    });
  });
});

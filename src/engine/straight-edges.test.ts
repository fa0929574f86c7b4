import { describe, expect, it } from 'vitest';
import { blur, greyTable, paint } from '../card-fixtures/drawn-scenes';
import type { RgbImage } from './image';
import { straightEdges, strongEdges, type Segment } from './straight-edges';

/** The straight edges of `img` at least `minLength` px long. */
function edgesOf(img: RgbImage, minLength: number): Segment[] {
  const { mag, angle, edge } = strongEdges(img);
  return straightEdges(edge, mag, angle, img.width, img.height, minLength, { ridges: true });
}

/**
 * A light table with a piece of card on it, 60 × 80 px and turned by 0.08 rad: its print (mid grey) above
 * a dark border band 5 px wide along its bottom, so that the bottom shows two parallel edges 5 px apart,
 * as a card's cut edge and its border's inner edge do in the working copy.
 */
function pieceOfCard() {
  const img = greyTable(480, 360);
  paint(img, { x: 240, y: 180 }, 0, () => [225, 225, 220], 480, 360);
  paint(img, { x: 240, y: 160 }, 0.08, (u, v) => (v > 35 ? [25, 25, 25] : [120, 100, 90]), 60, 80);
  return img;
}

/** Whether a segment at least `len` px long runs along the piece's bottom (turned 0.08 rad, near y = 200). */
const alongBottom = (found: Segment[], len: number) =>
  found.some((s) => s.len >= len && Math.abs(s.u.y / s.u.x - Math.tan(0.08)) < 0.03 && Math.abs((s.a.y + s.b.y) / 2 - 200) < 5);

describe('straight edges', () => {
  it('finds the sharp bottom edge as one segment along it', () => {
    expect(alongBottom(edgesOf(pieceOfCard(), 30), 50)).toBe(true);
  });

  it('finds it out of focus too: its two edges blurred into one band 10 px wide, thinned to its ridges', () => {
    const img = pieceOfCard();
    blur(img, { x0: 0, y0: 0, x1: 480, y1: 360 }, 4);
    expect(alongBottom(edgesOf(img, 30), 45)).toBe(true);
  });

  it('finds no straight edge inside texture: a patch of noise, thinned, stays scattered', () => {
    const img = greyTable(480, 360);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 255;
    paint(img, { x: 240, y: 180 }, 0, () => [random(), random(), random()], 200, 200);
    blur(img, { x0: 130, y0: 70, x1: 350, y1: 290 }, 1, 1);
    const inside = (p: { x: number; y: number }) => p.x > 150 && p.x < 330 && p.y > 90 && p.y < 270;
    expect(edgesOf(img, 30).filter((s) => inside(s.a) && inside(s.b))).toEqual([]);
  });
});

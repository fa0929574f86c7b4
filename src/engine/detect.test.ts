import { describe, expect, it } from 'vitest';
import { detectCard } from './detect';
import type { RgbImage } from './image';

type Rgb = [number, number, number];

/** A working-copy-sized photo: `table` everywhere, then each rectangle painted in order. */
function paint(w: number, h: number, table: Rgb, rects: { x0: number; y0: number; x1: number; y1: number; color: Rgb }[]): RgbImage {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const hit = rects.findLast((r) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1);
      data.set(hit?.color ?? table, (y * w + x) * 3);
    }
  return { width: w, height: h, data, channels: 3 };
}

describe('detectCard', () => {
  it("outlines the card's white border, not the art window, when the print inside matches the table", () => {
    // Purple table, white-bordered card (150×210) whose print is the table's own colour, with a
    // landscape art window (card-like in shape once turned) larger in pixels than the thin border ring.
    const table: Rgb = [95, 70, 110];
    const img = paint(360, 480, table, [
      { x0: 100, y0: 130, x1: 250, y1: 340, color: [240, 238, 232] },
      { x0: 106, y0: 136, x1: 244, y1: 334, color: table },
      { x0: 110, y0: 150, x1: 240, y1: 245, color: [90, 200, 90] },
    ]);
    const { quad } = detectCard(img);
    const xs = quad.map((p) => p.x),
      ys = quad.map((p) => p.y);
    expect(Math.min(...xs)).toBeCloseTo(100, -1);
    expect(Math.max(...xs)).toBeCloseTo(250, -1);
    expect(Math.min(...ys)).toBeCloseTo(130, -1);
    expect(Math.max(...ys)).toBeCloseTo(340, -1);
  });

  it("keeps the table's grain out of the outline where it touches the card", () => {
    // Grey table whose darker grain (3 px lines) runs into the card's left side from the frame.
    const table: Rgb = [200, 200, 196];
    const grain: Rgb = [150, 140, 120];
    const img = paint(360, 480, table, [
      ...[150, 175, 200, 225, 250].map((y) => ({ x0: 0, y0: y, x1: 100, y1: y + 3, color: grain })),
      { x0: 100, y0: 130, x1: 250, y1: 340, color: [235, 200, 40] },
      { x0: 108, y0: 138, x1: 242, y1: 332, color: [120, 120, 130] },
    ]);
    const { quad } = detectCard(img);
    const xs = quad.map((p) => p.x);
    expect(Math.min(...xs)).toBeCloseTo(100, -1);
    expect(Math.max(...xs)).toBeCloseTo(250, -1);
  });
});

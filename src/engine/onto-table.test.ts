import { describe, expect, it } from 'vitest';
import { paint, rectangle } from '../card-fixtures/drawn-scenes';
import { dist } from './geometry';
import type { Quad } from './detect';
import type { RgbImage } from './image';
import { bandBeyondSides, outlineOntoTable } from './onto-table';

/** Repeatable noise in [-1, 1) (a holo foil's sparkle, a desk's grain). */
function noise(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/** A working-copy-sized table, 360 × 480 px, each pixel `colour(x, y)`. */
function table(colour: (x: number, y: number) => number[]): RgbImage {
  const img: RgbImage = { width: 360, height: 480, channels: 3, data: new Uint8ClampedArray(360 * 480 * 3) };
  for (let y = 0; y < 480; y++) for (let x = 0; x < 360; x++) img.data.set(colour(x, y), (y * 360 + x) * 3);
  return img;
}

const CARD_W = 250,
  CARD_H = (250 * 88) / 63;
const worstCorner = (found: Quad, truth: Quad) => Math.max(...found.map((p, i) => dist(p, truth[i])));

describe('the outline where the table begins outside the detector’s quad', () => {
  it('finds a full-art card’s light margin on ruled white paper, where the quad followed the print frame inside it', () => {
    const rnd = noise(7);
    // White paper ruled every 30 px, the ruled lines parallel to the card's top and bottom.
    const img = table((_, y) => (y % 30 < 2 ? [200, 205, 225] : [240, 240, 238]));
    const c = { x: 180, y: 240 },
      angle = 0.02;
    // Light holo margin 10 px wide (sparkling), a red frame line, then the art.
    paint(
      img,
      c,
      angle,
      (u, v) => {
        const inset = Math.min(CARD_W / 2 - Math.abs(u), CARD_H / 2 - Math.abs(v));
        if (inset < 10) return [195 + 25 * rnd(), 212 + 20 * rnd(), 215 + 15 * rnd()];
        if (inset < 12) return [200, 20, 30];
        return [90 + 40 * rnd(), 120, 160];
      },
      CARD_W,
      CARD_H,
    );
    const truth = rectangle(c, CARD_W, CARD_H, angle);
    // The colour pass took the margin on the right and at the bottom for paper: its quad runs along the red line there.
    const quad = rectangle({ x: c.x - 5, y: c.y - 5 }, CARD_W - 10, CARD_H - 10, angle);
    const found = outlineOntoTable(img, quad);
    expect(found).not.toBeNull();
    expect(worstCorner(found!, truth)).toBeLessThan(1.5);
  });

  it('finds a card nearly filling the frame on a grained dark desk, from a quad askew through its art', () => {
    const rnd = noise(11);
    const img = table(() => {
      const g = 25 * rnd();
      return [55 + g, 64 + g, 60 + g];
    });
    const c = { x: 180, y: 236 },
      w = 320,
      h = (320 * 88) / 63;
    // Dark art as dark as the desk runs to the card's edge along the top of its left side.
    paint(img, c, 0, (u, v) => (u < -120 && v < -100 ? [60, 50, 70] : [230, 110, 180]), w, h);
    const truth = rectangle(c, w, h, 0);
    // Askew: two corners 25 px inside the card, as the desk's grain and the card's dark art pulled the mask.
    const quad: Quad = [{ x: truth[0].x + 25, y: truth[0].y + 25 }, truth[1], { x: truth[2].x - 10, y: truth[2].y - 25 }, truth[3]];
    const found = outlineOntoTable(img, quad);
    expect(found).not.toBeNull();
    expect(worstCorner(found!, truth)).toBeLessThan(1.5);
  });

  it('finds nothing where no table shows beyond a side (the card runs to the frame)', () => {
    const img = table(() => [240, 240, 238]);
    const c = { x: 180, y: 240 };
    paint(img, c, 0, () => [90, 120, 160], 360, 300);
    expect(outlineOntoTable(img, rectangle(c, 340, 290, 0))).toBeNull();
  });

  it('sees the border beyond a printed panel traced inside a card the frame cuts, and none beyond a whole card', () => {
    const img = table(() => [235, 235, 232]);
    // A black-bordered card running off the top of the frame, its light panel 12 px inside the border.
    const c = { x: 180, y: 170 };
    paint(
      img,
      c,
      0,
      (u, v) => (Math.abs(u) < CARD_W / 2 - 12 && Math.abs(v) < CARD_H / 2 - 12 ? [200, 215, 230] : [25, 25, 28]),
      CARD_W,
      CARD_H,
    );
    const panel = rectangle(c, CARD_W - 24, CARD_H - 24, 0);
    // Top: the frame; right, bottom and left: the border, then the table.
    expect(bandBeyondSides(img, panel).slice(1)).toEqual([true, true, true]);
    expect(bandBeyondSides(img, rectangle(c, CARD_W, CARD_H, 0)).slice(1)).toEqual([false, false, false]);
  });
});

/**
 * A card cut across by the frame, found from its straight cut edges when nothing card-sized stands out
 * (cut-card.ts), on drawn working copies: the card, a whole card, and a doorway-like shape with no
 * border or print.
 */
import { describe, expect, it } from 'vitest';
import { cardCutByFrame } from './cut-card';
import type { RgbImage } from './image';

/**
 * A 360 × 480 working copy of a grey desk holding a card 200 px wide (a dark border 10 px wide, print
 * of stripes inside) turned `deg`, whose top lies `top` px from the frame's top and which runs
 * `length` px down (past the frame's foot when it does not fit). `print: false` leaves it one colour.
 */
function desk({ deg = 4, top = 120, length = 280, print = true } = {}): RgbImage {
  const width = 360,
    height = 480;
  const data = new Uint8ClampedArray(width * height * 3);
  const t = (deg * Math.PI) / 180;
  const colourAt = (x: number, y: number) => {
    // The point in the card's own frame: u across from its middle, v down from its top edge.
    const u = Math.cos(t) * (x - 180) + Math.sin(t) * (y - top),
      v = -Math.sin(t) * (x - 180) + Math.cos(t) * (y - top);
    if (Math.abs(u) > 100 || v < 0 || v > length) return [150, 150, 140];
    if (!print) return [40, 40, 45];
    if (Math.abs(u) > 90 || v < 10 || v > length - 10) return [30, 30, 35];
    return Math.floor(v / 12) % 2 ? [220, 200, 90] : [60, 120, 200];
  };
  // Each pixel the mean of 3 × 3 samples, as a camera blends an edge across the pixels it crosses.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0];
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) colourAt(x + (i - 1) / 3, y + (j - 1) / 3).forEach((c, k) => (sum[k] += c / 9));
      data.set(sum, (y * width + x) * 3);
    }
  return { width, height, data, channels: 3 };
}

describe('a card the frame cuts across', () => {
  it('is found running off the frame edge it meets', () => {
    expect(cardCutByFrame(desk({ top: 200, length: 400 }))).toBe('bottom');
  });

  it('is not found when the whole card is in frame', () => {
    expect(cardCutByFrame(desk({ top: 100, length: 280 }))).toBeNull();
  });

  it('is not found in a shape with no print inside it', () => {
    expect(cardCutByFrame(desk({ top: 200, length: 400, print: false }))).toBeNull();
  });
});

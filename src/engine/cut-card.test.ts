/**
 * A card cut across by the frame, found from its straight cut edges when nothing card-sized stands out
 * (cut-card.ts), on drawn working copies: the card, a whole card, and a doorway-like shape with no
 * border or print.
 */
import { describe, expect, it } from 'vitest';
import { greyTable, paint } from '../card-fixtures/drawn-scenes';
import { cardCutByFrame } from './cut-card';
import type { RgbImage } from './image';

/**
 * A 360 × 480 working copy of a grey desk holding a card 200 px wide (a dark border 10 px wide, print
 * of stripes inside) turned `deg`, whose top edge's middle lies at x = 180, `top` px from the frame's
 * top, and which runs `length` px down (past the frame's foot when it does not fit). `print: false`
 * leaves it one colour.
 */
function desk({ deg = 4, top = 120, length = 280, print = true } = {}): RgbImage {
  const img = greyTable(360, 480);
  const t = (deg * Math.PI) / 180;
  const centre = { x: 180 - (Math.sin(t) * length) / 2, y: top + (Math.cos(t) * length) / 2 };
  // u across from the card's middle, v down from its centre (so v + length / 2 from its top edge).
  paint(
    img,
    centre,
    t,
    (u, v) => {
      if (!print) return [40, 40, 45];
      if (Math.abs(u) > 90 || Math.abs(v) > length / 2 - 10) return [30, 30, 35];
      return Math.floor((v + length / 2) / 12) % 2 ? [220, 200, 90] : [60, 120, 200];
    },
    200,
    length,
  );
  return img;
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

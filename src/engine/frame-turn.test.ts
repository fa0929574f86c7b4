/**
 * The turn of a card in the frame, read from the lines beside each side (a frame cropped to the card
 * has them square to it) and from a traced outline's four sides.
 */
import { describe, expect, it } from 'vitest';
import { outlineTurnDeg, turnInFrameDeg } from './frame-turn';
import type { RgbImage } from './image';

/**
 * A 630 × 880 frame on a black lid holding a card with a grey border and a white face inside it,
 * turned `deg` clockwise about the frame's centre; `insetPx` of lid between frame and card.
 */
function cardInFrame(deg: number, insetPx: number): RgbImage {
  const width = 630,
    height = 880;
  const data = new Uint8ClampedArray(width * height * 3);
  const t = (deg * Math.PI) / 180;
  const [cx, cy] = [width / 2, height / 2];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // The point in the card's own upright frame.
      const u = Math.cos(t) * (x - cx) + Math.sin(t) * (y - cy),
        v = -Math.sin(t) * (x - cx) + Math.cos(t) * (y - cy);
      const [du, dv] = [width / 2 - insetPx - Math.abs(u), height / 2 - insetPx - Math.abs(v)];
      const value = du < 0 || dv < 0 ? 10 : du < 30 || dv < 30 ? 120 : 235;
      data.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return { width, height, data, channels: 3 };
}

describe('a card turned in the frame', () => {
  it('reads the print of a card cropped to its edge as square to the frame', () => {
    expect(Math.abs(turnInFrameDeg(cardInFrame(0, 0)) ?? 0)).toBeLessThan(0.05);
  });

  it.each([0.3, -0.6, 1])('reads a card lying turned %s° on a lid, to 0.05°', (deg) => {
    expect(Math.abs(turnInFrameDeg(cardInFrame(deg, 12))! - deg)).toBeLessThan(0.05);
  });

  it('reads a traced outline turned as a whole, and not a keystoned one', () => {
    const turned = (deg: number) => {
      const t = (deg * Math.PI) / 180;
      return [
        [-315, -440],
        [315, -440],
        [315, 440],
        [-315, 440],
      ].map(([x, y]) => ({ x: Math.cos(t) * x - Math.sin(t) * y, y: Math.sin(t) * x + Math.cos(t) * y }));
    };
    expect(outlineTurnDeg(turned(0.4))).toBeCloseTo(0.4, 5);
    expect(outlineTurnDeg(turned(-0.3))).toBeCloseTo(-0.3, 5);
    // Tilted away from the camera at the top: the sides lean in opposite ways, no turn.
    const keystone = [
      { x: -300, y: -440 },
      { x: 300, y: -440 },
      { x: 315, y: 440 },
      { x: -315, y: 440 },
    ];
    expect(outlineTurnDeg(keystone)).toBeNull();
  });
});

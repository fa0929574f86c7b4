/**
 * The turn of a card in the frame, read from the lines beside each side (a frame cropped to the card
 * has them square to it) and from a traced outline's four sides.
 */
import { describe, expect, it } from 'vitest';
import { greyTable, paint } from '../card-fixtures/drawn-scenes';
import { outlineTurnDeg, turnInFrameDeg } from './frame-turn';
import type { RgbImage } from './image';

/**
 * A 630 × 880 frame on a black lid holding a card with a grey border 30 px wide and a white face inside
 * it, turned `deg` clockwise about the frame's centre; `insetPx` of lid between frame and card.
 */
function cardInFrame(deg: number, insetPx: number): RgbImage {
  const [width, height] = [630, 880];
  const img = greyTable(width, height);
  img.data.fill(10);
  const [w, h] = [width - 2 * insetPx, height - 2 * insetPx];
  paint(
    img,
    { x: width / 2, y: height / 2 },
    (deg * Math.PI) / 180,
    (u, v) => (Math.abs(u) > w / 2 - 30 || Math.abs(v) > h / 2 - 30 ? [120, 120, 120] : [235, 235, 235]),
    w,
    h,
  );
  return img;
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

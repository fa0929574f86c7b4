import { describe, expect, it } from 'vitest';
import { bowsLikeArc, crestBowMm } from './line-bend';
import type { RgbImage } from './image';

const PX_PER_MM = 10;

/** A grey card face (40 × 30 mm) with a light line of 0.15 mm drawn along y = f(x), anti-aliased. */
function faceWithLine(f: (xMm: number) => number): RgbImage {
  const width = 40 * PX_PER_MM,
    height = 30 * PX_PER_MM;
  const data = new Uint8ClampedArray(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const xMm = (x + 0.5) / PX_PER_MM,
        yMm = (y + 0.5) / PX_PER_MM;
      const d = Math.abs(yMm - f(xMm));
      const light = Math.max(0, 1 - Math.max(0, d - 0.075) * PX_PER_MM);
      const v = 90 + 110 * light;
      data.set([v, v, v], (y * width + x) * 3);
    }
  return { width, height, data, channels: 3 };
}

const line = { from: { xMm: 12, yMm: 15 }, to: { xMm: 22, yMm: 15 } };

describe('bowsLikeArc', () => {
  it('keeps a straight light line a scratch', () => {
    const img = faceWithLine(() => 15);
    expect(crestBowMm(line, img, PX_PER_MM)).toBeLessThan(0.03);
    expect(bowsLikeArc(line, img, PX_PER_MM)).toBe(false);
  });

  it('keeps a slightly tilted straight line a scratch', () => {
    const img = faceWithLine((x) => 15 + 0.05 * (x - 17));
    const tilted = { from: { xMm: 12, yMm: 14.75 }, to: { xMm: 22, yMm: 15.25 } };
    expect(bowsLikeArc(tilted, img, PX_PER_MM)).toBe(false);
  });

  it('reads the flat stretch of a 30 mm circle as an arc of the print', () => {
    // The chord's sagitta over 10 mm on a 30 mm radius is 0.42 mm.
    const R = 30;
    const img = faceWithLine((x) => 15 - 0.21 + (R - Math.sqrt(R * R - (x - 17) ** 2)));
    const bow = crestBowMm(line, img, PX_PER_MM)!;
    expect(bow).toBeGreaterThan(0.3);
    expect(bow).toBeLessThan(0.5);
    expect(bowsLikeArc(line, img, PX_PER_MM)).toBe(true);
  });

  it('keeps a long gentle curve (200 mm radius) a scratch', () => {
    const R = 200;
    const img = faceWithLine((x) => 15 + (R - Math.sqrt(R * R - (x - 17) ** 2)));
    expect(bowsLikeArc(line, img, PX_PER_MM)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Quad } from './detect';
import type { Point } from './geometry';
import type { RgbImage } from './image';
import { anotherCardCorner } from './other-cards';

const W = 480,
  H = 360;

/** A grey table with the traced card (black border, printed lines inside) in the middle. */
function table(): RgbImage {
  const data = new Uint8ClampedArray(W * H * 3).fill(150);
  const img: RgbImage = { width: W, height: H, data, channels: 3 };
  card(img, { x: 240, y: 180 }, 0.1);
  return img;
}

/** The traced card's corners: 100 × 140 px, turned by 0.1 rad about (240, 180). */
const traced = rectangle({ x: 240, y: 180 }, 100, 140, 0.1);

function rectangle(c: Point, w: number, h: number, angle: number): Quad {
  const cos = Math.cos(angle),
    sin = Math.sin(angle);
  const at = (u: number, v: number) => ({ x: c.x + u * cos - v * sin, y: c.y + u * sin + v * cos });
  return [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)];
}

/** Paints a card's face: a black border 6 px wide round a light panel crossed by dark print lines every 7 px. */
function card(img: RgbImage, c: Point, angle: number, print = true) {
  paint(img, c, angle, (u, v) => {
    if (Math.abs(u) > 44 || Math.abs(v) > 64) return [20, 20, 20];
    if (!print) return [235, 235, 235];
    return printLine(v) ? [60, 40, 30] : [220, 200, 170];
  });
}

/** Print: a dark line 2 px wide every 7 px down the face. */
const printLine = (v: number) => ((Math.round(v) % 7) + 7) % 7 < 2;

/**
 * Paints `colour(u, v)` (the card's own axes) over 100 × 140 px round `c`, turned by `angle`, each pixel
 * the mean of 4 × 4 samples as a camera's downscaled photo is (a hard staircase edge is no photo's).
 */
function paint(img: RgbImage, c: Point, angle: number, colour: (u: number, v: number) => number[], w = 100, h = 140) {
  const cos = Math.cos(angle),
    sin = Math.sin(angle);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 3;
      const sum = [0, 0, 0];
      let inside = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const px = x - 0.375 + sx / 4,
            py = y - 0.375 + sy / 4;
          const u = (px - c.x) * cos + (py - c.y) * sin,
            v = -(px - c.x) * sin + (py - c.y) * cos;
          const rgb =
            Math.abs(u) > w / 2 || Math.abs(v) > h / 2 ? [img.data[i], img.data[i + 1], img.data[i + 2]] : (inside++, colour(u, v));
          for (let k = 0; k < 3; k++) sum[k] += rgb[k] / 16;
        }
      if (inside) img.data.set(sum, i);
    }
}

describe('another card partly in view', () => {
  it('finds none beside a card alone on a table', () => {
    expect(anotherCardCorner(table(), traced)).toBeNull();
  });

  it('finds the printed corner of a card that runs off the frame', () => {
    const img = table();
    card(img, { x: 450, y: 320 }, -0.3);
    const found = anotherCardCorner(img, traced);
    expect(found).not.toBeNull();
    expect(found!.corner.x).toBeGreaterThan(330);
    expect(found!.corner.y).toBeGreaterThan(220);
  });

  it('takes no sheet of paper for a card: its corner has nothing printed inside', () => {
    const img = table();
    // A blank sheet the card's size reaching in from the corner of the frame.
    paint(img, { x: 450, y: 320 }, -0.3, () => [245, 245, 245]);
    card(img, { x: 240, y: 180 }, 0.1);
    expect(anotherCardCorner(img, traced)).toBeNull();
  });

  it("leaves a holder's rim round the traced card alone: the print inside its corners is the card's own", () => {
    const img = table();
    // A sleeve's rim 8 px outside the card, seen only near its corners (glare hides the rest).
    paint(
      img,
      { x: 240, y: 180 },
      0.1,
      (u, v) => {
        const rim = Math.abs(u) > 54 || Math.abs(v) > 74;
        const nearCorner = Math.abs(u) > 10 && Math.abs(v) > 30;
        return rim && nearCorner ? [40, 40, 40] : [150, 150, 150];
      },
      116,
      156,
    );
    card(img, { x: 240, y: 180 }, 0.1);
    expect(anotherCardCorner(img, traced)).toBeNull();
  });

  it('takes no larger rectangle for a card: a book or box corner runs longer than a card side', () => {
    // The card lies on a book whose top-left corner is in view, its sides running off the frame, with
    // a printed title across its top.
    const img = table();
    paint(
      img,
      { x: 515, y: 515 },
      0,
      (u, v) => (u < -494 || v < -494 ? [20, 20, 20] : v < -440 && printLine(v) ? [60, 40, 30] : [220, 200, 170]),
      1000,
      1000,
    );
    card(img, { x: 240, y: 180 }, 0.1);
    expect(anotherCardCorner(img, traced)).toBeNull();
  });
});

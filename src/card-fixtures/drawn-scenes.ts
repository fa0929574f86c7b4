/**
 * Working-copy-sized scenes drawn for the engine's unit tests: a grey table, cards as turned rectangles
 * with a black border and printed lines, anything else as a turned rectangle of any colour. Pixels are
 * supersampled 4 × 4, as a camera photo scaled down is (a hard staircase edge is no photo's).
 */
import type { Point, Quad, RgbImage } from '../engine';

/** An empty grey table, `w` × `h` px. */
export function greyTable(w = 480, h = 360): RgbImage {
  return { width: w, height: h, data: new Uint8ClampedArray(w * h * 3).fill(150), channels: 3 };
}

/** The corners of a `w` × `h` rectangle turned by `angle` (radians) about `c`. */
export function rectangle(c: Point, w: number, h: number, angle: number): Quad {
  const cos = Math.cos(angle),
    sin = Math.sin(angle);
  const at = (u: number, v: number) => ({ x: c.x + u * cos - v * sin, y: c.y + u * sin + v * cos });
  return [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)];
}

/** Paints a 100 × 140 px card's face: a black border 6 px wide round a light panel crossed by dark print lines every 7 px (or blank). */
export function card(img: RgbImage, c: Point, angle: number, print = true) {
  paint(img, c, angle, (u, v) => {
    if (Math.abs(u) > 44 || Math.abs(v) > 64) return [20, 20, 20];
    if (!print) return [235, 235, 235];
    return printLine(v) ? [60, 40, 30] : [220, 200, 170];
  });
}

/** Print: a dark line 2 px wide every 7 px down the face. */
export const printLine = (v: number) => ((Math.round(v) % 7) + 7) % 7 < 2;

/**
 * Paints `colour(u, v)` (the card's own axes) over 100 × 140 px round `c`, turned by `angle`, each pixel
 * the mean of 4 × 4 samples as a camera's downscaled photo is (a hard staircase edge is no photo's).
 */
export function paint(img: RgbImage, c: Point, angle: number, colour: (u: number, v: number) => number[], w = 100, h = 140) {
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

/**
 * Blurs the box [x0, x1) × [y0, y1) of `img` as a lens out of focus does: `passes` box blurs of
 * `radius` px across, then down (three passes are near a Gaussian).
 */
export function blur(img: RgbImage, box: { x0: number; y0: number; x1: number; y1: number }, radius: number, passes = 3) {
  const { width: w, height: h, data } = img;
  for (let pass = 0; pass < passes; pass++)
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
    ]) {
      const src = Uint8ClampedArray.from(data);
      for (let y = box.y0; y < box.y1; y++)
        for (let x = box.x0; x < box.x1; x++)
          for (let c = 0; c < 3; c++) {
            let sum = 0,
              n = 0;
            for (let k = -radius; k <= radius; k++) {
              const sx = x + k * dx,
                sy = y + k * dy;
              if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
              sum += src[(sy * w + sx) * 3 + c];
              n++;
            }
            data[(y * w + x) * 3 + c] = sum / n;
          }
    }
}

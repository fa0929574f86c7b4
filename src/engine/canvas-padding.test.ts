import { describe, expect, it } from 'vitest';
import { card, greyTable, paint } from '../card-fixtures/drawn-scenes';
import { cropImage, photoOnCanvas, withoutCanvas } from './canvas-padding';
import type { RgbImage } from './image';

/** A photo of a card on a grained grey table, `w` × `h`, with a little noise as a camera's photo has. */
function photo(w: number, h: number): RgbImage {
  const img = greyTable(w, h);
  for (let i = 0; i < img.data.length; i++) img.data[i] = 120 + ((i * 7919) % 23);
  card(img, { x: w / 2, y: h / 2 }, 0.05);
  return img;
}

/** `img` set on a canvas of `colour`, with bands `band` px wide left and right (and top and bottom when `tall`). */
function onCanvas(img: RgbImage, band: number, colour = [255, 255, 255], tall = false): RgbImage {
  const top = tall ? band : 0;
  const width = img.width + 2 * band,
    height = img.height + 2 * top;
  const data = new Uint8ClampedArray(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(colour, i);
  for (let y = 0; y < img.height; y++)
    data.set(img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3), ((y + top) * width + band) * 3);
  return { width, height, data, channels: 3 };
}

describe('a photo set on a canvas of flat bands', () => {
  it('finds the photo between white bands left and right, a watermark in one of them', () => {
    const img = onCanvas(photo(200, 300), 50);
    // A shop's logo in the right band, a tenth of its height.
    paint(img, { x: 275, y: 270 }, 0, () => [230, 120, 140], 30, 30);
    expect(photoOnCanvas(img)).toEqual({ left: 50, top: 0, width: 200, height: 300 });
  });

  it('finds it between black bands above and below (a wide photo letterboxed)', () => {
    const img = photo(300, 200);
    const boxed = cropImage(onCanvas(img, 40, [0, 0, 0], true), { left: 40, top: 0, width: 300, height: 280 });
    expect(photoOnCanvas(boxed)).toEqual({ left: 0, top: 40, width: 300, height: 200 });
  });

  it("takes no backdrop round a card for a canvas: the card's rounded corners leave it beside its edge", () => {
    const img = greyTable(300, 300);
    img.data.fill(255);
    card(img, { x: 150, y: 150 }, 0);
    expect(photoOnCanvas(img)).toBeNull();
  });

  it("takes no band on one side only for a canvas (a screen's bar beside a photo)", () => {
    const img = onCanvas(photo(200, 300), 50);
    expect(photoOnCanvas(cropImage(img, { left: 50, top: 0, width: 250, height: 300 }))).toBeNull();
  });

  it('cuts the working copy where it cuts the photo, and says where the photo lay', () => {
    const full = onCanvas(photo(400, 600), 100);
    const small = onCanvas(photo(200, 300), 50);
    const cut = withoutCanvas({ full, small, scale: 0.5 });
    expect(cut.canvas).toEqual({ left: 100, top: 0, width: 600, height: 600 });
    expect([cut.full.width, cut.full.height, cut.small.width, cut.small.height]).toEqual([400, 600, 200, 300]);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { greyTable, paint, printLine } from '../card-fixtures/drawn-scenes';
import { cardsLaidOut } from './cards-laid-out';
import { analyseFace } from './face';
import type { RgbImage } from './image';

/** A card `w` px wide (63:88) at `x`, `y`: a black border round a light face crossed by print lines. */
function smallCard(img: RgbImage, x: number, y: number, angle = 0, w = 36) {
  const h = (w * 88) / 63,
    border = w * 0.07;
  paint(
    img,
    { x, y },
    angle,
    (u, v) => (Math.abs(u) > w / 2 - border || Math.abs(v) > h / 2 - border ? [20, 20, 20] : printLine(v) ? [60, 40, 30] : [220, 200, 170]),
    w,
    h,
  );
}

/** A deck spread in rows on the table: `cols` × `rows` cards `w` px wide, each a little askew. */
function spread(cols: number, rows: number, w = 36): RgbImage {
  const img = greyTable(480, 360);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) smallCard(img, 60 + c * 60, 60 + r * 80, ((r * cols + c) % 3) * 0.03 - 0.03, w);
  return img;
}

describe('cards laid out apart, each too small to be the one card', () => {
  it('are found in rows on a table', () => {
    expect(cardsLaidOut(spread(4, 3))).toHaveLength(12);
  });

  it('need three: two are left to the outline check, which compares them as cards', () => {
    expect(cardsLaidOut(spread(2, 1))).toEqual([]);
  });

  it('are card-shaped: squares and strips of a pattern are not cards', () => {
    const img = greyTable(480, 360);
    smallCard(img, 60, 60);
    for (const [x, y] of [
      [200, 80],
      [300, 80],
      [200, 250],
    ])
      paint(img, { x, y }, 0, () => [30, 90, 160], 42, 42);
    paint(img, { x: 380, y: 250 }, 0.2, () => [30, 90, 160], 100, 18);
    expect(cardsLaidOut(img)).toEqual([]);
  });

  it('are of one size: a card among larger and smaller things of its shape is alone', () => {
    const img = greyTable(480, 360);
    smallCard(img, 60, 80, 0, 30);
    smallCard(img, 200, 120, 0, 60);
    smallCard(img, 360, 150, 0, 110);
    expect(cardsLaidOut(img)).toEqual([]);
  });

  it('make the photo refused as several cards, saying how many were seen', async () => {
    // Cards too small for their sides to be compared as outlines (line-quads.ts): without this, "no card found".
    const img = spread(6, 3, 26);
    const photo = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } })
      .resize(1440, 1080)
      .png()
      .toBuffer();
    await expect(analyseFace('front', photo)).rejects.toMatchObject({
      code: 'several_cards',
      message: expect.stringMatching(/at least \d+ cards lie apart/),
    });
  });
});

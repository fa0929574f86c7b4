import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { card, greyTable } from '../card-fixtures/drawn-scenes';
import { analyseFace } from './face';
import type { RgbImage } from './image';

const encode = (img: RgbImage) =>
  sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } })
    .png()
    .toBuffer();

/** The refusal code `analyseFace` gives the photo, or 'graded'. */
async function outcome(photo: Buffer): Promise<string> {
  try {
    await analyseFace('front', photo);
    return 'graded';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

describe('a photo too small to grade', () => {
  it('is refused as showing several cards when it does: a bigger photo of the same scene would be too', async () => {
    const img = greyTable(480, 360);
    card(img, { x: 130, y: 180 }, 0.05);
    card(img, { x: 340, y: 175 }, -0.08);
    expect(await outcome(await encode(img))).toBe('several_cards');
  });

  it('is refused image_too_small when it shows one card', async () => {
    const img = greyTable(480, 360);
    card(img, { x: 240, y: 180 }, 0.05);
    expect(await outcome(await encode(img))).toBe('image_too_small');
  });
});

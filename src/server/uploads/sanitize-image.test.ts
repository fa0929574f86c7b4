import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, sanitizeImage, sniffImageType } from './sanitize-image';
import { ImageRejected } from './image-rejected';

const photo = (format: 'jpeg' | 'png' | 'webp', w = 64, h = 48) => {
  const image = sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return image[format]().toBuffer();
};

async function rejection(p: Promise<unknown>): Promise<ImageRejected> {
  try {
    await p;
  } catch (e) {
    // A domain error: the HTTP layer alone turns it into a status.
    expect(e).toBeInstanceOf(ImageRejected);
    return e as ImageRejected;
  }
  throw new Error('expected a rejection');
}

describe('sanitizeImage', () => {
  it('accepts JPEG, PNG and WebP by their bytes and re-encodes to JPEG', async () => {
    for (const f of ['jpeg', 'png', 'webp'] as const) {
      const out = await sanitizeImage(await photo(f));
      expect(sniffImageType(out.data)).toBe('jpeg');
      expect([out.width, out.height]).toEqual([64, 48]);
    }
  });

  it("accepts a HEIC photo, an iPhone's default, though sharp alone cannot decode its pixels", async () => {
    const heic = fs.readFileSync(new URL('../../engine/test-photos/generated-card.heic', import.meta.url));
    expect(sniffImageType(heic)).toBe('heif');
    const out = await sanitizeImage(heic);
    expect(sniffImageType(out.data)).toBe('jpeg');
    expect([out.width, out.height]).toEqual([660, 880]);
    // Its pixels, not a blank: the card's dark border against the lighter table reads in the JPEG.
    const { channels } = await sharp(out.data).stats();
    expect(channels[0].max - channels[0].min).toBeGreaterThan(100);
  });

  it('strips EXIF, GPS included, and applies the camera orientation', async () => {
    const withGps = await sharp(await photo('jpeg', 60, 40))
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const out = await sanitizeImage(withGps);
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([out.width, out.height]).toEqual([40, 60]); // orientation 6 = rotated 90°
  });

  it('refuses non-images, truncated files, and oversized uploads with actionable messages', async () => {
    const text = await rejection(sanitizeImage(Buffer.from('hello, not a picture'), 'front photo'));
    expect([text.reason, text.message]).toEqual(['not_an_image', 'The front photo is not a JPEG, PNG, WebP or HEIC image.']);
    const good = await photo('jpeg', 400, 300);
    const cut = await rejection(sanitizeImage(good.subarray(0, Math.floor(good.length / 2))));
    expect(cut.reason).toBe('unreadable');
    expect(cut.message).toMatch(/could not be read/);
    const huge = await rejection(sanitizeImage(Buffer.concat([good, Buffer.alloc(MAX_UPLOAD_BYTES)])));
    expect(huge.reason).toBe('too_large');
  });

  it('refuses images over 40 megapixels before decoding them', async () => {
    // A PNG header claiming 8000 × 6000 pixels: refused from the header, the pixels never decoded.
    const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const err = await rejection(sanitizeImage(big));
    expect(err.reason).toBe('too_large');
    expect(err.message).toMatch(/40 megapixels/);
  });
});

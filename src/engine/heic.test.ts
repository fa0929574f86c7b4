/**
 * HEIC photos (heic.ts): told from AVIF by their brands, decoded off the calling thread, and analysed
 * exactly as the same picture saved as JPEG.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';
import { analyseFace } from './face';
import { decodeHeic, isHevcHeif } from './heic';
import { decodePhoto } from './decode';

const heic = fs.readFileSync(new URL('./test-photos/generated-card.heic', import.meta.url));
/** The picture the HEIC was encoded from (test-photos/README.md). */
const sameAsJpeg = async () =>
  sharp((await generateSyntheticCard(7)).front)
    .resize(660)
    .jpeg({ quality: 95 })
    .toBuffer();

describe('HEIC photos', () => {
  it('tells HEVC-coded HEIF from AVIF, JPEG and a truncated header', async () => {
    expect(isHevcHeif(heic)).toBe(true);
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .avif()
      .toBuffer();
    expect(isHevcHeif(avif)).toBe(false);
    expect(isHevcHeif(await sameAsJpeg())).toBe(false);
    expect(isHevcHeif(heic.subarray(0, 10))).toBe(false);
  });

  it('decodes on a worker thread, and says so when the file is damaged', async () => {
    const img = await decodeHeic(heic);
    expect([img.width, img.height, img.data.length]).toEqual([660, 880, 660 * 880 * 4]);
    await expect(decodeHeic(Buffer.concat([heic.subarray(0, 400), Buffer.alloc(400)]))).rejects.toThrow(/HEIC/);
  });

  it('is analysed as the same picture saved as JPEG: the same outline, to a pixel', async () => {
    const [fromHeic, fromJpeg] = [await analyseFace('front', heic), await analyseFace('front', await sameAsJpeg())];
    fromHeic.checks.corners.forEach((p, i) => {
      expect(Math.abs(p.x - fromJpeg.checks.corners[i].x)).toBeLessThan(1.5);
      expect(Math.abs(p.y - fromJpeg.checks.corners[i].y)).toBeLessThan(1.5);
    });
  });

  it('refuses a damaged HEIC as an invalid image, not with an error', async () => {
    await expect(decodePhoto(Buffer.concat([heic.subarray(0, 2000), Buffer.alloc(2000)]))).rejects.toMatchObject({ code: 'invalid_image' });
  });
});

import sharp from 'sharp';
import { HttpError } from '../http/errors';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Stored photos are capped at this long side: plenty for grading (≈ 45 px/mm on a card), a tenth of the bytes. */
export const STORED_LONG_SIDE = 4096;

type Sniffed = 'jpeg' | 'png' | 'webp' | 'heif';

/** Trusts the bytes, never the file name or the declared type. */
export function sniffImageType(b: Buffer): Sniffed | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && /^(heic|heix|hevc|mif1|msf1|avif)$/.test(b.toString('latin1', 8, 12))) return 'heif';
  return null;
}

export interface SanitizedImage {
  data: Buffer;
  width: number;
  height: number;
  /** The upload's own size, upright (camera orientation applied), before any downscaling. */
  original: { width: number; height: number };
  contentType: 'image/jpeg';
}

/**
 * Makes an uploaded photo safe to keep: checks the real type and the size and pixel caps, applies the
 * camera's orientation, re-encodes to JPEG and drops every metadata block (EXIF, GPS, XMP, ICC
 * beyond sRGB), so nothing the phone recorded about the owner leaves with the picture.
 */
export async function sanitizeImage(input: Buffer, label = 'photo'): Promise<SanitizedImage> {
  if (input.length > MAX_UPLOAD_BYTES) {
    throw new HttpError(413, `The ${label} is larger than 25 MB. Export it at a smaller size and try again.`);
  }
  const kind = sniffImageType(input);
  if (!kind) throw new HttpError(415, `The ${label} is not a JPEG, PNG, WebP or HEIC image.`);
  let meta: { width?: number; height?: number; orientation?: number };
  try {
    // Header only: the pixel cap is checked below before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, `The ${label} could not be read. It may be damaged or cut short; try another file.`);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS) {
    throw new HttpError(413, `The ${label} has more than 40 megapixels. Resize it and try again.`);
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    const original = { width: (turned ? meta.height : meta.width) ?? info.width, height: (turned ? meta.width : meta.height) ?? info.height };
    return { data, width: info.width, height: info.height, original, contentType: 'image/jpeg' };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, `The ${label} could not be read. It may be damaged or cut short; try another file.`);
  }
}

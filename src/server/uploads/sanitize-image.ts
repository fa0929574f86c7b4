import fs from 'node:fs/promises';
import sharp from 'sharp';
import pLimit from 'p-limit';
import { sharpInput } from '../../engine';
import { ImageRejected } from './image-rejected';

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
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && /^(heic|heix|hevc|mif1|msf1|avif)$/.test(b.toString('latin1', 8, 12)))
    return 'heif';
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
export async function sanitizeImage(input: Buffer | string, label = 'photo'): Promise<SanitizedImage> {
  // At most SANITIZE_CONCURRENCY photos in libvips at once: each can hold a 40 MP decode, and every
  // extra one in flight adds its memory without finishing any sooner on a few cores.
  return sharpSlots(() => sanitize(input, label));
}

/** Photos cleaned at once per process; libvips itself uses several threads for each. */
export const SANITIZE_CONCURRENCY = 2;
/** The others wait in arrival order. */
const sharpSlots = pLimit(SANITIZE_CONCURRENCY);
// Uploads are read from temp files that are removed right after: libvips must not keep them open.
sharp.cache({ files: 0 });

/** The first bytes of a file, enough to sniff its type. */
async function head(file: string): Promise<{ bytes: number; start: Buffer }> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Buffer.alloc(16);
    const { bytesRead } = await handle.read(start, 0, 16, 0);
    return { bytes: size, start: start.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}

/** Reads from a temp file (uploads: nothing held in memory but libvips' own work) or a buffer. */
async function sanitize(input: Buffer | string, label: string): Promise<SanitizedImage> {
  const { bytes, start } = typeof input === 'string' ? await head(input) : { bytes: input.length, start: input };
  if (bytes > MAX_UPLOAD_BYTES) {
    throw new ImageRejected('too_large', `The ${label} is larger than 25 MB. Export it at a smaller size and try again.`);
  }
  const kind = sniffImageType(start);
  if (!kind) throw new ImageRejected('not_an_image', `The ${label} is not a JPEG, PNG, WebP or HEIC image.`);
  let meta: { width?: number; height?: number; orientation?: number };
  try {
    // Header only: the pixel cap is checked below before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('unreadable', `The ${label} could not be read. It may be damaged or cut short; try another file.`);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS) {
    throw new ImageRejected('too_large', `The ${label} has more than 40 megapixels. Resize it and try again.`);
  }
  try {
    // A HEIC photo (an iPhone's default) is decoded apart, off this thread (engine/heic.ts); AVIF and
    // the rest go to sharp as they are.
    const decodable =
      kind === 'heif' ? await sharpInput(typeof input === 'string' ? await fs.readFile(input) : input) : { input, options: {} };
    const { data, info } = await sharp(decodable.input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error', ...decodable.options })
      .rotate()
      .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    const original = {
      width: (turned ? meta.height : meta.width) ?? info.width,
      height: (turned ? meta.width : meta.height) ?? info.height,
    };
    return { data, width: info.width, height: info.height, original, contentType: 'image/jpeg' };
  } catch (err) {
    if (err instanceof ImageRejected) throw err;
    throw new ImageRejected('unreadable', `The ${label} could not be read. It may be damaged or cut short; try another file.`);
  }
}

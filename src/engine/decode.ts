import sharp, { type Metadata } from 'sharp';
import type { RgbImage } from './image';
import { EngineRefusal } from './refusal';
import { sharpInput } from './heic';
import { MIN_PHOTO_SHORT_SIDE_PX } from '@contract/photo-limits';
import { WORKING_LONG_SIDE, type DecodedPhoto } from './decoded-photo';

export const MAX_BYTES = 25 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
export const MIN_SHORT_SIDE = MIN_PHOTO_SHORT_SIDE_PX;
export { WORKING_LONG_SIDE, type DecodedPhoto };

/**
 * Reads any image sharp can decode, and HEIC photos (heic.ts), upright (EXIF orientation applied), as
 * 8-bit RGB. `minShortSide` lower than the limit reads a photo too small to grade, only to say what else
 * is wrong with it.
 */
export async function decodePhoto(input: Buffer, face?: 'front' | 'back', minShortSide = MIN_SHORT_SIDE): Promise<DecodedPhoto> {
  if (input.length > MAX_BYTES) throw new EngineRefusal('image_too_large', face);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (err) {
    if (/pixel limit/i.test(String(err))) throw new EngineRefusal('image_too_large', face);
    throw new EngineRefusal('invalid_image', face);
  }
  if (!meta.width || !meta.height) throw new EngineRefusal('invalid_image', face);
  if (meta.width * meta.height > MAX_PIXELS) throw new EngineRefusal('image_too_large', face);
  if (Math.min(meta.width, meta.height) < minShortSide) throw new EngineRefusal('image_too_small', face, `${meta.width}×${meta.height}`);
  try {
    // A HEIC photo's pixels are decoded apart (heic.ts); its header, read above, already passed the caps.
    const decodable = await sharpInput(input);
    const base = sharp(decodable.input, { limitInputPixels: MAX_PIXELS, failOn: 'error', ...decodable.options })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb');
    const { data, info } = await base.clone().raw().toBuffer({ resolveWithObject: true });
    const full: RgbImage = { width: info.width, height: info.height, data, channels: 3 };
    const scale = WORKING_LONG_SIDE / Math.max(info.width, info.height);
    const smallOut = await base
      .clone()
      .resize(Math.round(info.width * scale), Math.round(info.height * scale), { kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const small: RgbImage = { width: smallOut.info.width, height: smallOut.info.height, data: smallOut.data, channels: 3 };
    return { full, small, scale: smallOut.info.width / info.width };
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new EngineRefusal('invalid_image', face);
  }
}

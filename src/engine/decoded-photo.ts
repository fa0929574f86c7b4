/** A decoded photo as the engine works on it; no sharp here, so the browser door (browser.ts) shares it. */
import type { RgbImage } from './image';

/** Long side of the copy used to find the card; measurements use the full image. */
export const WORKING_LONG_SIDE = 480;

/**
 * `canvas`: when the image is a photo set on a canvas of flat bands (canvas-padding.ts), where the photo
 * analysed lies in the image as uploaded (its left and top, px) and that image's size: findings are
 * reported in the uploaded image's pixels.
 */
export type DecodedPhoto = {
  full: RgbImage;
  small: RgbImage;
  scale: number;
  canvas?: { left: number; top: number; width: number; height: number };
};

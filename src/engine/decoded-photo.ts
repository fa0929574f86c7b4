/** A decoded photo as the engine works on it; no sharp here, so the browser door (browser.ts) shares it. */
import type { RgbImage } from './image';

/** Long side of the copy used to find the card; measurements use the full image. */
export const WORKING_LONG_SIDE = 480;

export type DecodedPhoto = { full: RgbImage; small: RgbImage; scale: number };

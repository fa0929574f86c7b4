/**
 * Exposure: how bright the card's own white is in this photo. Whitening, wear, borders and scratches
 * are judged in contrasts; in dim light every contrast shrinks with the light, so absolute thresholds
 * made a darker photo look cleaner (PSA 5 at full light, 10 at 18 %). The engine measures the card's
 * white level (the brightest print, robustly: its 99th percentile) and divides contrasts by the gain
 * it implies, so a card measures the same in any light it can be measured in at all.
 */
import { sampleMm, type CardView } from './card-view';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, percentile, roundedRectDistance } from './geometry';

/** A white level at or above this is full exposure: contrasts are used as they are. */
export const FULL_WHITE_LEVEL = 235;
/**
 * Below this white level (the card's brightest print under a third of full scale) the photo is too
 * dark: noise and JPEG steps are then as large as the whitening and scratches to be measured.
 */
export const MIN_WHITE_LEVEL = 85;
/** More than this share of the card clipped to white is overexposure, not a local glare. */
export const MAX_CLIPPED_PERCENT = 25;

export type Exposure = {
  /** 99th percentile of the brightest channel over the card, 0–255. */
  whiteLevel: number;
  /** Contrast gain of this photo against full exposure, 0–1 (1: contrasts are used as measured). */
  gain: number;
  /** Share of the card clipped to white in every channel, percent. */
  saturatedPercent: number;
};

/** One pass over the card's area (grid every 0.5 mm, clear of the cut edge). */
export function measureExposure(view: CardView): Exposure {
  const buf = [0, 0, 0];
  const maxima: number[] = [];
  let hot = 0;
  for (let y = 0.5; y < CARD_HEIGHT_MM; y += 0.5)
    for (let x = 0.5; x < CARD_WIDTH_MM; x += 0.5) {
      if (roundedRectDistance(x, y) > -0.5) continue;
      sampleMm(view, x, y, buf);
      maxima.push(Math.max(buf[0]!, buf[1]!, buf[2]!));
      if (buf[0]! >= 250 && buf[1]! >= 250 && buf[2]! >= 250) hot++;
    }
  const whiteLevel = percentile(maxima, 0.99);
  return { whiteLevel, gain: Math.min(1, Math.max(whiteLevel, 1) / FULL_WHITE_LEVEL), saturatedPercent: (100 * hot) / Math.max(1, maxima.length) };
}

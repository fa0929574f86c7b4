/**
 * Exposure: how bright the card's own white is in this photo. Whitening, wear, borders and scratches
 * are judged in contrasts; in dim light every contrast shrinks with the light, so absolute thresholds
 * made a darker photo look cleaner (PSA 5 at full light, 10 at 18 %). The engine measures the card's
 * white level (the brightest print, robustly: its 99th percentile) and divides contrasts by the gain
 * it implies, so a card measures the same in any light it can be measured in at all.
 */
import { sampleMm, type CardView, type GlareMask } from './card-view';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, percentile, roundedRectDistance } from './geometry';
import type { RgbImage } from './image';

/** A white level at or above this is full exposure: contrasts are used as they are. */
export const FULL_WHITE_LEVEL = 235;
/**
 * Below this white level (the card's brightest print under a third of full scale) the photo is too
 * dark: noise and JPEG steps are then as large as the whitening and scratches to be measured.
 */
export const MIN_WHITE_LEVEL = 85;
/** More than this share of the card clipped to white is overexposure, not a local glare. */
export const MAX_CLIPPED_PERCENT = 25;

/** Card cells (GLARE_CELL_MM square) near clipped pixels: nothing can be measured under them. */
export type { GlareMask } from './card-view';
export const GLARE_CELL_MM = 0.5;
/** Clipping spreads: a halo this wide around clipped pixels is not trusted either. */
const GLARE_MARGIN_MM = 1.5;

export type Exposure = {
  /** 99th percentile of the brightest channel over the card, 0–255. */
  whiteLevel: number;
  /**
   * The light's colour as the card's white shows it, per channel (the brightest 1). [1, 1, 1] unless
   * the card's brightest print is tinted the way a lamp tints white (see lightColour).
   */
  light: LightColour;
  /** Contrast gain of this photo against full exposure, 0–1 (1: contrasts are used as measured). */
  gain: number;
  /** Share of the card clipped to white in every channel, percent. */
  saturatedPercent: number;
  glare: GlareMask;
};

/**
 * The photo's own brightest level (its brightest pixels' strongest channel, robustly: the 99.5th
 * percentile over the working copy). When nothing card-like was found and even this is below
 * MIN_WHITE_LEVEL, no card in the photo can reach it either: the photo is too dark, which says what to
 * change where "no card found" would not.
 */
export function photoBrightestLevel(img: RgbImage): number {
  const maxima = new Float32Array(img.width * img.height);
  for (let i = 0; i < maxima.length; i++) maxima[i] = Math.max(img.data[i * 3], img.data[i * 3 + 1], img.data[i * 3 + 2]);
  return percentile(maxima, 0.995);
}

/** One pass over the card's area (grid every 0.5 mm, clear of the cut edge). */
export function measureExposure(view: CardView): Exposure {
  const buf = [0, 0, 0];
  const maxima: number[] = [];
  // Per-channel histograms (whole levels): the light's colour is read on every trace, so no sorting.
  const levels = [0, 1, 2].map(() => new Uint32Array(256));
  const cols = Math.ceil(CARD_WIDTH_MM / GLARE_CELL_MM),
    rows = Math.ceil(CARD_HEIGHT_MM / GLARE_CELL_MM);
  const hotCells = new Uint8Array(cols * rows);
  let hot = 0;
  for (let y = 0.5; y < CARD_HEIGHT_MM; y += 0.5)
    for (let x = 0.5; x < CARD_WIDTH_MM; x += 0.5) {
      if (roundedRectDistance(x, y) > -0.5) continue;
      sampleMm(view, x, y, buf);
      maxima.push(Math.max(buf[0], buf[1], buf[2]));
      for (let c = 0; c < 3; c++) levels[c][Math.max(0, Math.min(255, Math.round(buf[c])))]++;
      if (buf[0] >= 250 && buf[1] >= 250 && buf[2] >= 250) {
        hot++;
        hotCells[Math.floor(y / GLARE_CELL_MM) * cols + Math.floor(x / GLARE_CELL_MM)] = 1;
      }
    }
  const whiteLevel = percentile(maxima, 0.99);
  return {
    whiteLevel,
    light: lightColour(levels.map((h) => levelAt(h, maxima.length, 0.99)) as LightColour),
    gain: Math.min(1, Math.max(whiteLevel, 1) / FULL_WHITE_LEVEL),
    saturatedPercent: (100 * hot) / Math.max(1, maxima.length),
    glare: glareMask(hotCells, cols, rows, hot),
  };
}

export type LightColour = [number, number, number];
/** The level below which share `q` of a histogram's `n` samples lie. */
function levelAt(histogram: Uint32Array, n: number, q: number): number {
  let below = 0;
  for (let v = 0; v < histogram.length; v++) if ((below += histogram[v]) >= q * n) return v;
  return histogram.length - 1;
}
/**
 * A tint is a lamp's only when its weakest channel is this far down (a lamp of 4,500 K or warmer): the
 * brightest print of a card under daylight can be cream or pale coral (1, 0.86, 0.84), and is not a lamp.
 */
const MAX_WEAKEST_OF_LAMP = 0.75;
/** How far the middle channel may lie from where a lamp's colour would put it (see lightColour). */
const LAMP_COLOUR_TOLERANCE = 0.1;

/**
 * The light's colour from the card's white: each channel's 99th percentile over the card, the brightest
 * scaled to 1. A tungsten lamp turns white print orange, a shaded window blue; a thin white scratch
 * takes the same colour, so "colourless" is also judged against it (strict-scratch.ts). Only a clear
 * tint a lamp can give is believed: the weakest channel well down, green between red and blue and near
 * the square root of the weakest (a blackbody's colours as sRGB renders them: 4000 K ≈ 1, 0.82, 0.64;
 * 3000 K ≈ 1, 0.71, 0.42). A card whose brightest print is ink (a yellow border: 1, 0.88, 0.16; a pink
 * panel: 1, 0.85, 0.92) keeps white light.
 */
export function lightColour(white: LightColour): LightColour {
  const top = Math.max(...white);
  if (top <= 0) return [1, 1, 1];
  const [r, g, b] = white.map((v) => v / top);
  const weakest = Math.min(r, b);
  const lampLike =
    weakest <= MAX_WEAKEST_OF_LAMP && g <= Math.max(r, b) && g >= weakest && Math.abs(g - Math.sqrt(weakest)) <= LAMP_COLOUR_TOLERANCE;
  return lampLike ? [r, g, b] : [1, 1, 1];
}

/** Clipped cells grown by GLARE_MARGIN_MM. Isolated clipped specks (white print, sparkle) are not glare. */
function glareMask(hot: Uint8Array, cols: number, rows: number, hotCount: number): GlareMask {
  const r = Math.round(GLARE_MARGIN_MM / GLARE_CELL_MM);
  const mask = new Uint8Array(cols * rows);
  let masked = 0;
  if (hotCount)
    for (let y = 0; y < rows; y++)
      for (let x = 0; x < cols; x++) {
        // A glare is a patch: at least 4 clipped cells in the 3×3 neighbourhood.
        let n = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) n += hot[(y + dy) * cols + x + dx] && x + dx >= 0 && x + dx < cols ? 1 : 0;
        if (n < 4) continue;
        for (let dy = -r; dy <= r; dy++)
          for (let dx = -r; dx <= r; dx++) {
            const yy = y + dy,
              xx = x + dx;
            if (yy >= 0 && yy < rows && xx >= 0 && xx < cols && !mask[yy * cols + xx]) ((mask[yy * cols + xx] = 1), masked++);
          }
      }
  return { cols, rows, mask, percent: (100 * masked) / (cols * rows) };
}

/** Whether card point (mm) lies under glare in this view (false when no mask was measured). */
export function underGlare(g: GlareMask | undefined, xMm: number, yMm: number): boolean {
  if (!g) return false;
  const x = Math.floor(xMm / GLARE_CELL_MM),
    y = Math.floor(yMm / GLARE_CELL_MM);
  return x >= 0 && y >= 0 && x < g.cols && y < g.rows && g.mask[y * g.cols + x] === 1;
}

/** Whether any of the rectangle (mm) lies under glare. */
export function glareInRect(g: GlareMask | undefined, x0: number, y0: number, x1: number, y1: number): boolean {
  if (!g) return false;
  for (let y = Math.max(0, Math.floor(y0 / GLARE_CELL_MM)); y <= Math.min(g.rows - 1, Math.floor(y1 / GLARE_CELL_MM)); y++)
    for (let x = Math.max(0, Math.floor(x0 / GLARE_CELL_MM)); x <= Math.min(g.cols - 1, Math.floor(x1 / GLARE_CELL_MM)); x++)
      if (g.mask[y * g.cols + x]) return true;
  return false;
}

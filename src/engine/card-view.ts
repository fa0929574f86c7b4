/** The card as measured: the photo plus the homography from card millimetres to photo pixels. */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, applyHomography, homographyFromPoints, type Homography, type Point } from './geometry';
import { sampleRgb, type RgbImage } from './image';
import type { Quad } from './detect';

/** `gain`: the photo's exposure against full light (exposure.ts); contrast thresholds scale with it. `glare`: where nothing can be measured. */
/** Where glare hides the surface, on a grid over the card (made by exposure.ts). */
export type GlareMask = { cols: number; rows: number; mask: Uint8Array; percent: number };
/** `light`: the light's colour as the card's white shows it (exposure.ts), [1, 1, 1] for white light. */
export type CardView = {
  img: RgbImage;
  toPhoto: Homography;
  pxPerMm: number;
  gain?: number;
  glare?: GlareMask;
  light?: [number, number, number];
};

export function createCardView(img: RgbImage, corners: Quad): CardView {
  const mm: Point[] = [
    { x: 0, y: 0 },
    { x: CARD_WIDTH_MM, y: 0 },
    { x: CARD_WIDTH_MM, y: CARD_HEIGHT_MM },
    { x: 0, y: CARD_HEIGHT_MM },
  ];
  const toPhoto = homographyFromPoints(mm, corners);
  const h =
    (Math.hypot(corners[3].x - corners[0].x, corners[3].y - corners[0].y) +
      Math.hypot(corners[2].x - corners[1].x, corners[2].y - corners[1].y)) /
    2;
  return { img, toPhoto, pxPerMm: h / CARD_HEIGHT_MM };
}

/** Colour at card coordinates (mm). */
export function sampleMm(view: CardView, x: number, y: number, out: number[]): void {
  const p = applyHomography(view.toPhoto, x, y);
  sampleRgb(view.img, p.x, p.y, out);
}

/** The straightened card at `pxPerMm` (bilinear), for surface analysis and evidence images. */
export function rectify(view: CardView, pxPerMm: number, region = { x0: 0, y0: 0, x1: CARD_WIDTH_MM, y1: CARD_HEIGHT_MM }): RgbImage {
  const width = Math.round((region.x1 - region.x0) * pxPerMm);
  const height = Math.round((region.y1 - region.y0) * pxPerMm);
  const data = new Uint8ClampedArray(width * height * 3);
  const [a, b, c, d, e, f, g, h2, i9] = view.toPhoto;
  const src = view.img.data,
    iw = view.img.width,
    row = iw * 3;
  const maxX = view.img.width - 1.001,
    maxY = view.img.height - 1.001;
  for (let y = 0; y < height; y++) {
    const my = region.y0 + (y + 0.5) / pxPerMm;
    // Along a row the homography's three terms change linearly: step them instead of re-evaluating.
    const mx0 = region.x0 + 0.5 / pxPerMm,
      dx = 1 / pxPerMm;
    let X = a * mx0 + b * my + c,
      Y = d * mx0 + e * my + f,
      W = g * mx0 + h2 * my + i9;
    const dX = a * dx,
      dY = d * dx,
      dW = g * dx;
    for (let x = 0; x < width; x++, X += dX, Y += dY, W += dW) {
      // sampleRgb inlined (the hottest loop of a grading): bilinear, clamped to the photo.
      const fx = Math.min(Math.max(X / W, 0), maxX),
        fy = Math.min(Math.max(Y / W, 0), maxY);
      const x0 = fx | 0,
        y0 = fy | 0,
        tx = fx - x0,
        ty = fy - y0;
      const i00 = (y0 * iw + x0) * 3,
        i01 = i00 + row;
      const o = (y * width + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const p00 = src[i00 + ch],
          p10 = src[i00 + 3 + ch],
          p01 = src[i01 + ch],
          p11 = src[i01 + 3 + ch];
        const top = p00 + (p10 - p00) * tx;
        data[o + ch] = top + (p01 + (p11 - p01) * tx - top) * ty;
      }
    }
  }
  return { width, height, data, channels: 3 };
}

/**
 * Listing photos (marketplaces, shop pages) are often a photo set on a square canvas: bands of one flat
 * colour, usually white, fill the canvas beside it, with at most a small watermark in them. The card is
 * looked for in the photo itself: the canvas's edge against it is a straight step a few millimetres from
 * the card that reads as a holder's wall or a sleeve's rim, and as a card running off the frame where
 * the photo meets the canvas's own edges (a Pokémon card on a dark cloth, 5 mm from white bands each
 * side, was refused as cut off at top and bottom). A band is the canvas only where it ends in a straight
 * line along the photo's whole height (or width): a card lying on a flat backdrop leaves the backdrop's
 * colour beside its rounded corners, so the backdrop round a card is never taken for a canvas.
 */
import type { DecodedPhoto } from './decoded-photo';
import type { RgbImage } from './image';

/** A band pixel lies within this (per channel) of the band's colour: a flat fill, not a backdrop photographed. */
const FLAT_RGB = 4;
/** Share of a band's line that must be its flat colour (the rest: a watermark, a shop's logo). */
const MIN_FLAT_SHARE = 0.85;
/** Share of the photo's first line beside the band that may be of the band's colour: a straight edge all along. */
const MAX_FLAT_SHARE_AT_EDGE = 0.01;
/** Narrowest band taken as canvas, as a share of the frame across it (a JPEG's last column is no canvas). */
const MIN_BAND_SHARE = 0.01;
/** Share of the frame across the bands that must be left as photo. */
const MIN_PHOTO_SHARE = 0.5;

export type CanvasBox = { left: number; top: number; width: number; height: number };

/** The photo inside a canvas of flat bands, in `img` pixels, or null when no two opposite sides show such bands. */
export function photoOnCanvas(img: RgbImage): CanvasBox | null {
  const { width, height } = img;
  const runs = {
    left: flatRun(img, 'x', 0, 1),
    right: flatRun(img, 'x', width - 1, -1),
    top: flatRun(img, 'y', 0, 1),
    bottom: flatRun(img, 'y', height - 1, -1),
  };
  // Each band must end in a straight edge of the photo along the whole frame: a photo's edge inside a
  // screen's margins (an app's white side margins round a photo running into its bars) is not one.
  const left = endsInEdge(img, 'x', runs.left, 1, height),
    right = endsInEdge(img, 'x', runs.right, -1, height),
    top = endsInEdge(img, 'y', runs.top, 1, width),
    bottom = endsInEdge(img, 'y', runs.bottom, -1, width);
  // A canvas pads the photo on two opposite sides (a photo centred on a square); a band on one side only
  // is as often a screen's bar beside a photo whose other side shows the screen's own text.
  if (!(left && right) && !(top && bottom)) return null;
  const box = { left, top, width: width - left - right, height: height - top - bottom };
  if (box.width < MIN_PHOTO_SHARE * width || box.height < MIN_PHOTO_SHARE * height) return null;
  return box;
}

type Run = { n: number; start: number; colour: number[] };

const lineAt = (img: RgbImage, axis: 'x' | 'y', line: number, k: number) =>
  axis === 'x' ? (k * img.width + line) * 3 : (line * img.width + k) * 3;

/** Share of `line`'s pixels from `from` to `to` (exclusive) within FLAT_RGB of `colour`. */
function flatShare(img: RgbImage, axis: 'x' | 'y', line: number, colour: number[], from: number, to: number): number {
  const d = img.data;
  let flat = 0;
  for (let k = from; k < to; k++) {
    const i = lineAt(img, axis, line, k);
    if (Math.abs(d[i] - colour[0]) <= FLAT_RGB && Math.abs(d[i + 1] - colour[1]) <= FLAT_RGB && Math.abs(d[i + 2] - colour[2]) <= FLAT_RGB)
      flat++;
  }
  return flat / Math.max(1, to - from);
}

/**
 * The lines (columns for `axis` x, rows for y) from `start`, stepping `dir`, that are mostly one flat
 * colour, the colour of the outermost line (its median, channel by channel).
 */
function flatRun(img: RgbImage, axis: 'x' | 'y', start: number, dir: 1 | -1): Run {
  const across = axis === 'x' ? img.width : img.height;
  const along = axis === 'x' ? img.height : img.width;
  const colour = [0, 1, 2].map((c) => {
    const v: number[] = [];
    for (let k = 0; k < along; k += 4) v.push(img.data[lineAt(img, axis, start, k) + c]);
    return v.sort((a, b) => a - b)[v.length >> 1];
  });
  let n = 0;
  for (let line = start; n < across * (1 - MIN_PHOTO_SHARE) && flatShare(img, axis, line, colour, 0, along) >= MIN_FLAT_SHARE; line += dir)
    n++;
  return { n, start, colour };
}

/** The run's width when it is wide enough and the line beside it, `along` px long, is photo all along; else 0. */
function endsInEdge(img: RgbImage, axis: 'x' | 'y', run: Run, dir: 1 | -1, along: number): number {
  const across = axis === 'x' ? img.width : img.height;
  if (run.n < MIN_BAND_SHARE * across) return 0;
  return flatShare(img, axis, run.start + dir * run.n, run.colour, 0, along) <= MAX_FLAT_SHARE_AT_EDGE ? run.n : 0;
}

/** `img` cut to `box`. */
export function cropImage(img: RgbImage, box: CanvasBox): RgbImage {
  const data = new Uint8ClampedArray(box.width * box.height * 3);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.top + y) * img.width + box.left) * 3;
    data.set(img.data.subarray(from, from + box.width * 3), y * box.width * 3);
  }
  return { width: box.width, height: box.height, data, channels: 3 };
}

/**
 * The decoded photo cut to the photo inside its canvas (photoOnCanvas), with `canvas` saying where that
 * lies in the image as uploaded; unchanged when there is no canvas. The working copy is cut at the same
 * place, scaled, so its scale to the full image stays as it was.
 */
export function withoutCanvas(photo: DecodedPhoto): DecodedPhoto {
  const found = photoOnCanvas(photo.full);
  if (!found) return photo;
  const s = photo.scale;
  // Cut on whole working-copy pixels, so the two copies stay aligned at `scale`.
  const small = {
    left: Math.ceil(found.left * s),
    top: Math.ceil(found.top * s),
    width: Math.floor((found.left + found.width) * s) - Math.ceil(found.left * s),
    height: Math.floor((found.top + found.height) * s) - Math.ceil(found.top * s),
  };
  const full = {
    left: Math.round(small.left / s),
    top: Math.round(small.top / s),
    width: Math.min(photo.full.width - Math.round(small.left / s), Math.round(small.width / s)),
    height: Math.min(photo.full.height - Math.round(small.top / s), Math.round(small.height / s)),
  };
  return {
    full: cropImage(photo.full, full),
    small: cropImage(photo.small, small),
    scale: s,
    canvas: { left: full.left, top: full.top, width: photo.full.width, height: photo.full.height },
  };
}

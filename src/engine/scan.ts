/**
 * Flatbed scans. A scan is cropped to the card: its margin is thin or absent, so the background ring
 * the detector learns its colours from is mostly card, and a zero-margin scan has no background
 * edge at all. Such a photo is recognised here and surrounded by a wide band of its own backdrop
 * colour (what shows in the rounded corners): the card's cut edges then stand against that backdrop
 * and the ordinary detector and sub-pixel edge fit measure them, the frame itself becoming the edge
 * where the scan has no margin. A card really cut off by the frame is refused, never padded.
 */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, type FrameEdge, type Point } from './geometry';
import type { DecodedPhoto } from './decoded-photo';
import type { RgbImage } from './image';
import { EngineRefusal } from './refusal';

const CARD_ASPECT = CARD_WIDTH_MM / CARD_HEIGHT_MM;
/** Frame aspects taken for a card-sized crop: up to ~4.5 mm of margin, never a 3:4 phone photo (0.75). */
const MIN_ASPECT = CARD_ASPECT * 0.965,
  MAX_ASPECT = 0.742;
/** Two colours closer than this (RGB distance) are the same backdrop. */
const SAME_COLOUR = 28;
/** A corner patch this uniform (RGB standard deviation) is a flat backdrop, not print. */
const FLAT_PATCH = 14;
/** Backdrop band added around a recognised scan, as a share of its long side. */
const PAD_SHARE = 0.06;

type Rgb = [number, number, number];
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function pixel(img: RgbImage, x: number, y: number): Rgb {
  const i = (y * img.width + x) * 3;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

/**
 * Typical colour and spread of a square patch: the per-channel median and the median distance from it,
 * so a speck of dust or a JPEG block in a corner does not turn a flat backdrop into "print".
 */
function patch(img: RgbImage, x0: number, y0: number, size: number): { mean: Rgb; spread: number } {
  const px: Rgb[] = [];
  for (let y = y0; y < y0 + size; y++) for (let x = x0; x < x0 + size; x++) px.push(pixel(img, x, y));
  const mid = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
  const mean = [0, 1, 2].map((c) => mid(px.map((p) => p[c]))) as Rgb;
  // 1.4826 × the median distance estimates the standard deviation of the flat part.
  const spread = 1.4826 * mid(px.map((p) => distance(p, mean)));
  return { mean, spread };
}

/**
 * `cropped`: the frame looks like a scan cropped through the card (some rounded corners show the
 * backdrop, some do not). The refusal is kept for the caller to give if no whole card is then found:
 * an uneven lid shades the other corners too.
 */
export type ScanVerdict = { kind: 'photo'; cropped?: EngineRefusal } | { kind: 'scan'; backdrop: Rgb };

/**
 * Reads a photo (the small working copy) as a scan when its frame has the card's proportions, its
 * four extreme corners show one flat backdrop colour (the rounded card corners leave it uncovered)
 * and a line a little inside each side crosses card rather than backdrop (a thin margin: a small card
 * on a plain table is an ordinary photo). Two or three backdrop corners mean the card runs off the frame.
 */
export function classifyScan(img: RgbImage, face?: 'front' | 'back'): ScanVerdict {
  const { width: w, height: h } = img;
  const aspect = Math.min(w, h) / Math.max(w, h);
  if (aspect < MIN_ASPECT || aspect > MAX_ASPECT) return { kind: 'photo' };
  // About 1 % of the short side: inside what a zero-margin scan's rounded corner leaves uncovered (1.4 %).
  const size = Math.max(3, Math.round(Math.min(w, h) * 0.01));
  const corners = [
    patch(img, 0, 0, size),
    patch(img, w - size, 0, size),
    patch(img, w - size, h - size, size),
    patch(img, 0, h - size, size),
  ];
  const flat = corners.filter((c) => c.spread < FLAT_PATCH);
  if (flat.length < 2) return { kind: 'photo' };
  // The backdrop: the colour most flat corners agree on.
  const backdrop = flat
    .map((c) => c.mean)
    .sort(
      (a, b) => flat.filter((c) => distance(c.mean, b) < SAME_COLOUR).length - flat.filter((c) => distance(c.mean, a) < SAME_COLOUR).length,
    )[0];
  const agreeing = corners.filter((c) => c.spread < FLAT_PATCH && distance(c.mean, backdrop) < SAME_COLOUR).length;
  // Just inside each side (7 % in), over its middle 60 %: card if the margin is thin.
  const inset = (share: number, n: number) => Math.round(share * n);
  const lines: Rgb[][] = [[], [], [], []];
  for (let k = 0; k < 40; k++) {
    const t = 0.2 + (0.6 * k) / 39;
    lines[0].push(pixel(img, inset(t, w - 1), inset(0.07, h)));
    lines[1].push(pixel(img, w - 1 - inset(0.07, w), inset(t, h - 1)));
    lines[2].push(pixel(img, inset(t, w - 1), h - 1 - inset(0.07, h)));
    lines[3].push(pixel(img, inset(0.07, w), inset(t, h - 1)));
  }
  const cardInside = lines.every((line) => line.filter((p) => distance(p, backdrop) > SAME_COLOUR).length >= 0.6 * line.length);
  if (!cardInside) return { kind: 'photo' };
  // A gap of backdrop right across the middle: several cards on a scanned page, for the detector to count.
  if (backdropLineAcross(img, backdrop, 'row') || backdropLineAcross(img, backdrop, 'column')) return { kind: 'photo' };
  if (agreeing === 4) return { kind: 'scan', backdrop };
  if (agreeing >= 2)
    return {
      kind: 'photo',
      cropped: new EngineRefusal('card_cut_off', face, 'the scan crops the card: only some of its rounded corners show the backdrop'),
    };
  return { kind: 'photo' };
}

/**
 * Whether a whole row (or column) in the middle 60 % of the frame is backdrop across 90 % of its
 * central 80 %: the gap between two cards on a scanned page. One card's print never shows the
 * backdrop's colour from one border to the other.
 */
function backdropLineAcross(img: RgbImage, backdrop: Rgb, along: 'row' | 'column'): boolean {
  const { width: w, height: h } = img;
  const lines = along === 'row' ? h : w,
    length = along === 'row' ? w : h;
  for (let l = Math.round(lines * 0.2); l < Math.round(lines * 0.8); l++) {
    let matching = 0,
      total = 0;
    for (let k = Math.round(length * 0.1); k < Math.round(length * 0.9); k++, total++)
      if (distance(along === 'row' ? pixel(img, k, l) : pixel(img, l, k), backdrop) < SAME_COLOUR) matching++;
    if (matching >= 0.9 * total) return true;
  }
  return false;
}

function pad(img: RgbImage, by: number, colour: Rgb): RgbImage {
  const width = img.width + 2 * by,
    height = img.height + 2 * by;
  const data = new Uint8ClampedArray(width * height * 3);
  for (let i = 0; i < data.length; i += 3) ((data[i] = colour[0]), (data[i + 1] = colour[1]), (data[i + 2] = colour[2]));
  const rowBytes = img.width * 3;
  for (let y = 0; y < img.height; y++) data.set(img.data.subarray(y * rowBytes, (y + 1) * rowBytes), ((y + by) * width + by) * 3);
  return { width, height, data, channels: 3 };
}

/**
 * `offsetPx`: how far (px of the full image) the padding shifted the card; 0 for an ordinary photo.
 * `cropped`: the refusal to give when no whole card is found in what looks like a cropped scan.
 */
export type PreparedPhoto = DecodedPhoto & { scan: boolean; offsetPx: number; cropped?: EngineRefusal };

/** An ordinary photo passes through; a recognised scan comes back inside a band of its backdrop colour. */
export function prepareScan(decoded: DecodedPhoto, face?: 'front' | 'back'): PreparedPhoto {
  const verdict = classifyScan(decoded.small, face);
  if (verdict.kind === 'photo') return { ...decoded, scan: false, offsetPx: 0, cropped: verdict.cropped };
  // The full-size backdrop, from its own corners (the small copy's are blended by the resize).
  const full = decoded.full;
  const size = Math.max(2, Math.round(Math.min(full.width, full.height) * 0.004));
  const fullCorners = [
    patch(full, 0, 0, size),
    patch(full, full.width - size, 0, size),
    patch(full, full.width - size, full.height - size, size),
    patch(full, 0, full.height - size, size),
  ];
  const near = fullCorners.filter((c) => distance(c.mean, verdict.backdrop) < SAME_COLOUR * 1.5).map((c) => c.mean);
  const backdrop = (near.length ? [0, 1, 2].map((c) => near.reduce((s, p) => s + p[c], 0) / near.length) : verdict.backdrop) as Rgb;
  const padSmall = Math.round(PAD_SHARE * Math.max(decoded.small.width, decoded.small.height));
  const padFull = Math.round(padSmall / decoded.scale);
  return {
    full: pad(full, padFull, backdrop),
    small: pad(decoded.small, padSmall, backdrop),
    scale: decoded.scale,
    scan: true,
    offsetPx: padFull,
  };
}

/** A traced side this close to the scan's own frame edge (card mm) meets it… */
const MEETS_FRAME_MM = 0.3;
/** …and the opposite side this far from its frame edge stands clear of it. */
const CLEAR_OF_FRAME_MM = 2;

/**
 * The frame edge a scan's crop cuts the card along, or null. A card scanned whole meets the frame on
 * every side (cropped to it) or on none (a margin all round); one meeting the frame on one side while
 * the opposite side lies well inside the frame was cut there by the crop. Such a crop can still pass
 * for a scan: the card's border, dark like the lid, fills the two corners the crop cut (copies of real
 * scans cut 0.5–2 mm into the card met the frame within 0.05 mm, 5.4–5.8 mm of lid beyond the other
 * side; a card scanned whole met all four edges within 0.05 mm). `corners`: the traced outline in the
 * padded photo's pixels (quad order), `pxPerMm` its scale.
 */
export function scanCropCutsCard(photo: PreparedPhoto, corners: readonly Point[], pxPerMm: number): FrameEdge | null {
  if (!photo.scan) return null;
  const o = photo.offsetPx;
  const right = photo.full.width - 1 - o,
    bottom = photo.full.height - 1 - o;
  // Per frame edge, how far (mm) the two corners on that side lie inside it, the farther one.
  const [tl, tr, br, bl] = corners;
  const gap = (a: number, b: number) => Math.max(a, b) / pxPerMm;
  const gaps: Record<FrameEdge, number> = {
    left: gap(tl.x - o, bl.x - o),
    right: gap(right - tr.x, right - br.x),
    top: gap(tl.y - o, tr.y - o),
    bottom: gap(bottom - bl.y, bottom - br.y),
  };
  const opposite: Record<FrameEdge, FrameEdge> = { left: 'right', right: 'left', top: 'bottom', bottom: 'top' };
  const cut = (Object.keys(gaps) as FrameEdge[]).find((e) => gaps[e] <= MEETS_FRAME_MM && gaps[opposite[e]] >= CLEAR_OF_FRAME_MM);
  return cut ?? null;
}

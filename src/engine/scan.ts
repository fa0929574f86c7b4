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
import { lumaOf, type RgbImage } from './image';
import { EngineRefusal } from './refusal';
import { squareToFrame } from './frame-turn';

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
export type ScanVerdict =
  { kind: 'photo'; cropped?: EngineRefusal; frameMayBeEdge?: boolean } | { kind: 'scan'; backdrop: Rgb; frameMayBeEdge: boolean };

/**
 * Reads a photo (the small working copy) as a scan when its frame has the card's proportions, its
 * four extreme corners show one flat backdrop colour (the rounded card corners leave it uncovered)
 * and a line a little inside each side crosses card rather than backdrop (a thin margin: a small card
 * on a plain table is an ordinary photo). Two or three backdrop corners mean the card runs off the frame.
 * `full`: the photo at full size, where a card's turn in the frame is read (frame-turn.ts).
 */
export function classifyScan(img: RgbImage, face?: 'front' | 'back', frameAsEdge = false, full: RgbImage = img): ScanVerdict {
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
  // A line `share` in from each side, over its middle 60 %: per side, the share of it that crosses card.
  const inset = (share: number, n: number) => Math.round(share * n);
  const onCard = (share: number) => {
    const lines: Rgb[][] = [[], [], [], []];
    for (let k = 0; k < 40; k++) {
      const t = 0.2 + (0.6 * k) / 39;
      lines[0].push(pixel(img, inset(t, w - 1), inset(share, h)));
      lines[1].push(pixel(img, w - 1 - inset(share, w), inset(t, h - 1)));
      lines[2].push(pixel(img, inset(t, w - 1), h - 1 - inset(share, h)));
      lines[3].push(pixel(img, inset(share, w), inset(t, h - 1)));
    }
    return lines.map((line) => line.filter((p) => distance(p, backdrop) > SAME_COLOUR).length / line.length);
  };
  // 7 % in: card on all four sides if the margin is thin.
  const thinMargin = onCard(0.07).every((share) => share >= 0.6);
  // A gap of backdrop right across the middle: several cards on a scanned page, for the detector to count.
  const row = backdropLineAcross(img, backdrop, 'row'),
    column = backdropLineAcross(img, backdrop, 'column');
  // A frame of one card's proportions, corners one colour and card over most of the lines 15 % in (a
  // Magic card's border, the corners' colour, reaches past 7 % at its foot and on its back; dark art
  // beside a border may cross part of one), holds one card or a grid of them, whose gaps run both
  // ways: one such row alone may be the card's own print (the black rules round a Magic card's type
  // line), so the frame may still be tried as its edge (`frameAsEdge`).
  const frameMayBeEdge =
    agreeing === 4 &&
    frameMayBeCard(img) &&
    onCard(0.15).reduce((sum, share) => sum + share, 0) >= 0.6 * 4 &&
    !(row && column) &&
    squareToFrame(full);
  if (!thinMargin || row || column)
    return frameAsEdge && frameMayBeEdge ? { kind: 'scan', backdrop, frameMayBeEdge } : { kind: 'photo', frameMayBeEdge };
  if (agreeing === 4) return { kind: 'scan', backdrop, frameMayBeEdge };
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

/**
 * How close a frame's proportions must be to the card's for the frame to be tried as its outline: an
 * even margin round the card keeps them within this only up to about 1 mm wide, an uneven one less.
 */
const FRAME_IS_EDGE_ASPECT = 0.008;

/**
 * Whether the frame itself may be the card's outline: a scan or a catalogue render cropped to the card,
 * its four corners one flat colour (a lid, or the border filled out to square corners). Where that
 * colour is the border's, no cut edge shows anywhere and only the frame the crop laid on it outlines
 * the card; face.ts tries it when nothing else, or only the print inside the border, was traced.
 */
const frameMayBeCard = (img: RgbImage) =>
  Math.abs(Math.min(img.width, img.height) / Math.max(img.width, img.height) / CARD_ASPECT - 1) <= FRAME_IS_EDGE_ASPECT;

/** A padding colour the backdrop stands out against, so the frame itself is traced as the card's edge. */
const contrasting = (c: Rgb): Rgb => (lumaOf(c) > 110 ? [40, 40, 40] : [190, 190, 190]);

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
 * `frameMayBeEdge`: the frame may be the card's outline (frameMayBeCard).
 * `frameIsEdge`: such a scan padded in a contrasting colour instead (`frameAsEdge`), so the frame is
 * traced as the card's outline, whose rounded corners cannot show.
 */
export type PreparedPhoto = DecodedPhoto & {
  scan: boolean;
  offsetPx: number;
  cropped?: EngineRefusal;
  frameMayBeEdge?: boolean;
  frameIsEdge?: boolean;
};

/**
 * An ordinary photo passes through; a recognised scan comes back inside a band of its backdrop colour,
 * or with `frameAsEdge`, when its frame may be the card's outline, of a colour that stands out against it.
 */
export function prepareScan(decoded: DecodedPhoto, face?: 'front' | 'back', { frameAsEdge = false } = {}): PreparedPhoto {
  const verdict = classifyScan(decoded.small, face, frameAsEdge, decoded.full);
  if (verdict.kind === 'photo')
    return { ...decoded, scan: false, offsetPx: 0, cropped: verdict.cropped, frameMayBeEdge: verdict.frameMayBeEdge };
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
  const lid = (near.length ? [0, 1, 2].map((c) => near.reduce((s, p) => s + p[c], 0) / near.length) : verdict.backdrop) as Rgb;
  const frameIsEdge = frameAsEdge && verdict.frameMayBeEdge;
  const backdrop = frameIsEdge ? contrasting(lid) : lid;
  const padSmall = Math.round(PAD_SHARE * Math.max(decoded.small.width, decoded.small.height));
  const padFull = Math.round(padSmall / decoded.scale);
  return {
    full: pad(full, padFull, backdrop),
    small: pad(decoded.small, padSmall, backdrop),
    scale: decoded.scale,
    canvas: decoded.canvas,
    scan: true,
    offsetPx: padFull,
    frameMayBeEdge: verdict.frameMayBeEdge,
    frameIsEdge,
  };
}

/**
 * Per frame edge, how far (mm) the two corners of the traced outline on that side lie inside the photo's
 * own frame (a scan's backdrop band left out). `corners` in the padded photo's pixels, quad order.
 */
function cornersInsideFrameMm(photo: PreparedPhoto, corners: readonly Point[], pxPerMm: number): Record<FrameEdge, [number, number]> {
  const o = photo.offsetPx;
  const right = photo.full.width - 1 - o,
    bottom = photo.full.height - 1 - o;
  const [tl, tr, br, bl] = corners;
  const mm = (a: number, b: number): [number, number] => [a / pxPerMm, b / pxPerMm];
  return {
    left: mm(tl.x - o, bl.x - o),
    right: mm(right - tr.x, right - br.x),
    top: mm(tl.y - o, tr.y - o),
    bottom: mm(bottom - bl.y, bottom - br.y),
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
  // Per frame edge, how far (mm) the two corners on that side lie inside it, the farther one.
  const inside = cornersInsideFrameMm(photo, corners, pxPerMm);
  const gaps = Object.fromEntries(Object.entries(inside).map(([e, d]) => [e, Math.max(...d)])) as Record<FrameEdge, number>;
  const opposite: Record<FrameEdge, FrameEdge> = { left: 'right', right: 'left', top: 'bottom', bottom: 'top' };
  const cut = (Object.keys(gaps) as FrameEdge[]).find((e) => gaps[e] <= MEETS_FRAME_MM && gaps[opposite[e]] >= CLEAR_OF_FRAME_MM);
  return cut ?? null;
}

/** A card cropped to its edge lies within about a millimetre of every side of such a frame (frameMayBeCard). */
const CROP_MARGIN_MM = 1.5;
/**
 * A print frame inset from the cut edge by an even border d has proportions (63 − 2d) / (88 − 2d): off a
 * card's by 1.4 % at d = 1.5 mm, more for the wider border at a Magic card's foot. A card's own outline
 * is within a few tenths of a per cent.
 */
const PRINT_FRAME_ASPECT = 0.01;

/**
 * Whether `corners` (the traced outline, as in scanCropCutsCard) can be the card in a frame of its own
 * proportions (frameMayBeCard): within CROP_MARGIN_MM of the frame on every side, or inside it on every
 * side in a card's proportions (a catalogue image with 2 mm of white round its black border). An outline
 * near some sides and far from others, or inset in other proportions (the print frame inside the
 * border), cannot be: the card there fills the frame.
 */
export function outlineFitsCrop(photo: PreparedPhoto, corners: readonly Point[], pxPerMm: number): boolean {
  const sides = Object.values(cornersInsideFrameMm(photo, corners, pxPerMm));
  if (sides.every((d) => Math.max(...d) <= CROP_MARGIN_MM)) return true;
  if (!sides.every((d) => Math.min(...d) > CROP_MARGIN_MM)) return false;
  const [tl, tr, br, bl] = corners;
  const side = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const across = (side(tl, tr) + side(bl, br)) / 2,
    along = (side(tr, br) + side(tl, bl)) / 2;
  return Math.abs(Math.min(across, along) / Math.max(across, along) / CARD_ASPECT - 1) <= PRINT_FRAME_ASPECT;
}

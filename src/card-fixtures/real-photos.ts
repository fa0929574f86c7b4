/**
 * The shared folder of real, hand-labelled photos (../shared/realphotos beside the repository): its
 * truth file and the outline error against it. Test and bench material only: the photos have no
 * licence to ship, so they are read where they lie and never copied into the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  applyHomography,
  CARD_HEIGHT_MM,
  CARD_WIDTH_MM,
  CORNER_RADIUS_MM,
  cardLongSidePx,
  homographyFromPoints,
  invertHomography,
  roundedRectDistance,
  sampleRgb,
  type Point,
  type RgbImage,
} from '../engine';

export type Corner = 'TL' | 'TR' | 'BR' | 'BL';
export type RealPhoto = {
  file: string;
  source_repo: string;
  kind: string;
  situation: string;
  border: string;
  width: number;
  height: number;
  exif_orientation: number | null;
  corners?: Record<Corner, [number, number]>;
  card_long_side_px?: number;
  notes: string;
};
/** A photo whose card corners truth.json gives. */
export type LabelledPhoto = RealPhoto & { corners: Record<Corner, [number, number]> };
export const isLabelled = (photo: RealPhoto): photo is LabelledPhoto => !!photo.corners;
/** The real-photo goal of issue 22 the benches hold copies of the labelled photos to. */
export type RealPhotoGoal = { outlineLimitPercent: number; minCardLongSide: number };

/** The folder, resolved from the working directory (the repository root for npm scripts and vitest). */
export const REAL_PHOTOS_DIR = path.resolve('..', 'shared', 'realphotos');

/** The labelled photos, or null (with the reason) when the folder is not on this machine. */
export function loadRealPhotos(dir = REAL_PHOTOS_DIR): { photos: RealPhoto[]; dir: string } | { photos: null; reason: string } {
  const truth = path.join(dir, 'truth.json');
  if (!fs.existsSync(truth)) return { photos: null, reason: `no real photos at ${dir} (truth.json missing)` };
  const parsed = JSON.parse(fs.readFileSync(truth, 'utf8')) as { images: RealPhoto[] };
  return { photos: parsed.images, dir };
}

export const readRealPhoto = (dir: string, photo: RealPhoto) => fs.readFileSync(path.join(dir, photo.file));

const PERMUTATIONS = (() => {
  const out: number[][] = [];
  const walk = (rest: number[], acc: number[]) => {
    if (!rest.length) out.push(acc);
    rest.forEach((v, i) => walk([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, v]));
  };
  walk([0, 1, 2, 3], []);
  return out;
})();

/**
 * Outline error of `found` against the labelled corners: corners matched one to one so that their
 * summed distance is least (the engine orders a quad its own way), each error as a percentage of the
 * card's diagonal in the photo. Returns the four errors, worst first.
 */
export function outlineErrorPercent(found: Point[], truth: Record<Corner, [number, number]>): number[] {
  const t = (['TL', 'TR', 'BR', 'BL'] as const).map((k) => ({ x: truth[k][0], y: truth[k][1] }));
  const diagonal = (Math.hypot(t[2].x - t[0].x, t[2].y - t[0].y) + Math.hypot(t[3].x - t[1].x, t[3].y - t[1].y)) / 2;
  let best: number[] = [];
  let bestSum = Infinity;
  for (const perm of PERMUTATIONS) {
    const errs = perm.map((j, i) => Math.hypot(found[j].x - t[i].x, found[j].y - t[i].y));
    const sum = errs.reduce((s, e) => s + e, 0);
    if (sum < bestSum) {
      bestSum = sum;
      best = errs;
    }
  }
  return best.map((e) => (100 * e) / diagonal).sort((a, b) => b - a);
}

export type FrameSide = 'left' | 'top' | 'right' | 'bottom';

/** The labelled card's scale in the photo: its diagonal (top-left to bottom-right corner) over a card's, px per mm. */
const labelledPxPerMm = ({ corners: { TL, BR } }: LabelledPhoto) =>
  Math.hypot(TL[0] - BR[0], TL[1] - BR[1]) / Math.hypot(CARD_WIDTH_MM, CARD_HEIGHT_MM);

/**
 * The labelled photo upright, cropped on one `side` so the frame's edge lies `mm` inside the card's
 * outermost labelled corner there (negative: that far outside it), as a JPEG, with the labelled corners
 * moved into the crop; null when the photo has no room for that crop (the card already that close to
 * its edge). Tight framing, for the bench and the tests alike.
 */
export async function framedAt(
  dir: string,
  photo: LabelledPhoto,
  side: FrameSide,
  mm: number,
): Promise<{ buf: Buffer; corners: Record<Corner, [number, number]> } | null> {
  const upright = await sharp(readRealPhoto(dir, photo)).rotate().toBuffer({ resolveWithObject: true });
  const c = Object.values(photo.corners);
  const pxPerMm = labelledPxPerMm(photo);
  const [xs, ys] = [c.map((q) => q[0]), c.map((q) => q[1])];
  const { width, height } = upright.info;
  const box = { left: 0, top: 0, right: width, bottom: height };
  if (side === 'left') box.left = Math.round(Math.min(...xs) + mm * pxPerMm);
  if (side === 'top') box.top = Math.round(Math.min(...ys) + mm * pxPerMm);
  if (side === 'right') box.right = Math.round(Math.max(...xs) - mm * pxPerMm);
  if (side === 'bottom') box.bottom = Math.round(Math.max(...ys) - mm * pxPerMm);
  if (box.left <= 0 && box.top <= 0 && box.right >= width && box.bottom >= height) return null;
  if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height) return null;
  const buf = await sharp(upright.data)
    .extract({ left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top })
    .jpeg({ quality: 92 })
    .toBuffer();
  const corners = Object.fromEntries(Object.entries(photo.corners).map(([k, [x, y]]) => [k, [x - box.left, y - box.top]]));
  return { buf, corners: corners as Record<Corner, [number, number]> };
}

/** A `w` × `h` RGB image whose pixel centres `toSource` maps into `img`, sampled bilinearly. */
function resample(img: RgbImage, w: number, h: number, toSource: ReturnType<typeof homographyFromPoints>): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 3);
  const rgb = [0, 0, 0];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = applyHomography(toSource, x + 0.5, y + 0.5);
      sampleRgb(img, p.x - 0.5, p.y - 0.5, rgb);
      out.set(rgb, (y * w + x) * 3);
    }
  return out;
}

/** A phone's main camera: focal length over the photo's long side. */
const FOCAL_PER_LONG_SIDE = 0.8;
export type TiltAxis = 'horizontal' | 'vertical';

/**
 * The labelled photo upright, as seen when it is turned by `deg` about the `axis` through its centre: the
 * photo taken as a plane at a phone camera's focal distance, the camera kept where it was (what holding
 * the phone at a slant does). Beyond the old frame its edge pixels repeat (table, as a wider photo
 * shows). As a JPEG, with the labelled corners moved with it; null when the card comes within 1 mm of
 * the frame or leaves it (it is no longer whole in frame). Tilted shots, for the bench and the tests alike.
 */
export async function tiltedAt(
  dir: string,
  photo: LabelledPhoto,
  deg: number,
  axis: TiltAxis,
): Promise<{ buf: Buffer; corners: Record<Corner, [number, number]> } | null> {
  const { data, info } = await sharp(readRealPhoto(dir, photo)).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const img: RgbImage = { width: info.width, height: info.height, data, channels: 3 };
  const { width: w, height: h } = img;
  const f = FOCAL_PER_LONG_SIDE * Math.max(w, h),
    cx = w / 2,
    cy = h / 2;
  const c = Math.cos((deg * Math.PI) / 180),
    s = Math.sin((deg * Math.PI) / 180);
  // A point of the plane, relative to its centre, turned, then projected from the camera at distance f.
  const project = ({ x, y }: Point): Point => {
    const [X, Y, Z] = axis === 'horizontal' ? [x - cx, c * (y - cy), s * (y - cy) + f] : [c * (x - cx), y - cy, -s * (x - cx) + f];
    return { x: (f * X) / Z + cx, y: (f * Y) / Z + cy };
  };
  const frame = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
  const toTilted = homographyFromPoints(frame, frame.map(project));
  const corners = Object.fromEntries(
    Object.entries(photo.corners).map(([k, [x, y]]) => {
      const q = applyHomography(toTilted, x, y);
      return [k, [q.x, q.y]];
    }),
  ) as Record<Corner, [number, number]>;
  const pxPerMm = labelledPxPerMm(photo);
  if (Object.values(corners).some(([x, y]) => x < pxPerMm || y < pxPerMm || x > w - pxPerMm || y > h - pxPerMm)) return null;
  const fromTilted = invertHomography(toTilted);
  const out = resample(img, w, h, fromTilted);
  const buf = await sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { buf, corners };
}

/**
 * The labelled photo upright, scaled (area-averaged, as a phone's smaller photo setting or a resized
 * upload is) so that the card's longest side spans `longSidePx`, as a JPEG with its corners scaled
 * with it; null when that would enlarge the photo. Small photos of a card, for the bench and the tests alike.
 */
export async function scaledTo(
  dir: string,
  photo: LabelledPhoto,
  longSidePx: number,
): Promise<{ buf: Buffer; corners: Record<Corner, [number, number]> } | null> {
  // The labelled outline's longest side (truth.json's card_long_side_px), its corners taken round in order.
  const outline = (['TL', 'TR', 'BR', 'BL'] as const).map((k) => ({ x: photo.corners[k][0], y: photo.corners[k][1] }));
  const s = longSidePx / cardLongSidePx(outline);
  if (s >= 1) return null;
  const upright = await sharp(readRealPhoto(dir, photo)).rotate().toBuffer({ resolveWithObject: true });
  const width = Math.round(upright.info.width * s),
    height = Math.round(upright.info.height * s);
  const buf = await sharp(upright.data).resize(width, height, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer();
  // Pixel centres sit at integer coordinates: a centre x maps to (x + 0.5)·s − 0.5.
  const corners = Object.fromEntries(
    Object.entries(photo.corners).map(([k, [x, y]]) => [
      k,
      [(x + 0.5) * (width / upright.info.width) - 0.5, (y + 0.5) * (height / upright.info.height) - 0.5],
    ]),
  );
  return { buf, corners: corners as Record<Corner, [number, number]> };
}

/**
 * The labelled photo upright, as a listing photo shows it: cut `marginMm` beside the card's outermost
 * corners on its left and right (full height), and set on a white canvas, squared (bands of white at
 * least a tenth of the photo's width either side), as a JPEG with its corners moved with it; null when
 * the photo has no such margin beside the card.
 */
export async function onListingCanvas(
  dir: string,
  photo: LabelledPhoto,
  marginMm: number,
): Promise<{ buf: Buffer; corners: Record<Corner, [number, number]> } | null> {
  const upright = await sharp(readRealPhoto(dir, photo)).rotate().toBuffer({ resolveWithObject: true });
  const pxPerMm = labelledPxPerMm(photo);
  const xs = Object.values(photo.corners).map((q) => q[0]);
  const left = Math.round(Math.min(...xs) - marginMm * pxPerMm),
    right = Math.round(Math.max(...xs) + marginMm * pxPerMm);
  const { width, height } = upright.info;
  if (left < 0 || right > width) return null;
  const w = right - left;
  const band = Math.max(Math.round((height - w) / 2), Math.round(0.1 * w));
  const buf = await sharp(upright.data)
    .extract({ left, top: 0, width: w, height })
    .extend({ left: band, right: band, background: { r: 255, g: 255, b: 255 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const corners = Object.fromEntries(Object.entries(photo.corners).map(([k, [x, y]]) => [k, [x - left + band, y]]));
  return { buf, corners: corners as Record<Corner, [number, number]> };
}

/**
 * The labelled photo upright, then turned in its own plane by `quarterTurns` quarter turns clockwise (a
 * phone held sideways or upside down, its orientation tag lost), as a JPEG with its corners turned with
 * it. The engine must find the same card whichever way up the photo is.
 */
export async function turnedBy(
  dir: string,
  photo: LabelledPhoto,
  quarterTurns: 1 | 2 | 3,
): Promise<{ buf: Buffer; corners: Record<Corner, [number, number]> }> {
  const upright = await sharp(readRealPhoto(dir, photo)).rotate().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = upright.info;
  const buf = await sharp(upright.data)
    .rotate(90 * quarterTurns)
    .jpeg({ quality: 92 })
    .toBuffer();
  // Pixel centres at integer coordinates: a quarter turn clockwise takes (x, y) to (h − 1 − y, x).
  const turn = ([x, y]: [number, number]): [number, number] =>
    quarterTurns === 1 ? [h - 1 - y, x] : quarterTurns === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
  const corners = Object.fromEntries(Object.entries(photo.corners).map(([k, p]) => [k, turn(p)]));
  return { buf, corners: corners as Record<Corner, [number, number]> };
}

/** How far a card may be turned from square to the frame to be paired with itself (pairedWithItself). */
const MAX_PAIRED_TILT_DEG = 2;

/**
 * A photo of two cards side by side: the labelled photo upright, its card and some table round it
 * cropped twice and laid next to each other in a `row` (or one above the other in a `column`), the
 * cards' bounding boxes `gapMm` apart; as a JPEG with the outline round both cards (`union`, the four
 * outermost of their eight corners) and the first card's own corners, or null when the photo has no
 * table to spare there.
 */
export async function pairedWithItself(
  dir: string,
  photo: LabelledPhoto,
  gapMm: number,
  along: 'row' | 'column',
): Promise<{ buf: Buffer; union: Point[]; first: Point[] } | null> {
  const upright = await sharp(readRealPhoto(dir, photo)).rotate().toBuffer({ resolveWithObject: true });
  const c = Object.values(photo.corners);
  const pxPerMm = labelledPxPerMm(photo);
  const [xs, ys] = [c.map((q) => q[0]), c.map((q) => q[1])];
  // Two cards lie side by side along their own sides: a copy laid beside a card turned in the frame
  // would stand askew of it, so only a card square to the frame is paired.
  const sides = [c[1], c[2], c[3], c[0]].map((q, i) => Math.atan2(q[1] - c[i][1], q[0] - c[i][0]));
  if (sides.some((a) => Math.abs(Math.sin(2 * a)) > Math.sin((2 * MAX_PAIRED_TILT_DEG * Math.PI) / 180))) return null;
  const row = along === 'row';
  // Along the pairing: from the table before the card to half the gap past it, and back; across it, the
  // card with a tenth of its size of table either side.
  const [lo, hi, size] = row
    ? [Math.min(...xs), Math.max(...xs), upright.info.width]
    : [Math.min(...ys), Math.max(...ys), upright.info.height];
  const [clo, chi, csize] = row
    ? [Math.min(...ys), Math.max(...ys), upright.info.height]
    : [Math.min(...xs), Math.max(...xs), upright.info.width];
  const half = (gapMm * pxPerMm) / 2;
  const margin = 0.12 * (hi - lo);
  const first = [Math.round(lo - margin), Math.round(hi + half)];
  const second = [Math.round(lo - half), Math.round(hi + margin)];
  const across = [Math.max(0, Math.round(clo - 0.1 * (chi - clo))), Math.min(csize, Math.round(chi + 0.1 * (chi - clo)))];
  if (first[0] < 0 || second[0] < 0 || first[1] > size || second[1] > size) return null;
  const piece = ([a, b]: number[]) =>
    sharp(upright.data)
      .extract(
        row
          ? { left: a, top: across[0], width: b - a, height: across[1] - across[0] }
          : { left: across[0], top: a, width: across[1] - across[0], height: b - a },
      )
      .toBuffer();
  const along1 = first[1] - first[0];
  const total = along1 + second[1] - second[0];
  const depth = across[1] - across[0];
  const buf = await sharp({ create: { width: row ? total : depth, height: row ? depth : total, channels: 3, background: '#000' } })
    .composite([
      { input: await piece(first), left: 0, top: 0 },
      { input: await piece(second), left: row ? along1 : 0, top: row ? 0 : along1 },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
  // Each card's corners in the composite: moved by where its piece was cut from and where it was laid.
  const moved = (from: number, to: number) =>
    c.map(([x, y]) => (row ? { x: x - from + to, y: y - across[0] } : { x: x - across[0], y: y - from + to }));
  const cards = [...moved(first[0], 0), ...moved(second[0], along1)];
  const extreme = (f: (p: Point) => number, most: boolean) => cards.reduce((a, b) => ((most ? f(b) > f(a) : f(b) < f(a)) ? b : a));
  const union = [
    extreme((p) => p.x + p.y, false),
    extreme((p) => p.x - p.y, true),
    extreme((p) => p.x + p.y, true),
    extreme((p) => p.x - p.y, false),
  ];
  return { buf, union, first: moved(first[0], 0) };
}

/**
 * The labelled photo's card cut out as a catalogue render or a scan cropped to the card is: straightened
 * to `pxPerMm`, the frame on its outline, and what shows beyond its rounded corners filled with one
 * colour, its border's (the median just inside the four corners), so that no cut edge shows anywhere.
 * As a JPEG with the card's corners, then the frame's. With `fill` another colour shows there instead,
 * and `marginMm` of it all round: a catalogue image on white.
 */
export async function croppedToCard(
  dir: string,
  photo: LabelledPhoto,
  pxPerMm: number,
  { fill, marginMm = 0 }: { fill?: [number, number, number]; marginMm?: number } = {},
): Promise<{ buf: Buffer; corners: Record<Corner, [number, number]> }> {
  const { data, info } = await sharp(readRealPhoto(dir, photo)).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const img: RgbImage = { width: info.width, height: info.height, data, channels: 3 };
  const { TL, TR, BR, BL } = photo.corners;
  const lying = Math.hypot(TR[0] - TL[0], TR[1] - TL[1]) > Math.hypot(BR[0] - TR[0], BR[1] - TR[1]);
  // Portrait: the card's top-left is the labelled corner its short top side starts from.
  const quad = (lying ? [TR, BR, BL, TL] : [TL, TR, BR, BL]).map(([x, y]) => ({ x, y }));
  const w = Math.round(CARD_WIDTH_MM * pxPerMm),
    h = Math.round(CARD_HEIGHT_MM * pxPerMm);
  const toPhoto = homographyFromPoints(
    [
      { x: 0, y: 0 },
      { x: w, y: 0 },
      { x: w, y: h },
      { x: 0, y: h },
    ],
    quad,
  );
  const out = resample(img, w, h, toPhoto);
  const corners = [
    [0, 0],
    [CARD_WIDTH_MM, 0],
    [CARD_WIDTH_MM, CARD_HEIGHT_MM],
    [0, CARD_HEIGHT_MM],
  ];
  // The border colour: per channel, the median of patches 1–2 mm inside each corner along both sides.
  const px: number[][] = [];
  for (const [cx, cy] of corners)
    for (let v = 1; v <= 2; v += 0.25)
      for (let u = 4; u <= 8; u += 0.5)
        for (const [a, b] of [
          [u, v],
          [v, u],
        ]) {
          const x = Math.round(Math.abs(cx - a) * pxPerMm - (cx ? 1 : 0)),
            y = Math.round(Math.abs(cy - b) * pxPerMm - (cy ? 1 : 0));
          px.push([...out.subarray((y * w + x) * 3, (y * w + x) * 3 + 3)]);
        }
  const colour = fill ?? [0, 1, 2].map((c) => px.map((p) => p[c]).sort((m, n) => m - n)[px.length >> 1]);
  for (const [cx, cy] of corners) {
    const reach = Math.ceil(CORNER_RADIUS_MM * pxPerMm);
    const x0 = cx ? w - reach : 0,
      y0 = cy ? h - reach : 0;
    for (let y = y0; y < y0 + reach; y++)
      for (let x = x0; x < x0 + reach; x++)
        if (roundedRectDistance((x + 0.5) / pxPerMm, (y + 0.5) / pxPerMm) > -0.15) out.set(colour, (y * w + x) * 3);
  }
  const margin = Math.round(marginMm * pxPerMm);
  const [r, g, b] = colour;
  const buf = await sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r, g, b } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const [m, right, bottom] = [margin, margin + w, margin + h];
  return { buf, corners: { TL: [m, m], TR: [right, m], BR: [right, bottom], BL: [m, bottom] } };
}

/** How a phone or an upload spoils a photo (degradedAs). */
export const DEGRADATIONS = ['blurred', 'compressed', 'dim and noisy', 'warm light', 'cool light'] as const;
export type Degradation = (typeof DEGRADATIONS)[number];

/** Each light's colour cast, as a matrix from the photo's RGB to the cast's (a tungsten lamp's, a shaded window's). */
const COLOUR_CASTS: Record<'warm light' | 'cool light', [[number, number, number], [number, number, number], [number, number, number]]> = {
  'warm light': [
    [1, 0.1, 0],
    [0.05, 0.9, 0],
    [0, 0.05, 0.65],
  ],
  'cool light': [
    [0.7, 0, 0],
    [0, 0.9, 0.05],
    [0, 0.1, 1],
  ],
};

/**
 * The labelled photo upright and spoiled as phones and uploads spoil photos, its corners unmoved:
 * `blurred` by a Gaussian 0.2 % of the card's length (a shaky hand, a soft focus), `compressed` to JPEG
 * quality 25 (a messaging app), `dim and noisy` (40 % of the light, a darker tone curve and sensor noise of
 * 6 levels), `warm light` and `cool light` (a tungsten lamp's and a shaded window's colour casts).
 */
export async function degradedAs(
  dir: string,
  photo: LabelledPhoto,
  how: Degradation,
): Promise<{ buf: Buffer; corners: Record<Corner, [number, number]> }> {
  const upright = await sharp(readRealPhoto(dir, photo)).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: upright.info };
  const outline = (['TL', 'TR', 'BR', 'BL'] as const).map((k) => ({ x: photo.corners[k][0], y: photo.corners[k][1] }));
  let buf: Buffer;
  if (how === 'blurred')
    buf = await sharp(upright.data, raw)
      .blur(Math.max(0.3, 0.002 * cardLongSidePx(outline)))
      .jpeg({ quality: 90 })
      .toBuffer();
  else if (how === 'compressed') buf = await sharp(upright.data, raw).jpeg({ quality: 25 }).toBuffer();
  else if (how === 'warm light' || how === 'cool light')
    buf = await sharp(upright.data, raw).recomb(COLOUR_CASTS[how]).jpeg({ quality: 90 }).toBuffer();
  else {
    // A fixed seed: the same noise on every run.
    let seed = 12345;
    const uniform = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const data = Buffer.from(upright.data);
    for (let i = 0; i < data.length; i++) {
      const noise = (uniform() + uniform() + uniform() - 1.5) * 12;
      data[i] = Math.max(0, Math.min(255, Math.round(255 * 0.45 * (data[i] / 255) ** 1.3 + noise)));
    }
    buf = await sharp(data, raw).jpeg({ quality: 85 }).toBuffer();
  }
  return { buf, corners: photo.corners };
}

/**
 * Comparison with the card's own image (the catalogue scan): what the printed card looks like, so
 * only what the reference does not show counts as damage. The scan is of another copy, whose print
 * sits elsewhere on its cut, so the print's shift is estimated first (coarse-to-fine correlation of
 * the straightened photo with the reference), then brightness is fitted (gain and offset, plus a
 * slowly varying term for uneven light), and the residual is what is left: brighter than every
 * reference pixel nearby (a scratch, a light print line) or darker than every one (a dark print line,
 * a stain). Taking the nearby extreme forgives a pixel of misalignment and a softer photo.
 */
import sharp from 'sharp';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';
import { lumaOf, type GrayImage } from './image';

/** Correlation of photo and reference below which the photo is not taken to show the picked card. */
export const MATCH_THRESHOLD = 0.6;
/** Largest print shift searched, mm (a print that far off-centre is far below any grade anyway). */
const MAX_SHIFT_MM = 4;
/** Reference images above this size are refused: a catalogue scan is about 0.75 MP. */
const MAX_REFERENCE_PIXELS = 12_000_000;
/** Cut edges differ between copies; only the print inside this margin is compared. */
const INNER_MARGIN_MM = 3;

/** The reference as a gray image of the whole card (cut edge to cut edge); outside its outline is NaN. */
export type ReferenceImage = { gray: GrayImage; pxPerMm: number };

/** Decodes a catalogue scan; null when it is not a card-shaped image (then the engine grades without one). */
export async function decodeReference(input: Buffer): Promise<ReferenceImage | null> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_REFERENCE_PIXELS })
      .ensureAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const aspect = info.width / info.height;
    if (Math.abs(aspect - CARD_WIDTH_MM / CARD_HEIGHT_MM) > 0.04 || info.width < 200) return null;
    const gray = new Float32Array(info.width * info.height);
    for (let i = 0, j = 0; i < gray.length; i++, j += 4) gray[i] = data[j + 3] < 128 ? NaN : lumaOf(data, j);
    return {
      gray: { width: info.width, height: info.height, data: gray },
      pxPerMm: (info.width / CARD_WIDTH_MM + info.height / CARD_HEIGHT_MM) / 2,
    };
  } catch {
    return null;
  }
}

export type ReferenceComparison = {
  /** Normalised correlation of the aligned print, 0..1: how surely the photo shows the referenced card. */
  matchScore: number;
  matched: boolean;
  /** The photo shows the card turned half a turn against the reference (shift then in the turned frame). */
  upsideDown: boolean;
  /** Where the photo's print sits against the reference's, mm (positive: right / down). */
  printShiftMm: { x: number; y: number };
  /** Fitted photo = gain × reference + offset (gray levels). */
  gain: number;
  offset: number;
  /** Per rectified pixel: how much brighter than any nearby reference pixel (up) or darker (down), on the reference's scale; NaN where the reference does not cover. */
  up: Float32Array;
  down: Float32Array;
};

/** Reference gray sampled on a card grid at `s` px/mm with the print moved by (dx, dy) mm; NaN outside. */
function renderReference(ref: ReferenceImage, w: number, h: number, s: number, dx: number, dy: number): Float32Array {
  const out = new Float32Array(w * h);
  const { width: rw, height: rh, data } = ref.gray;
  const k = ref.pxPerMm / s;
  for (let y = 0; y < h; y++) {
    const fy = ((y + 0.5) / s - dy) * ref.pxPerMm - 0.5;
    const y0 = Math.floor(fy),
      ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = ((x + 0.5) / s - dx) * ref.pxPerMm - 0.5;
      const x0 = Math.floor(fx),
        tx = fx - x0;
      if (x0 < 0 || y0 < 0 || x0 >= rw - 1 || y0 >= rh - 1) {
        out[y * w + x] = NaN;
        continue;
      }
      const i = y0 * rw + x0;
      // Downsampling a sharp scan: average a box of the scan's pixels first when it is much finer.
      if (k > 1.8) {
        const r = Math.floor(k / 2);
        let sum = 0,
          n = 0;
        for (let yy = Math.max(0, y0 - r); yy <= Math.min(rh - 1, y0 + r); yy++)
          for (let xx = Math.max(0, x0 - r); xx <= Math.min(rw - 1, x0 + r); xx++) ((sum += data[yy * rw + xx]), n++);
        out[y * w + x] = sum / n;
        continue;
      }
      const top = data[i] + (data[i + 1] - data[i]) * tx,
        bottom = data[i + rw] + (data[i + rw + 1] - data[i + rw]) * tx;
      out[y * w + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

/** Box-averages a gray card grid down by an integer factor. */
function shrink(src: Float32Array, w: number, h: number, f: number): { data: Float32Array; w: number; h: number } {
  const W = Math.floor(w / f),
    H = Math.floor(h / f);
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let sum = 0;
      for (let yy = 0; yy < f; yy++) for (let xx = 0; xx < f; xx++) sum += src[(y * f + yy) * w + x * f + xx];
      out[y * W + x] = sum / (f * f);
    }
  return { data: out, w: W, h: H };
}

/**
 * Normalised cross-correlation of the photo with the reference moved by (i, j) pixels, over the inner
 * print, skipping NaN (outside the reference). `ext` is the reference rendered `pad` pixels wider on each side.
 */
function ncc(a: Float32Array, ext: Float32Array, w: number, h: number, pad: number, i: number, j: number, m: number): number {
  const W = w + 2 * pad;
  let n = 0,
    sa = 0,
    sb = 0,
    saa = 0,
    sbb = 0,
    sab = 0;
  for (let y = m; y < h - m; y++) {
    const row = (y - j + pad) * W - i + pad;
    for (let x = m; x < w - m; x++) {
      const u = a[y * w + x],
        v = ext[row + x];
      if (v !== v) continue;
      n++;
      sa += u;
      sb += v;
      saa += u * u;
      sbb += v * v;
      sab += u * v;
    }
  }
  if (n < 100) return 0;
  const cov = sab - (sa * sb) / n,
    va = saa - (sa * sa) / n,
    vb = sbb - (sb * sb) / n;
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}

/** Best shift (mm) around `centre`, ±`range` pixels at this grid's `s` px/mm: the reference is rendered once, shifts are index offsets. */
function search(
  photo: Float32Array,
  ref: ReferenceImage,
  w: number,
  h: number,
  s: number,
  centre: { x: number; y: number },
  range: number,
) {
  const m = Math.round(INNER_MARGIN_MM * s);
  const pad = range + 1;
  const ext = renderReference(ref, w + 2 * pad, h + 2 * pad, s, centre.x + pad / s, centre.y + pad / s);
  let best = { i: 0, j: 0, score: -2 };
  const scores = new Map<string, number>();
  for (let j = -range; j <= range; j++)
    for (let i = -range; i <= range; i++) {
      const score = ncc(photo, ext, w, h, pad, i, j, m);
      scores.set(`${i},${j}`, score);
      if (score > best.score) best = { i, j, score };
    }
  // Sub-pixel: a parabola through the best score and its neighbours on each axis.
  const at = (i: number, j: number) => scores.get(`${i},${j}`);
  const para = (l?: number, c?: number, r?: number) =>
    l === undefined || r === undefined || c === undefined || l + r - 2 * c >= 0
      ? 0
      : Math.max(-0.5, Math.min(0.5, (l - r) / (2 * (l + r - 2 * c))));
  const { i, j } = best;
  return {
    x: centre.x + (i + para(at(i - 1, j), best.score, at(i + 1, j))) / s,
    y: centre.y + (j + para(at(i, j - 1), best.score, at(i, j + 1))) / s,
    score: best.score,
  };
}

/** Running box mean of radius r (pixels) over a grid, NaN treated as zero weight. */
function boxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h),
    cnt = new Float32Array(w * h),
    out = new Float32Array(w * h),
    cntOut = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    let sum = 0,
      n = 0;
    for (let x = -r; x < w; x++) {
      const add = x + r,
        sub = x - r - 1;
      if (add < w) {
        const v = src[y * w + add];
        if (v === v) ((sum += v), n++);
      }
      if (sub >= 0) {
        const v = src[y * w + sub];
        if (v === v) ((sum -= v), n--);
      }
      if (x >= 0) ((tmp[y * w + x] = sum), (cnt[y * w + x] = n));
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0,
      n = 0;
    for (let y = -r; y < h; y++) {
      const add = y + r,
        sub = y - r - 1;
      if (add < h) ((sum += tmp[add * w + x]), (n += cnt[add * w + x]));
      if (sub >= 0) ((sum -= tmp[sub * w + x]), (n -= cnt[sub * w + x]));
      if (y >= 0) ((out[y * w + x] = sum), (cntOut[y * w + x] = n));
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = cntOut[i] > 0 ? out[i] / cntOut[i] : 0;
  return out;
}

/**
 * Aligns the straightened photo (gray, `s` px/mm, whole card) to the reference and returns the
 * residual maps. Runs on the grading thread: about 30 correlations on small grids and two passes at
 * full resolution.
 */
export function compareWithReference(photo: GrayImage, s: number, reference: ReferenceImage): ReferenceComparison {
  const { width: w, height: h, data: P } = photo;
  // Coarse: 2 px/mm over the whole range in 0.5 mm steps, then 4 px/mm in 0.25 mm steps.
  // A card photographed upside down is the reference turned half a turn: the coarse search tries both.
  const turned: ReferenceImage = { pxPerMm: reference.pxPerMm, gray: { ...reference.gray, data: reference.gray.data.slice().reverse() } };
  const f0 = Math.max(1, Math.round(s / 2));
  const coarse = shrink(P, w, h, f0);
  const upright = search(coarse.data, reference, coarse.w, coarse.h, s / f0, { x: 0, y: 0 }, MAX_SHIFT_MM * 2);
  const flipped = search(coarse.data, turned, coarse.w, coarse.h, s / f0, { x: 0, y: 0 }, MAX_SHIFT_MM * 2);
  const upsideDown = flipped.score > upright.score;
  const ref = upsideDown ? turned : reference;
  let estimate = upsideDown ? flipped : upright;
  {
    const f = Math.max(1, Math.round(s / 4));
    const small = shrink(P, w, h, f);
    estimate = search(small.data, ref, small.w, small.h, s / f, estimate, 2);
  }
  // Fine: a pixel at full resolution around the estimate.
  estimate = search(P, ref, w, h, s, estimate, 1);
  const R = renderReference(ref, w, h, s, estimate.x, estimate.y);
  const m = Math.round(INNER_MARGIN_MM * s);
  const matchScore = Math.max(0, ncc(P, R, w, h, 0, 0, 0, m));
  // Gain and offset by least squares over the inner print, twice: the second pass drops outliers
  // (the damage itself, glare) beyond three robust deviations.
  let gain = 1,
    offset = 0;
  for (let pass = 0; pass < 2; pass++) {
    let n = 0,
      sx = 0,
      sy = 0,
      sxx = 0,
      sxy = 0;
    const limit = pass === 0 ? Infinity : 3 * robustSpread(P, R, w, h, m, gain, offset);
    for (let y = m; y < h - m; y += 2)
      for (let x = m; x < w - m; x += 2) {
        const i = y * w + x,
          r = R[i];
        if (r !== r) continue;
        const p = P[i];
        if (Math.abs(p - gain * r - offset) > limit) continue;
        n++;
        sx += r;
        sy += p;
        sxx += r * r;
        sxy += r * p;
      }
    const den = n * sxx - sx * sx;
    if (n < 100 || den <= 0) break;
    gain = Math.max(0.05, (n * sxy - sx * sy) / den);
    offset = (sy - gain * sx) / n;
  }
  // Uneven light (a lamp to one side) is a slow change of brightness: fit it as a 2.5 mm box mean of the residual.
  const E = new Float32Array(w * h);
  for (let i = 0; i < E.length; i++) E[i] = R[i] === R[i] ? P[i] - gain * R[i] - offset : NaN;
  const L = boxMean(E, w, h, Math.round(2.5 * s));
  const fitted = new Float32Array(w * h);
  for (let i = 0; i < fitted.length; i++) fitted[i] = gain * R[i] + offset + L[i];
  // Brighter than the brightest (darker than the darkest) reference pixel within about 0.15 mm.
  const r = Math.max(1, Math.round(0.15 * s));
  const up = new Float32Array(w * h),
    down = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let hi = -Infinity,
        lo = Infinity,
        nan = false;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          const v = fitted[yy * w + xx];
          if (v !== v) {
            nan = true;
            continue;
          }
          if (v > hi) hi = v;
          if (v < lo) lo = v;
        }
      const i = y * w + x;
      if (nan || hi === -Infinity) {
        up[i] = NaN;
        down[i] = NaN;
        continue;
      }
      // On the reference's scale: a dim photo's residual is divided by its gain.
      up[i] = (P[i] - hi) / gain;
      down[i] = (lo - P[i]) / gain;
    }
  return {
    matchScore,
    matched: matchScore >= MATCH_THRESHOLD,
    upsideDown,
    printShiftMm: { x: round2(estimate.x), y: round2(estimate.y) },
    gain,
    offset,
    up,
    down,
  };
}

function robustSpread(P: Float32Array, R: Float32Array, w: number, h: number, m: number, gain: number, offset: number): number {
  const res: number[] = [];
  for (let y = m; y < h - m; y += 4)
    for (let x = m; x < w - m; x += 4) {
      const i = y * w + x;
      if (R[i] === R[i]) res.push(Math.abs(P[i] - gain * R[i] - offset));
    }
  res.sort((a, b) => a - b);
  return Math.max(4, 1.4826 * (res[Math.floor(res.length / 2)] ?? 0));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Share of a line (from → to, card mm) the reference does not explain: sampled every pixel along it,
 * each sample the strongest residual across the line within a pixel. NaN samples (outside the
 * reference) count as not confirmed.
 */
export function residualAlong(
  map: Float32Array,
  w: number,
  h: number,
  s: number,
  from: { xMm: number; yMm: number },
  to: { xMm: number; yMm: number },
  threshold: number,
): number {
  const len = Math.hypot(to.xMm - from.xMm, to.yMm - from.yMm) * s;
  const n = Math.max(2, Math.round(len));
  const nx = -(to.yMm - from.yMm) / (len / s || 1),
    ny = (to.xMm - from.xMm) / (len / s || 1);
  let confirmed = 0;
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const cx = (from.xMm + (to.xMm - from.xMm) * t) * s - 0.5,
      cy = (from.yMm + (to.yMm - from.yMm) * t) * s - 0.5;
    let best = -Infinity;
    for (let o = -1.5; o <= 1.5; o += 0.5) {
      const x = Math.round(cx + nx * o),
        y = Math.round(cy + ny * o);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const v = map[y * w + x];
      if (v > best) best = v;
    }
    if (best > threshold) confirmed++;
  }
  return confirmed / (n + 1);
}

/**
 * Finds the card in the small working copy: a background colour model from the frame's border
 * ring, a foreground mask, its largest blob, and a quadrilateral fitted to the blob's four sides
 * (not an axis-aligned box). The fit is coarse; refine.ts makes it sub-pixel on the full image.
 */
import {
  fitLineRobust,
  frameEdgesCrossed,
  intersect,
  kthSmallest,
  median,
  polygonArea,
  quadPxPerMm,
  runsOffDetail,
  twoCardsWhere,
  type FrameEdge,
  type Point,
} from './geometry';
import type { RgbImage } from './image';
import { rectifiedAspect } from './perspective';
import { EngineRefusal } from './refusal';

export type Quad = [Point, Point, Point, Point]; // top-left, top-right, bottom-right, bottom-left

type Cluster = { r: number; g: number; b: number; spread: number; share: number };

function kMeans(samples: number[][], k: number): Cluster[] {
  // Typed arrays and running sums: this runs on every photo, so no per-iteration allocation.
  const n = samples.length;
  const px = new Float32Array(n * 3);
  samples.forEach((s, i) => ((px[i * 3] = s[0]!), (px[i * 3 + 1] = s[1]!), (px[i * 3 + 2] = s[2]!)));
  const centres = new Float64Array(k * 3);
  for (let j = 0; j < k; j++) {
    const i = Math.floor(((j + 0.5) * n) / k);
    centres.set(px.subarray(i * 3, i * 3 + 3), j * 3);
  }
  const labels = new Int32Array(n);
  for (let iter = 0; iter < 10; iter++) {
    const sums = new Float64Array(k * 3),
      counts = new Int32Array(k);
    for (let i = 0; i < n; i++) {
      let best = 0,
        bestD = Infinity;
      for (let j = 0; j < k; j++) {
        const dr = px[i * 3] - centres[j * 3],
          dg = px[i * 3 + 1] - centres[j * 3 + 1],
          db = px[i * 3 + 2] - centres[j * 3 + 2];
        const d = dr * dr + dg * dg + db * db;
        if (d < bestD) ((bestD = d), (best = j));
      }
      labels[i] = best;
      counts[best]++;
      for (let c = 0; c < 3; c++) sums[best * 3 + c] += px[i * 3 + c];
    }
    for (let j = 0; j < k; j++) if (counts[j]) for (let c = 0; c < 3; c++) centres[j * 3 + c] = sums[j * 3 + c] / counts[j];
  }
  const spread = new Float64Array(k),
    counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const j = labels[i];
    counts[j]++;
    spread[j] += (px[i * 3] - centres[j * 3]) ** 2 + (px[i * 3 + 1] - centres[j * 3 + 1]) ** 2 + (px[i * 3 + 2] - centres[j * 3 + 2]) ** 2;
  }
  return Array.from({ length: k }, (_, j) => ({
    r: centres[j * 3],
    g: centres[j * 3 + 1],
    b: centres[j * 3 + 2],
    spread: counts[j] ? Math.sqrt(spread[j] / counts[j]) : 0,
    share: counts[j] / n,
  }));
}

/** Otsu's threshold on values in [0, max]. */
function otsu(values: Float32Array, max: number): number {
  const bins = 256;
  const hist = new Float64Array(bins);
  for (const v of values) hist[Math.min(bins - 1, Math.floor((v / max) * bins))]++;
  let sum = 0;
  for (let i = 0; i < bins; i++) sum += i * hist[i];
  let sumB = 0,
    wB = 0,
    best = 0,
    bestVar = -1;
  for (let i = 0; i < bins; i++) {
    wB += hist[i];
    if (!wB) continue;
    const wF = values.length - wB;
    if (!wF) break;
    sumB += i * hist[i];
    const mB = sumB / wB,
      mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > bestVar) ((bestVar = between), (best = i));
  }
  return ((best + 0.5) / bins) * max;
}

/** Distance of every pixel from the nearest background colour, in units of that colour's spread. */
function backgroundDistance(img: RgbImage): Float32Array {
  const { width: w, height: h, data } = img;
  const ring = Math.max(2, Math.round(Math.min(w, h) * 0.025));
  const samples: number[][] = [];
  const sides: number[] = []; // 0 top, 1 right, 2 bottom, 3 left
  for (let y = 0; y < h; y += 2)
    for (let x = 0; x < w; x += 2) {
      if (x >= ring && x < w - ring && y >= ring && y < h - ring) continue;
      const i = (y * w + x) * 3;
      samples.push([data[i], data[i + 1], data[i + 2]]);
      sides.push(y < ring ? 0 : y >= h - ring ? 2 : x < ring ? 3 : 1);
    }
  // Background is what surrounds the photo: a colour counts only if it shows on at least three of
  // the four sides. A card running off one side (or a corner) of the frame does not.
  const all = kMeans(samples, 4);
  const presence = all.map(() => [0, 0, 0, 0]);
  const sideCounts = [0, 0, 0, 0];
  samples.forEach((sm, i) => {
    let best = 0,
      bestD = Infinity;
    all.forEach((c, j) => {
      const d = (sm[0] - c.r) ** 2 + (sm[1] - c.g) ** 2 + (sm[2] - c.b) ** 2;
      if (d < bestD) ((bestD = d), (best = j));
    });
    presence[best][sides[i]]++;
    sideCounts[sides[i]]++;
  });
  let clusters = all.filter((_, j) => presence[j].filter((count, side) => count >= 0.08 * sideCounts[side]).length >= 3);
  if (!clusters.length) clusters = all.filter((c) => c.share >= 0.12);
  // Per pixel of the working copy: plain products, not `** 2` (Math.pow, three times slower here).
  const k = clusters.length;
  const centre = new Float64Array(k * 3),
    scale = new Float64Array(k);
  clusters.forEach((c, n) => (centre.set([c.r, c.g, c.b], n * 3), (scale[n] = c.spread + 6)));
  const out = new Float32Array(w * h);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) {
    let best = Infinity;
    for (let n = 0; n < k; n++) {
      const dr = data[j] - centre[n * 3],
        dg = data[j + 1] - centre[n * 3 + 1],
        db = data[j + 2] - centre[n * 3 + 2];
      const d = Math.sqrt(dr * dr + dg * dg + db * db) / scale[n];
      if (d < best) best = d;
    }
    out[i] = best;
  }
  return out;
}

/**
 * Distance of every pixel from a background whose colour changes smoothly across the photo: a sheet
 * of paper or a desk lit from one side, light at one end and in shadow at the other. Each channel is a
 * quadratic surface fitted to the frame's border ring (twice, the second time without the samples the
 * first fit left far off: a card or an object reaching the ring), and the distance is counted in units
 * of the ring's remaining spread, as for the colour clusters.
 */
function shadedBackgroundDistance(img: RgbImage): Float32Array {
  const { width: w, height: h, data } = img;
  const ring = Math.max(2, Math.round(Math.min(w, h) * 0.025));
  const samples: { x: number; y: number; i: number }[] = [];
  for (let y = 0; y < h; y += 2)
    for (let x = 0; x < w; x += 2)
      if (x < ring || x >= w - ring || y < ring || y >= h - ring) samples.push({ x: x / w - 0.5, y: y / h - 0.5, i: (y * w + x) * 3 });
  const terms = (x: number, y: number) => [1, x, y, x * x, x * y, y * y];
  let keep = samples.map(() => true);
  let coef: number[][] = [];
  let spread = 0;
  for (let round = 0; round < 2; round++) {
    coef = [0, 1, 2].map((c) => leastSquares(samples.filter((_, k) => keep[k]).map((sm) => [terms(sm.x, sm.y), data[sm.i + c]])));
    const residuals = samples.map((sm) => {
      const t = terms(sm.x, sm.y);
      return Math.hypot(...[0, 1, 2].map((c) => data[sm.i + c] - t.reduce((acc, v, j) => acc + v * coef[c][j], 0)));
    });
    const sorted = [...residuals].sort((a, b) => a - b);
    spread = sorted[Math.floor(sorted.length / 2)] * 1.4826;
    keep = residuals.map((r) => r <= 3 * spread + 6);
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ny = y / h - 0.5;
    for (let x = 0; x < w; x++) {
      const t = terms(x / w - 0.5, ny);
      const j = (y * w + x) * 3;
      let sq = 0;
      for (let c = 0; c < 3; c++)
        sq +=
          (data[j + c] -
            (t[0] * coef[c][0] + t[1] * coef[c][1] + t[2] * coef[c][2] + t[3] * coef[c][3] + t[4] * coef[c][4] + t[5] * coef[c][5])) **
          2;
      out[y * w + x] = Math.sqrt(sq) / (spread + 6);
    }
  }
  return out;
}

/** Least-squares coefficients for rows of [terms, value] (normal equations, Gaussian elimination). */
function leastSquares(rows: [number[], number][]): number[] {
  const n = rows[0]?.[0].length ?? 0;
  const a = Array.from({ length: n }, () => new Float64Array(n + 1));
  for (const [t, v] of rows)
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i][j] += t[i] * t[j];
      a[i][n] += t[i] * v;
    }
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    if (Math.abs(a[col][col]) < 1e-9) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let k = col; k <= n; k++) a[r][k] -= f * a[col][k];
    }
  }
  return a.map((row, i) => (Math.abs(row[i]) < 1e-9 ? 0 : row[n] / row[i]));
}

type BlobBox = { area: number; x0: number; y0: number; x1: number; y1: number };
const boxCentre = (b: { x0: number; x1: number; y0: number; y1: number }): Point => ({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 });

/** `component`'s pixels plus every pixel the frame's outside cannot reach through non-component pixels. */
export function fillHoles(component: Uint8Array, w: number, h: number, stack: number[]): { blob: Uint8Array; area: number } {
  const outside = new Uint8Array(w * h);
  const seed = (p: number) => {
    if (!component[p] && !outside[p]) ((outside[p] = 1), stack.push(p));
  };
  for (let x = 0; x < w; x++) (seed(x), seed((h - 1) * w + x));
  for (let y = 0; y < h; y++) (seed(y * w), seed(y * w + w - 1));
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w,
      y = (p - x) / w;
    if (x > 0) seed(p - 1);
    if (x < w - 1) seed(p + 1);
    if (y > 0) seed(p - w);
    if (y < h - 1) seed(p + w);
  }
  const blob = new Uint8Array(w * h);
  let area = 0;
  for (let i = 0; i < blob.length; i++) if (!outside[i]) ((blob[i] = 1), area++);
  return { blob, area };
}

/** The 4-connected components of `mask`: each pixel's component number, and each component's box and area. */
export function labelComponents(mask: Uint8Array, w: number, h: number) {
  const label = new Int32Array(w * h);
  const stack: number[] = [];
  const components: (BlobBox & { label: number })[] = [];
  for (let start = 0, next = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let area = 0;
    const box = { area: 0, x0: w, y0: h, x1: 0, y1: 0, label: next };
    stack.push(start);
    label[start] = next;
    while (stack.length) {
      const p = stack.pop()!;
      area++;
      const x = p % w,
        y = (p - x) / w;
      if (x < box.x0) box.x0 = x;
      if (x > box.x1) box.x1 = x;
      if (y < box.y0) box.y0 = y;
      if (y > box.y1) box.y1 = y;
      if (x > 0 && mask[p - 1] && !label[p - 1]) ((label[p - 1] = next), stack.push(p - 1));
      if (x < w - 1 && mask[p + 1] && !label[p + 1]) ((label[p + 1] = next), stack.push(p + 1));
      if (y > 0 && mask[p - w] && !label[p - w]) ((label[p - w] = next), stack.push(p - w));
      if (y < h - 1 && mask[p + w] && !label[p + w]) ((label[p + w] = next), stack.push(p + w));
    }
    box.area = area;
    components.push(box);
  }
  return { label, components, stack };
}

/** Components compared by their filled area: only the few largest by their own area can win. */
const FILL_CANDIDATES = 3;

/**
 * The card's blob: of the largest 4-connected components of `mask`, the one covering the most once its
 * holes are filled (a white border on a table whose grain matches the print is a thin ring round the
 * card, smaller in pixels than the art window inside it, yet it is the card). Also the bounding boxes
 * of the other large components (another card in the photo shows up as one).
 */
function largestBlob(mask: Uint8Array, w: number, h: number): { blob: Uint8Array; area: number; others: BlobBox[]; box?: BlobBox } {
  const { label, components, stack } = labelComponents(mask, w, h);
  const boxes = components.filter((box) => box.area >= 0.02 * w * h);
  if (!boxes.length) return { blob: new Uint8Array(w * h), area: 0, others: [] };
  let best: { box: (typeof boxes)[number]; blob: Uint8Array; area: number } | null = null;
  for (const box of [...boxes].sort((a, b) => b.area - a.area).slice(0, FILL_CANDIDATES)) {
    const component = new Uint8Array(w * h);
    for (let i = 0; i < component.length; i++) if (label[i] === box.label) component[i] = 1;
    const filled = fillHoles(component, w, h, stack);
    if (!best || filled.area > best.area) best = { box, ...filled };
  }
  const winner = best!;
  // Components inside the card's own box are parts of it (print that matches the background).
  const inside = (b: BlobBox) => b.x0 >= winner.box.x0 && b.x1 <= winner.box.x1 && b.y0 >= winner.box.y0 && b.y1 <= winner.box.y1;
  const others = boxes.filter((b) => b !== winner.box && !inside(b));
  return { blob: winner.blob, area: winner.area, others, box: winner.box };
}

/** Binary erosion (`keep` = 2r+1: every pixel in the square) or dilation (`keep` = 1: any), separably. */
function squareFilter(mask: Uint8Array, w: number, h: number, r: number, keep: number): Uint8Array {
  const rows = new Uint8Array(w * h),
    out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let count = 0;
    const row = y * w;
    for (let x = -r; x < w; x++) {
      if (x + r < w) count += mask[row + x + r];
      if (x - r - 1 >= 0) count -= mask[row + x - r - 1];
      if (x >= 0) rows[row + x] = count >= keep ? 1 : 0;
    }
  }
  for (let x = 0; x < w; x++) {
    let count = 0;
    for (let y = -r; y < h; y++) {
      if (y + r < h) count += rows[(y + r) * w + x];
      if (y - r - 1 >= 0) count -= rows[(y - r - 1) * w + x];
      if (y >= 0) out[y * w + x] = count >= keep ? 1 : 0;
    }
  }
  return out;
}

/**
 * Morphological opening: removes whatever is thinner than 2r+1 px from the blob (the grain of a
 * patterned table that touches the card and would bend its fitted sides), keeping the card's body.
 */
const openMask = (mask: Uint8Array, w: number, h: number, r: number) => squareFilter(squareFilter(mask, w, h, r, 2 * r + 1), w, h, r, 1);

/** A blob shaped like a card: its box about 63:88 either way round, mostly filled. */
const cardLike = (b: BlobBox, largestArea: number) => {
  const bw = b.x1 - b.x0 + 1,
    bh = b.y1 - b.y0 + 1;
  const aspect = Math.min(bw, bh) / Math.max(bw, bh);
  return b.area >= 0.35 * largestArea && aspect > 0.5 && aspect < 0.95 && b.area / (bw * bh) > 0.5;
};

export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [],
    upper: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Minimum-area bounding rectangle of a convex polygon (rotating calipers over hull edges). */
export function minAreaRect(hull: Point[]): { angle: number; corners: Point[] } {
  let best = { area: Infinity, angle: 0, corners: [] as Point[] };
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i],
      b = hull[(i + 1) % hull.length];
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    const c = Math.cos(angle),
      s = Math.sin(angle);
    let minU = Infinity,
      maxU = -Infinity,
      minV = Infinity,
      maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * c + p.y * s,
        v = -p.x * s + p.y * c;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) {
      const toXY = (u: number, v: number) => ({ x: u * c - v * s, y: u * s + v * c });
      best = { area, angle, corners: [toXY(minU, minV), toXY(maxU, minV), toXY(maxU, maxV), toXY(minU, maxV)] };
    }
  }
  return best;
}

/** Orders four points as top-left, top-right, bottom-right, bottom-left (portrait card). */
export function orderQuad(points: Point[], frame?: { width: number; height: number }): Quad {
  const cx = points.reduce((s, p) => s + p.x, 0) / 4,
    cy = points.reduce((s, p) => s + p.y, 0) / 4;
  const sorted = [...points].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  // Angles from -π: the top-left corner has the angle nearest -3π/4.
  let start = 0,
    bestDiff = Infinity;
  sorted.forEach((p, i) => {
    const d = Math.abs(Math.atan2(p.y - cy, p.x - cx) + (3 * Math.PI) / 4);
    if (d < bestDiff) ((bestDiff = d), (start = i));
  });
  const q = [0, 1, 2, 3].map((k) => sorted[(start + k) % 4]) as Quad;
  // A landscape quad (photo taken sideways) is rotated so that the long sides are left/right. Which
  // pair is long is read with the perspective removed when the outline measures it (`frame`: the photo's
  // size; its corners in the photo, as a card's are: a region's wild fit far past the frame measures
  // nothing), else from both sides of each pair: in a steep shot the near short side can outrun the far
  // long side, and judged by those two alone an upside-down photo's card read as lying sideways and was
  // not found, while a card seen more steeply still can have its long sides' pair the shorter in the photo.
  const seen = frame && q.every((p) => p.x >= 0 && p.y >= 0 && p.x <= frame.width && p.y <= frame.height);
  const rectified = seen ? rectifiedAspect(q, frame.width, frame.height) : null;
  const side = (i: number) => Math.hypot(q[(i + 1) % 4].x - q[i].x, q[(i + 1) % 4].y - q[i].y);
  const landscape = rectified?.focalPx ? rectified.aspect > 1 : side(0) + side(2) > side(1) + side(3);
  return landscape ? ([q[1], q[2], q[3], q[0]] as Quad) : q;
}

export type Detection = { quad: Quad; touchesFrame: boolean; areaShare: number };

/**
 * What covered the frame's middle was not card-shaped (a sheet of paper with the card on it, on a
 * table): its filled mask, where the card may be found against the paper instead.
 */
class NotCardShaped extends EngineRefusal {
  constructor(
    readonly blob: Uint8Array,
    face: 'front' | 'back' | undefined,
    detail: string,
  ) {
    super('no_card_found', face, detail);
  }
}

/**
 * The card in the working copy. When the largest blob is not card-shaped, the card may lie on something
 * lying on the table (paper, a mat): the search is repeated once with everything outside that blob
 * painted in the colour of the blob's own rim. The frame ring then shows only that surface, and the card
 * is found against it as on any plain surface.
 */
export function detectCard(img: RgbImage, face?: 'front' | 'back'): Detection {
  let first: EngineRefusal;
  try {
    return detectOnce(img, face);
  } catch (err) {
    // Several cards is a finding, not a failure to find one (once the regions are known not to be one card's).
    if (err instanceof SplitRegions) return oneCardAroundRegions(img, err, face);
    if (!(err instanceof EngineRefusal) || err.code === 'several_cards') throw err;
    first = err;
  }
  // A plain surface shaded across the frame (paper lit from one side) splits into colour clusters that
  // are not all on three sides of the ring: modelled as one smooth surface, it is background again.
  try {
    return detectOnce(img, face, 'shading');
  } catch (err) {
    if (err instanceof SplitRegions) return oneCardAroundRegions(img, err, face);
    if (err instanceof EngineRefusal && err.code === 'several_cards') throw err;
  }
  if (first instanceof CutOff) return besideCutRegion(img, first, face);
  if (first instanceof NotCardShaped) {
    const rim = rimColour(img, first.blob);
    if (rim)
      try {
        return detectOnce(paintOutside(img, first.blob, rim), face);
      } catch {
        // The edge pass below may still find it.
      }
  }
  // The colours did not separate the card (a background with several colours, shading across paper,
  // a border close to the table): its cut edges may still stand out as a closed outline.
  return detectByEdges(img, face) ?? rethrow(first);
}

/**
 * The colour pass's largest region runs off the frame. That is a card running off it, or a shadow or
 * a fold of the cloth reaching in from the edge while the card lies whole elsewhere. The edge pass
 * decides: a card-shaped closed outline that the region does not cover is the card; one inside the
 * region is the cut card's own print (its art window, its text box), and the cut-off finding stands.
 */
function besideCutRegion(img: RgbImage, cut: CutOff, face?: 'front' | 'back'): Detection {
  const byEdges = detectByEdges(img, face);
  if (!byEdges || !outsideCutRegion(cut, byEdges.quad, img.width)) throw cut;
  return byEdges;
}

/**
 * The card on a sheet that ran off the frame (paper under the card, framed tightly, reads as one region
 * with it): everything outside the colour pass's region `refusal` carries is painted its rim's colour,
 * and the card looked for against that as on any plain surface. The region must be at least
 * MIN_SHEET_TO_CARD_AREA times what is found in it: a card the frame cuts is a region hardly larger than
 * its own print, which this search finds as readily (tight crops of real photos graded their art panel).
 * Null when the refusal carries no region or no card is found on it.
 */
export function detectOnCutRegion(img: RgbImage, refusal: EngineRefusal, face?: 'front' | 'back'): Detection | null {
  if (!(refusal instanceof CutOff)) return null;
  const rim = rimColour(img, refusal.blob);
  if (!rim) return null;
  const painted = paintOutside(img, refusal.blob, rim);
  let found: Detection;
  try {
    found = detectOnce(painted, face);
  } catch {
    return null;
  }
  return refusal.area >= MIN_SHEET_TO_CARD_AREA * quadArea(found.quad) ? found : null;
}

/**
 * The card whose colour region ran along one edge of the frame (`refusal`), fitted as if it did not:
 * at the working scale a card lying a millimetre from the frame touches it. The fit is a proposal for
 * the full-resolution trace, which sees the table between card and frame, or refuses a corner that
 * truly leaves it; a trace there must show the rounded corners on the frame's side too (locate.ts).
 * Null when the region ran along more than one edge or has no card's shape.
 */
export function detectAlongFrame(img: RgbImage, refusal: EngineRefusal, face?: 'front' | 'back'): Detection | null {
  if (!(refusal instanceof CutOff)) return null;
  let fitted: ReturnType<typeof quadFromBlob>;
  try {
    fitted = quadFromBlob(refusal.blob, img.width, img.height, face, true);
  } catch {
    return null;
  }
  if (fitted.notCardShaped) return null;
  return { quad: fitted.quad, touchesFrame: false, areaShare: refusal.area / (img.width * img.height) };
}

/**
 * The card on a sheet the colour pass took with it (paper on a dark table: the table is the background
 * it learned, and paper and card stood out from it as one region), found as on any plain surface once
 * everything outside the sheet's outline `sheet` is painted the sheet's own colour. As on a sheet that
 * ran off the frame, the sheet must be at least MIN_SHEET_TO_CARD_AREA times what is found on it. Null
 * when nothing is found.
 */
export function detectOnSheet(img: RgbImage, sheet: Quad, face?: 'front' | 'back'): Detection | null {
  const { width: w, height: h } = img;
  const inside = new Uint8Array(w * h);
  const sheetColour: number[][] = [[], [], []];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (insideQuad(sheet, x, y)) {
        inside[y * w + x] = 1;
        for (let c = 0; c < 3; c++) sheetColour[c].push(img.data[(y * w + x) * 3 + c]);
      }
  // The sheet's own colour is what most of its outline holds (it is several times the card's size); its
  // rim, where a coarse outline runs along the sheet's edge, is half table.
  if (sheetColour[0].length < 50) return null;
  const painted = paintOutside(
    img,
    inside,
    sheetColour.map((v) => median(v)),
  );
  let found: Detection;
  try {
    found = detectOnce(painted, face);
  } catch {
    return null;
  }
  return quadArea(sheet) >= MIN_SHEET_TO_CARD_AREA * quadArea(found.quad) ? found : null;
}

/** A sheet of paper is several times a card's size; a cut card's region is little more than its print. */
export const MIN_SHEET_TO_CARD_AREA = 2;

export const quadArea = (q: Quad) => polygonArea(q);

/**
 * Whether `refusal` is the colour pass's region running off the frame and leaves most of `quad` (working-copy
 * px; `w` the working copy's width) outside it: an outline there is no print of the card the frame cuts.
 */
export function outsideCutRegion(refusal: EngineRefusal, quad: Quad, w: number): boolean {
  if (!(refusal instanceof CutOff)) return false;
  const xs = quad.map((p) => p.x),
    ys = quad.map((p) => p.y);
  let inside = 0,
    total = 0;
  for (let y = Math.ceil(Math.min(...ys)); y <= Math.floor(Math.max(...ys)); y += 2)
    for (let x = Math.ceil(Math.min(...xs)); x <= Math.floor(Math.max(...xs)); x += 2) {
      if (!insideQuad(quad, x, y)) continue;
      total++;
      if (refusal.blob[y * w + x]) inside++;
    }
  return total > 0 && inside <= 0.5 * total;
}

function insideQuad(q: Quad, x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i],
      b = q[(i + 1) % 4];
    const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (cross !== 0) {
      if (sign && Math.sign(cross) !== sign) return false;
      sign = Math.sign(cross);
    }
  }
  return true;
}

const rethrow = (err: Error): never => {
  throw err;
};

/** Gradient magnitude (largest channel's Sobel, /4) at each pixel of the working copy. */
function gradient(img: RgbImage): Float32Array {
  const { width: w, height: h, data } = img;
  const out = new Float32Array(w * h);
  const row = w * 3;
  // Index arithmetic only: this runs over every pixel, and a closure per pixel costs more than the sums.
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      let best = 0;
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const tl = data[i - row - 3 + c],
          t = data[i - row + c],
          tr = data[i - row + 3 + c],
          l = data[i - 3 + c],
          r = data[i + 3 + c],
          bl = data[i + row - 3 + c],
          b = data[i + row + c],
          br = data[i + row + 3 + c];
        const gx = tr + 2 * r + br - tl - 2 * l - bl;
        const gy = bl + 2 * b + br - tl - 2 * t - tr;
        const m = gx * gx + gy * gy;
        if (m > best) best = m;
      }
      out[y * w + x] = Math.sqrt(best) / 4;
    }
  return out;
}

/** An edge this strong (RGB units per pixel, after Sobel's /4) is part of an outline; print shading is softer. */
const MIN_EDGE_GRADIENT = 12;
/** Outlines compared: the largest connected edge structures. */
const EDGE_CANDIDATES = 8;
/** How far (mm) a coarse fitted corner may lie past the frame with the card itself still in it (see quadFromBlob). */
const FITTED_CORNER_ALLOWANCE_MM = 1.5;
/** A region this far (working-copy px) from every frame edge stays clear of the frame. */
const FRAME_CLEARANCE_PX = 4;

/**
 * The card as the largest closed outline of strong edges that has a card's shape: edge pixels (a
 * gradient above the photo's 85th percentile and MIN_EDGE_GRADIENT), joined across one-pixel gaps,
 * each connected structure with its inside filled. A card's cut edge against any surface is one closed
 * outline; shading, grain and the paper under it rarely are, and their filled shapes are not a card's.
 * The filled shape must cover at least 88 % of its fitted quad (a card is solid), keep a card's
 * proportions and stay clear of the frame. Returns null when no outline qualifies.
 */
export function detectByEdges(img: RgbImage, face?: 'front' | 'back'): Detection | null {
  const { width: w, height: h } = img;
  const found = edgeOutlines(img, face);
  if (!found.length) return null;
  found.sort((a, b) => b.filled - a.filled);
  const best = found[0];
  // One card per photo, as in the colour pass: another card-shaped outline outside this one, at least
  // 35 % of its size, is another card (an outline inside it is its own print: an art window, a text box).
  const box = (q: Quad) => ({
    x0: Math.min(...q.map((p) => p.x)),
    x1: Math.max(...q.map((p) => p.x)),
    y0: Math.min(...q.map((p) => p.y)),
    y1: Math.max(...q.map((p) => p.y)),
  });
  const b0 = box(best.quad);
  const second = found.find((f) => {
    if (f === best || f.filled < 0.35 * best.filled) return false;
    const b = box(f.quad);
    return b.x0 > b0.x1 || b.x1 < b0.x0 || b.y0 > b0.y1 || b.y1 < b0.y0;
  });
  if (second) {
    throw new EngineRefusal('several_cards', face, twoCardsWhere(boxCentre(b0), boxCentre(box(second.quad)), w, h));
  }
  return { quad: best.quad, touchesFrame: false, areaShare: best.areaShare };
}

/** Every closed outline of strong edges with a card's shape, clear of the frame, with its filled area. */
export function edgeOutlines(img: RgbImage, face?: 'front' | 'back'): (Detection & { filled: number })[] {
  const { width: w, height: h } = img;
  const g = gradient(img);
  const threshold = Math.max(MIN_EDGE_GRADIENT, kthSmallest(Float32Array.from(g), Math.floor(g.length * 0.85)));
  const strong = new Uint8Array(w * h);
  for (let i = 0; i < strong.length; i++) strong[i] = g[i] > threshold ? 1 : 0;
  // Joined across one-pixel gaps (a dark border's edge fades for a pixel or two under glare).
  const edges = squareFilter(strong, w, h, 1, 1);
  const { label, components, stack } = labelComponents(edges, w, h);
  // Structures that reach the frame are the background's (a card touching the frame is cut off anyway),
  // and small ones are print: neither is filled and fitted.
  const comps = components.filter((box) => {
    const touches = box.x0 <= 1 || box.y0 <= 1 || box.x1 >= w - 2 || box.y1 >= h - 2;
    const boxShare = ((box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1)) / (w * h);
    return box.area >= 0.002 * w * h && !touches && boxShare >= 0.03;
  });
  const found: (Detection & { filled: number })[] = [];
  for (const comp of comps.sort((a, b) => b.area - a.area).slice(0, EDGE_CANDIDATES)) {
    // Filled within its own box (plus a pixel of outside all round): the rest of the photo is outside it.
    const bw = comp.x1 - comp.x0 + 3,
      bh = comp.y1 - comp.y0 + 3;
    const component = new Uint8Array(bw * bh);
    for (let y = comp.y0; y <= comp.y1; y++)
      for (let x = comp.x0; x <= comp.x1; x++) if (label[y * w + x] === comp.label) component[(y - comp.y0 + 1) * bw + x - comp.x0 + 1] = 1;
    const local = fillHoles(component, bw, bh, stack);
    const blob = new Uint8Array(w * h);
    for (let y = 0; y < bh - 2; y++)
      for (let x = 0; x < bw - 2; x++) blob[(y + comp.y0) * w + x + comp.x0] = local.blob[(y + 1) * bw + x + 1];
    const area = local.area;
    const share = area / (w * h);
    if (share < 0.03 || share > 0.95) continue;
    let fitted: ReturnType<typeof quadFromBlob>;
    try {
      fitted = quadFromBlob(blob, w, h, face);
    } catch {
      continue;
    }
    if (fitted.notCardShaped || fitted.touchesFrame) continue;
    const fittedArea = quadArea(fitted.quad);
    if (area < 0.88 * fittedArea || area > 1.12 * fittedArea) continue;
    found.push({ quad: fitted.quad, touchesFrame: false, areaShare: share, filled: area });
  }
  return found;
}

/** `img` with every pixel outside `blob` set to `colour`. */
function paintOutside(img: RgbImage, blob: Uint8Array, colour: number[]): RgbImage {
  const { width: w, height: h } = img;
  const data = new Uint8ClampedArray(img.data);
  for (let i = 0; i < w * h; i++) if (!blob[i]) ((data[i * 3] = colour[0]), (data[i * 3 + 1] = colour[1]), (data[i * 3 + 2] = colour[2]));
  return { width: w, height: h, data, channels: 3 };
}

/** The median colour of the blob's rim (2 px wide), or null if it has none. */
function rimColour(img: RgbImage, blob: Uint8Array): number[] | null {
  const { width: w, height: h } = img;
  const rim: number[][] = [[], [], []];
  for (let y = 2; y < h - 2; y++)
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      if (!blob[i]) continue;
      if (blob[i - 2] && blob[i + 2] && blob[i - 2 * w] && blob[i + 2 * w]) continue;
      for (let c = 0; c < 3; c++) rim[c].push(img.data[i * 3 + c]);
    }
  if (rim[0].length < 50) return null;
  return rim.map((v) => v.sort((p, q) => p - q)[v.length >> 1]);
}

/** The colour pass's card region runs off the frame: `blob` is that region. */
class CutOff extends EngineRefusal {
  constructor(
    readonly blob: Uint8Array,
    face: 'front' | 'back' | undefined,
    detail?: string,
  ) {
    super('card_cut_off', face, detail);
  }

  /** The region's size in working-copy pixels. */
  get area(): number {
    return this.blob.reduce((sum: number, v) => sum + v, 0);
  }
}

/** The colour pass's two card-like regions apart: `regions` are their boxes (the larger first). */
class SplitRegions extends EngineRefusal {
  constructor(
    readonly regions: [BlobBox, BlobBox],
    face: 'front' | 'back' | undefined,
    detail: string,
  ) {
    super('several_cards', face, detail);
  }
}

/**
 * The colour pass's two regions may be one card whose print matches the table in a band across it (a
 * white text box on white paper, blown out in a bright photo): the card's cut edge then still closes
 * one card-shaped outline round both, which two cards apart never share. Or the larger may be the table
 * itself, shaded toward a corner of the frame (it runs along two of its sides, as detectOnce sets aside
 * for the second region): the outline then holds the other. That outline, else the refusal.
 */
function oneCardAroundRegions(img: RgbImage, split: SplitRegions, face?: 'front' | 'back'): Detection {
  const byEdges = detectByEdges(img, face);
  if (!byEdges) throw split;
  const { width: w, height: h } = img;
  const alongTwoSides = (b: BlobBox) => [b.x0 <= 0, b.y0 <= 0, b.x1 >= w - 1, b.y1 >= h - 1].filter(Boolean).length >= 2;
  const holds = (b: BlobBox) => insideQuad(byEdges.quad, (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2);
  const [larger, smaller] = split.regions;
  if (holds(smaller) && (holds(larger) || alongTwoSides(larger))) return byEdges;
  throw split;
}

/** How the background is modelled: colour clusters from the frame's ring, or one smoothly shaded surface. */
type BackgroundModel = 'clusters' | 'shading';

/**
 * The colour pass's mask: 1 where a pixel stands out from the background (its colour clusters, or its
 * shading). The clusters' mask is kept with the working copy, which is never changed once made: the
 * detector, the laid-out cards check and the walks from the table (onto-table.ts) ask for the same one.
 * Read-only to its callers.
 */
export function foregroundMask(img: RgbImage, model: BackgroundModel = 'clusters'): Uint8Array {
  if (model === 'shading') return maskOf(img, model);
  let mask = clusterMasks.get(img);
  if (!mask) clusterMasks.set(img, (mask = maskOf(img, model)));
  return mask;
}

const clusterMasks = new WeakMap<RgbImage, Uint8Array>();

function maskOf(img: RgbImage, model: BackgroundModel): Uint8Array {
  const dist = model === 'clusters' ? backgroundDistance(img) : shadedBackgroundDistance(img);
  // Clip before Otsu: very distinct print details (a red logo on a dark card) would otherwise pull
  // the threshold up between card parts instead of between card and background.
  const CLIP = 12;
  const clipped = dist.map((v) => Math.min(v, CLIP));
  const threshold = Math.min(6, Math.max(2.5, otsu(clipped, CLIP)));
  const mask = new Uint8Array(img.width * img.height);
  for (let i = 0; i < mask.length; i++) mask[i] = dist[i] > threshold ? 1 : 0;
  return mask;
}

function detectOnce(img: RgbImage, face?: 'front' | 'back', model: BackgroundModel = 'clusters'): Detection {
  const { width: w, height: h } = img;
  const { blob, area, others, box } = largestBlob(foregroundMask(img, model), w, h);
  const areaShare = area / (w * h);
  // Nothing stands out, or everything does (no background to tell the card from).
  if (areaShare < 0.08) throw new EngineRefusal('no_card_found', face, 'nothing card-sized stands out from the background');
  if (areaShare > 0.97) throw new EngineRefusal('no_card_found', face, 'no plain background shows around the card');
  // One card per photo: a second card would be graded silently, or mixed with the other face's card.
  // A region along two sides of the frame is the table shading toward a corner (paper lit from one
  // side), not a card: another card lies clear of the frame or runs off one side of it.
  const framed = (b: BlobBox) => [b.x0 <= 0, b.y0 <= 0, b.x1 >= w - 1, b.y1 >= h - 1].filter(Boolean).length;
  const second = others.find((b) => cardLike(b, area) && framed(b) <= 1);
  if (second) {
    throw new SplitRegions([box ?? second, second], face, twoCardsWhere(boxCentre(box ?? second), boxCentre(second), w, h));
  }

  let fitted: ReturnType<typeof quadFromBlob>;
  try {
    fitted = quadFromBlob(blob, w, h, face);
  } catch (err) {
    if (err instanceof EngineRefusal && err.code === 'card_cut_off') throw new CutOff(blob, face, err.detail);
    throw err;
  }
  if (fitted.notCardShaped) throw new NotCardShaped(blob, face, fitted.notCardShaped);
  if (fitted.touchesFrame) throw new CutOff(blob, face, runsOffDetail(fitted.runsOff));
  return { quad: fitted.quad, touchesFrame: fitted.touchesFrame, areaShare };
}

const cardProportioned = (ratio: number) => ratio > 0.55 && ratio < 0.9;

/**
 * Width over height of `quad` with its perspective removed, when its own sides say how far the camera
 * leaned (both pairs converge: their vanishing points give the focal length), else NaN. A card shot
 * steeply, from a chair across the table, is foreshortened past the loose check above (a 63 × 88 card
 * 40° off square looks nearly square); rectified, its proportions return, where a square box or
 * coaster keeps its own. With one pair parallel the focal length is a guess, and a guess would let the
 * sheet of paper a card lies on pass as one (a real photo of one card and others on a playmat).
 */
function rectifiedRatio(quad: Quad, w: number, h: number): number {
  const { aspect, focalPx } = rectifiedAspect(quad, w, h);
  return focalPx === null ? NaN : aspect;
}

/**
 * A quadrilateral fitted to a blob's four sides: its boundary's minimum-area rectangle gives the sides'
 * directions, and a robust line through the boundary points near each side (away from the rounded
 * corners) gives each side. `notCardShaped` says why the quad is no card's.
 */
function quadFromBlob(
  blob: Uint8Array,
  w: number,
  h: number,
  face: 'front' | 'back' | undefined,
  alongOneFrameEdge = false,
): { quad: Quad; touchesFrame: boolean; runsOff: FrameEdge[]; notCardShaped?: string } {
  // The card's body without table grain stuck to it, as its own largest component.
  const body = largestBlob(openMask(blob, w, h, Math.max(1, Math.round(Math.min(w, h) * 0.008))), w, h).blob;

  const boundary: Point[] = [];
  let frameTouches = 0;
  // Pixels of the body on each edge of the frame: left, top, right, bottom.
  const touches = [0, 0, 0, 0];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!body[i]) continue;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) {
        frameTouches++;
        if (x === 0) touches[0]++;
        if (y === 0) touches[1]++;
        if (x === w - 1) touches[2]++;
        if (y === h - 1) touches[3]++;
        boundary.push({ x: x + 0.5, y: y + 0.5 });
      } else if (!body[i - 1] || !body[i + 1] || !body[i - w] || !body[i + w]) boundary.push({ x: x + 0.5, y: y + 0.5 });
    }
  // The edges the region runs along for a fair share of its contact with the frame (a corner's few pixels are not).
  const touched = (['left', 'top', 'right', 'bottom'] as const).filter(
    (_, k) => touches[k] >= 0.25 * Math.max(...touches) && touches[k] > 0,
  );
  const alongFrame = frameTouches > (w + h) * 0.05;
  // A card running off the frame: say so before the shape checks below would call it no card at all.
  // Asked to (`alongOneFrameEdge`), a region along one edge is fitted all the same, the frame's pixels
  // standing for its side there: a card laid a hair from the frame touches it at the working scale.
  if (alongFrame && !(alongOneFrameEdge && touched.length === 1)) throw new EngineRefusal('card_cut_off', face, runsOffDetail(touched));
  if (boundary.length < 40) throw new EngineRefusal('no_card_found', face, 'no straight card edges');
  const hull = convexHull(boundary);
  const rect = minAreaRect(hull);
  const rc = rect.corners;
  // Each rectangle side collects the boundary points nearest to it, away from the rounded corners.
  const lines = [0, 1, 2, 3].map((side) => {
    const a = rc[side],
      b = rc[(side + 1) % 4];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / len,
      uy = (b.y - a.y) / len;
    const pts = boundary.filter((p) => {
      const t = (p.x - a.x) * ux + (p.y - a.y) * uy;
      const d = Math.abs((p.x - a.x) * uy - (p.y - a.y) * ux);
      return t > len * 0.12 && t < len * 0.88 && d < len * 0.08;
    });
    if (pts.length < 10) throw new EngineRefusal('no_card_found', face, 'no straight card edges');
    return fitLineRobust(pts).line;
  });
  const corners = [0, 1, 2, 3].map((i) => intersect(lines[(i + 3) % 4], lines[i]));
  const quad = orderQuad(corners, { width: w, height: h });
  // Shape check, loose: the working copy's outline before perspective is removed (locate.ts checks the
  // rectified proportions); a card tilted toward the camera keeps its 63:88 within about 20 % here.
  const sideLen = (i: number) => Math.hypot(quad[(i + 1) % 4].x - quad[i].x, quad[(i + 1) % 4].y - quad[i].y);
  const ratio = (sideLen(0) + sideLen(2)) / (sideLen(1) + sideLen(3));
  // Past the early refusal above, the region lies along no frame edge: only the fitted corners can be
  // outside. A fitted corner is the sharp corner the straight sides would meet at, outside the card's
  // rounded one, and fitted on a working copy a few pixels off: when the region itself stays clear of
  // the frame, a corner past it by less than that is left for the full-resolution trace to judge (it
  // refuses a corner that truly leaves the frame); a tilted card laid near the frame was refused as cut
  // off. A region reaching the frame (a sheet of paper under the card, cut by it) gets no allowance.
  const clear = boundary.every(
    (p) => p.x > FRAME_CLEARANCE_PX && p.y > FRAME_CLEARANCE_PX && p.x < w - FRAME_CLEARANCE_PX && p.y < h - FRAME_CLEARANCE_PX,
  );
  const pxPerMm = quadPxPerMm(quad);
  const margin = clear ? -FITTED_CORNER_ALLOWANCE_MM * pxPerMm : 1.5;
  const runsOff = frameEdgesCrossed(quad, w, h, margin);
  const touchesFrame = runsOff.length > 0;
  if (!cardProportioned(ratio) && !cardProportioned(rectifiedRatio(quad, w, h)))
    return { quad, touchesFrame, runsOff, notCardShaped: `shape ratio ${ratio.toFixed(2)}` };
  return { quad, touchesFrame, runsOff };
}

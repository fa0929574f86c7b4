/** Plane geometry for the engine: points, lines, homographies. Pure functions, no allocation-heavy work. */
import quickselect from 'quickselect';

export type Point = { x: number; y: number };
/** A line a·x + b·y = c with (a, b) a unit normal. */
export type Line = { a: number; b: number; c: number };
/** Row-major 3×3 homography. */
export type Homography = [number, number, number, number, number, number, number, number, number];

export const CARD_WIDTH_MM = 63;
export const CARD_HEIGHT_MM = 88;
/** A standard trading card's corner radius. */
export const CORNER_RADIUS_MM = 3;

export function applyHomography(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (small dense systems only). */
export function solveLinear(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(M[r][col]) > Math.abs(M[pivot][col])) pivot = r;
    if (Math.abs(M[pivot][col]) < 1e-12) throw new Error('singular system');
    [M[col], M[pivot]] = [M[pivot], M[col]];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = M[r][col] / M[col][col];
      if (f === 0) continue;
      for (let c = col; c <= n; c++) M[r][c] -= f * M[col][c];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

/** The homography taking each `from[i]` to `to[i]` (four point pairs, no three collinear). */
export function homographyFromPoints(from: Point[], to: Point[]): Homography {
  const A: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i];
    const { x: u, y: v } = to[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const s = solveLinear(A, b);
  return [s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], 1];
}

export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, j] = h;
  const A = e * j - f * i;
  const B = -(d * j - f * g);
  const C = d * i - e * g;
  const det = a * A + b * B + c * C;
  const inv = [A, -(b * j - c * i), b * f - c * e, B, a * j - c * g, -(a * f - c * d), C, -(a * i - b * g), a * e - b * d].map(
    (v) => v / det,
  );
  const s = inv[8];
  return inv.map((v) => v / s) as Homography;
}

/** Total least squares line through weighted points (the principal axis of their scatter). */
export function fitLine(points: Point[], weights?: number[]): Line {
  let sw = 0,
    mx = 0,
    my = 0;
  points.forEach((p, i) => {
    const w = weights?.[i] ?? 1;
    sw += w;
    mx += w * p.x;
    my += w * p.y;
  });
  mx /= sw;
  my /= sw;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  points.forEach((p, i) => {
    const w = weights?.[i] ?? 1;
    const dx = p.x - mx,
      dy = p.y - my;
    sxx += w * dx * dx;
    sxy += w * dx * dy;
    syy += w * dy * dy;
  });
  // Normal = eigenvector of the smaller eigenvalue of the scatter matrix.
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy); // direction of the line
  const a = -Math.sin(theta),
    b = Math.cos(theta);
  return { a, b, c: a * mx + b * my };
}

/** Line fit that down-weights outliers (Tukey biweight, a few rounds). Returns the line and residual spread. */
export function fitLineRobust(points: Point[], rounds = 5): { line: Line; sigma: number; inliers: number } {
  let line = fitLine(points);
  let sigma = Infinity;
  let weights = points.map(() => 1);
  for (let r = 0; r < rounds; r++) {
    const res = points.map((p) => Math.abs(distanceToLine(line, p)));
    const sorted = [...res].sort((x, y) => x - y);
    const mad = sorted[Math.floor(sorted.length / 2)] * 1.4826 + 1e-6;
    const k = 4.685 * Math.max(mad, 0.05);
    weights = res.map((d) => (d < k ? (1 - (d / k) ** 2) ** 2 : 0));
    line = fitLine(points, weights);
    sigma = mad;
  }
  return { line, sigma, inliers: weights.filter((w) => w > 0).length };
}

/**
 * A straight edge of which only part is clean: a shadow, a finger, a sleeve's rim or a busy table can
 * pull a stretch of the sampled points off the card's edge. The line with the widest support (points
 * within `tolerance` px) among lines through pairs of points from the side's two halves starts the
 * robust fit, so that stretch is an outlier instead of a tilt. `share` is the part of the points on it
 * and `sigma` their spread: the caller decides how much of a side must be edge.
 */
export function fitLineConsensus(points: Point[], tolerance: number): { line: Line; sigma: number; share: number } {
  const n = points.length;
  let best: { line: Line; support: number } | null = null;
  // Pairs far apart along the side fix a line well; a fixed grid keeps the result repeatable.
  const half = Math.floor(n / 2);
  const step = Math.max(1, Math.floor(half / 8));
  for (let i = 0; i < half; i += step)
    for (let j = half; j < n; j += step) {
      const p = points[i],
        q = points[j];
      const len = Math.hypot(q.x - p.x, q.y - p.y);
      if (len === 0) continue;
      const a = -(q.y - p.y) / len,
        b = (q.x - p.x) / len;
      const line = { a, b, c: a * p.x + b * p.y };
      let support = 0;
      for (const r of points) if (Math.abs(distanceToLine(line, r)) <= tolerance) support++;
      if (!best || support > best.support) best = { line, support };
    }
  if (!best) {
    const f = fitLineRobust(points);
    return { line: f.line, sigma: f.sigma, share: 1 };
  }
  const start = best.line;
  const near = points.filter((r) => Math.abs(distanceToLine(start, r)) <= 3 * tolerance);
  const fit = fitLineRobust(near.length >= 2 ? near : points);
  const residuals = near.map((r) => Math.abs(distanceToLine(fit.line, r))).sort((x, y) => x - y);
  const sigma = residuals.length ? residuals[Math.floor(residuals.length / 2)] * 1.4826 : fit.sigma;
  return { line: fit.line, sigma, share: near.length / n };
}

export const distanceToLine = (l: Line, p: Point): number => l.a * p.x + l.b * p.y - l.c;

/**
 * Whether the points off `line` (beyond `band` px) all lie on its inner side, away from `outward`, but
 * for a stray or two (2 % of them): beyond a cut edge lies only the table, so where a border the table's
 * colour hides the edge (a white margin on white paper), the profiles there find the print inside it
 * instead. A jagged edge (a low-resolution photo's stair-steps, resampled) strays both ways.
 */
export function offLineOnlyInward(points: Point[], line: Line, band: number, outward: Point): boolean {
  const sign = Math.sign(line.a * outward.x + line.b * outward.y);
  const beyond = points.filter((p) => sign * distanceToLine(line, p) > band).length;
  return beyond <= Math.floor(0.02 * points.length);
}

/**
 * Whether the points off `line` (beyond `band` px) all lie in one stretch of the side, no longer than
 * `maxStretch` of its points, with the rest on the line: glare over one corner, a finger or a lifted
 * sleeve's seam hides a single run of the edge, while print or a shadow traced instead strays in many
 * places. `points` are in order along the side. Stray points may sit anywhere up to 5 % of them.
 */
export function offLineInOneStretch(points: Point[], line: Line, band: number, maxStretch: number): boolean {
  const off = points.map((p) => Math.abs(distanceToLine(line, p)) > band);
  const total = off.filter(Boolean).length;
  if (!total) return true;
  const strays = Math.floor(0.05 * points.length);
  const longest = Math.floor(maxStretch * points.length);
  // The shortest window holding all but `strays` of the off-line points must fit in `longest`.
  for (let start = 0; start < points.length; start++) {
    let held = 0;
    for (let end = start; end < Math.min(points.length, start + longest); end++) {
      if (off[end]) held++;
      if (held >= total - strays) return true;
    }
  }
  return false;
}

export function intersect(l1: Line, l2: Line): Point {
  const det = l1.a * l2.b - l1.b * l2.a;
  return { x: (l1.c * l2.b - l1.b * l2.c) / det, y: (l1.a * l2.c - l1.c * l2.a) / det };
}

export const dist = (p: Point, q: Point): number => Math.hypot(p.x - q.x, p.y - q.y);

/** Pixels per card millimetre of a card outlined by `quad`, along its long sides (either way up in the photo). */
export function quadPxPerMm(quad: readonly Point[]): number {
  const side = (i: number) => dist(quad[i], quad[(i + 1) % 4]);
  return Math.max(side(0) + side(2), side(1) + side(3)) / 2 / CARD_HEIGHT_MM;
}

/** The card's length in the photo: the longest side of its outline (its nearer long edge when it is tilted). */
export function cardLongSidePx(quad: readonly Point[]): number {
  return Math.max(...quad.map((p, i) => dist(p, quad[(i + 1) % 4])));
}

export function percentile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return NaN;
  // Selection instead of a sort (O(n), not O(n log n)): the engine takes percentiles of every sample
  // of a card (exposure, gradients), and the command line's latency counts each of them.
  const s = Float64Array.from(values);
  const idx = (s.length - 1) * q;
  const lo = Math.floor(idx);
  const low = kthSmallest(s, lo);
  if (idx === lo) return low;
  // After selecting the lo-th value every later slot holds one at least as large: the next is their least.
  let high = Infinity;
  for (let i = lo + 1; i < s.length; i++) if (s[i] < high) high = s[i];
  return low + (high - low) * (idx - lo);
}
/**
 * The k-th smallest of `values` (0-based), as a sort would place it; reorders `values` (Floyd–Rivest
 * selection): the slots before k hold no larger values, those after no smaller.
 */
export function kthSmallest(values: Float32Array | Float64Array, k: number): number {
  quickselect(values as unknown as number[], k);
  return values[k];
}
export const median = (values: number[]): number => percentile(values, 0.5);
export const mean = (values: number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * A side that bends: a card that curls (a holo print, a humid room) shows its cut edge as a shallow arc,
 * which no straight line follows along most of the side, while print traced instead of the edge is
 * ragged. The points' offsets from their robust line are fitted by a parabola along it (Tukey weights,
 * a few rounds). `share` is the part of the points within `tolerance` of the arc, `sigma` their spread,
 * `depth` the arc's sagitta over the points' span (px) and `line` the straight line through the arc, as
 * the edge's two ends and middle average it.
 */
export function fitBowedEdge(points: Point[], tolerance: number): { line: Line; sigma: number; share: number; depth: number } {
  const { line } = fitLineRobust(points);
  const along = points.map((p) => p.x * line.b - p.y * line.a);
  const lo = Math.min(...along),
    hi = Math.max(...along);
  const mid = (lo + hi) / 2,
    halfSpan = Math.max(1e-6, (hi - lo) / 2);
  // Positions scaled to [-1, 1] keep the normal equations well conditioned.
  const t = along.map((v) => (v - mid) / halfSpan);
  const d = points.map((p) => distanceToLine(line, p));
  let coef = [0, 0, 0];
  let weights = points.map(() => 1);
  let residuals = d.map((v) => Math.abs(v));
  for (let round = 0; round < 5; round++) {
    coef = solveQuadratic(t, d, weights) ?? coef;
    residuals = d.map((v, i) => Math.abs(v - (coef[0] + coef[1] * t[i] + coef[2] * t[i] ** 2)));
    const mad = median(residuals) * 1.4826 + 1e-6;
    const k = 4.685 * Math.max(mad, 0.05);
    weights = residuals.map((r) => (r < k ? (1 - (r / k) ** 2) ** 2 : 0));
  }
  const near = residuals.filter((r) => r <= tolerance);
  return {
    line,
    sigma: near.length ? median(near) * 1.4826 : Infinity,
    share: near.length / points.length,
    depth: Math.abs(coef[2]),
  };
}

/** Weighted least squares for d ≈ c0 + c1·t + c2·t², or null when the points do not fix it. */
function solveQuadratic(t: number[], d: number[], w: number[]): number[] | null {
  const m = [0, 0, 0, 0, 0]; // Σw·t^k, k = 0…4
  const r = [0, 0, 0]; // Σw·d·t^k, k = 0…2
  t.forEach((ti, i) => {
    let p = w[i];
    for (let k = 0; k < 5; k++) {
      m[k] += p;
      if (k < 3) r[k] += p * d[i];
      p *= ti;
    }
  });
  const a = [
    [m[0], m[1], m[2], r[0]],
    [m[1], m[2], m[3], r[1]],
    [m[2], m[3], m[4], r[2]],
  ];
  for (let col = 0; col < 3; col++) {
    const pivot = a.slice(col).reduce((best, row, j) => (Math.abs(row[col]) > Math.abs(a[best][col]) ? col + j : best), col);
    [a[col], a[pivot]] = [a[pivot], a[col]];
    if (Math.abs(a[col][col]) < 1e-9) return null;
    for (let row = 0; row < 3; row++) {
      if (row === col) continue;
      const f = a[row][col] / a[col][col];
      for (let k = col; k < 4; k++) a[row][k] -= f * a[col][k];
    }
  }
  return [a[0][3] / a[0][0], a[1][3] / a[1][1], a[2][3] / a[2][2]];
}

/** Signed distance (mm, negative inside) to the rounded card outline. */
export function roundedRectDistance(x: number, y: number, w = CARD_WIDTH_MM, h = CARD_HEIGHT_MM, r = CORNER_RADIUS_MM): number {
  const qx = Math.abs(x - w / 2) - (w / 2 - r);
  const qy = Math.abs(y - h / 2) - (h / 2 - r);
  return Math.min(Math.max(qx, qy), 0) + Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) - r;
}

/** One side of a quadrilateral: from corner `a`, its length, unit direction `u` and outward normal `n`. */
export type QuadSide = { a: Point; b: Point; len: number; u: Point; n: Point; mid: Point };

/** The four sides of `quad` (corner i to corner i+1), each with its normal pointing away from the centre. */
export function quadSides(quad: readonly Point[]): QuadSide[] {
  const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  return [0, 1, 2, 3].map((i) => {
    const a = quad[i],
      b = quad[(i + 1) % 4];
    const len = dist(a, b);
    const u = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const inward = (mid.x - centre.x) * u.y - (mid.y - centre.y) * u.x < 0;
    return { a, b, len, u, n: inward ? { x: -u.y, y: u.x } : { x: u.y, y: -u.x }, mid };
  });
}

/** Whether `p` lies within `margin` px outside the quad's sides (`quadSides`), or inside it. */
export function nearQuad(sides: QuadSide[], p: Point, margin: number): boolean {
  // quadSides' normals point outward: inside every side's offset line means near or inside.
  return sides.every((s) => (p.x - s.a.x) * s.n.x + (p.y - s.a.y) * s.n.y <= margin);
}

/** The points scaled by `k` (full-photo pixels to the working copy's, say). */
export const scalePoints = <P extends readonly Point[]>(points: P, k: number): P =>
  points.map((p) => ({ x: p.x * k, y: p.y * k })) as unknown as P;

/** The part of a `w` × `h` frame that `p` lies toward, for refusals that say where something was seen. */
export function whereInFrame(p: Point, w: number, h: number): 'left' | 'right' | 'top' | 'bottom' {
  const cx = p.x / w - 0.5,
    cy = p.y / h - 0.5;
  return Math.abs(cx) > Math.abs(cy) ? (cx < 0 ? 'left' : 'right') : cy < 0 ? 'top' : 'bottom';
}

/**
 * Where two cards centred at `a` and `b` lie in a `w` × `h` frame, in a refusal's words. Two in the same
 * part of the frame are said to be there together ("toward the left and another toward the left" says
 * nothing).
 */
export function twoCardsWhere(a: Point, b: Point, w: number, h: number): string {
  const [at, bt] = [whereInFrame(a, w, h), whereInFrame(b, w, h)];
  if (at !== bt) return `one card lies toward the ${at} and another toward the ${bt} of the photo`;
  const sideBySide = Math.abs(a.x - b.x) / w >= Math.abs(a.y - b.y) / h;
  return `two cards lie toward the ${at} of the photo, ${sideBySide ? 'side by side' : 'one above the other'}`;
}

/** Area of a simple polygon (shoelace formula). */
export const polygonArea = (q: Point[]) =>
  Math.abs(q.reduce((s, p, i) => s + p.x * q[(i + 1) % q.length].y - q[(i + 1) % q.length].x * p.y, 0)) / 2;

export type FrameEdge = 'left' | 'top' | 'right' | 'bottom';

/** The edges of a `w` × `h` frame that any of `points` lies beyond, `margin` px inside them. */
export function frameEdgesCrossed(points: readonly Point[], w: number, h: number, margin = 0): FrameEdge[] {
  const crossed = (edge: FrameEdge, p: Point) =>
    !Number.isFinite(p.x) ||
    !Number.isFinite(p.y) ||
    (edge === 'left' ? p.x < margin : edge === 'top' ? p.y < margin : edge === 'right' ? p.x > w - margin : p.y > h - margin);
  return (['left', 'top', 'right', 'bottom'] as const).filter((edge) => points.some((p) => crossed(edge, p)));
}

/** A cut-off refusal's detail: where the card leaves the photo, so the collector knows which way to move. */
export function runsOffDetail(edges: readonly FrameEdge[]): string | undefined {
  if (!edges.length) return undefined;
  const list = edges.length === 1 ? edges[0] : `${edges.slice(0, -1).join(', ')} and ${edges[edges.length - 1]}`;
  return `the outline found runs off the ${list} edge${edges.length > 1 ? 's' : ''} of the photo`;
}

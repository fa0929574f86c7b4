/**
 * Surface: thin bright lines (scratches), long axis-aligned lines (print lines), found with a
 * symmetric ridge test on the straightened card: a pixel brighter (or darker) than both of its
 * neighbours a fifth of a millimetre away across the line. Broad smooth brightening (holo shine,
 * glare) has no such ridge, so it is never counted as a scratch. Dents and stains need raking
 * light or a reference print; they are not assessed from flat photos.
 */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';
import { rectify, type CardView } from './card-view';
import { toGray, type RgbImage } from './image';

export type SurfaceIssueType = 'scratch' | 'print line';
export type Severity = 'major' | 'moderate' | 'minor';
export type SurfaceIssue = {
  type: SurfaceIssueType;
  severity: Severity;
  /** Centre and end points in card millimetres from the top-left corner. */
  xMm: number;
  yMm: number;
  from: { xMm: number; yMm: number };
  to: { xMm: number; yMm: number };
  lengthMm: number;
  widthMm: number;
  contrast: number;
};
export type SurfaceMeasure = { issues: SurfaceIssue[]; score: number; rectified: RgbImage; pxPerMm: number };

const MARGIN_MM = 1.2;

export function measureSurface(view: CardView, noiseLevel = 3): SurfaceMeasure {
  const s = Math.max(8, Math.min(14, Math.round(view.pxPerMm)));
  const rectified = rectify(view, s);
  const gray = toGray(rectified);
  const { width: w, height: h, data: I } = gray;
  const k = Math.max(2, Math.round(0.18 * s));
  const threshold = Math.max(12, noiseLevel * 4);
  const m = Math.round(MARGIN_MM * s);
  const bright = new Uint8Array(w * h), dark = new Uint8Array(w * h);
  const strength = new Float32Array(w * h);
  const dirs = [[k, 0], [0, k], [k, k], [k, -k]] as const;
  for (let y = m; y < h - m; y++)
    for (let x = m; x < w - m; x++) {
      const i = y * w + x;
      const v = I[i]!;
      let bestUp = 0, bestDown = 0;
      for (const [dx, dy] of dirs) {
        const a = I[(y + dy) * w + x + dx]!, b = I[(y - dy) * w + x - dx]!;
        // A line has like sides; a halo beside a printed edge (JPEG ringing, sharpening) does not.
        const sides = Math.abs(a - b);
        const up = v - Math.max(a, b), down = Math.min(a, b) - v;
        if (up > sides) bestUp = Math.max(bestUp, up);
        if (down > sides) bestDown = Math.max(bestDown, down);
      }
      if (bestUp > threshold) (bright[i] = 1), (strength[i] = bestUp);
      else if (bestDown > threshold) (dark[i] = 1), (strength[i] = bestDown);
    }
  const issues = mergeCollinear([...lineComponents(bright, strength, w, h, s, 'bright'), ...lineComponents(dark, strength, w, h, s, 'dark')]);
  const penalty = issues.reduce((sum, i) => sum + (i.severity === 'major' ? 2 : i.severity === 'moderate' ? 1 : 0.5), 0);
  return { issues, score: Math.max(1, Math.round((10 - penalty) * 10) / 10), rectified, pxPerMm: s };
}

function lineComponents(mask: Uint8Array, strength: Float32Array, w: number, h: number, s: number, polarity: 'bright' | 'dark'): SurfaceIssue[] {
  // Bridge one-pixel gaps (noise breaks thin lines) by labelling a dilated copy.
  const grown = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (mask[i] || mask[i - 1] || mask[i + 1] || mask[i - w] || mask[i + w] || mask[i - w - 1] || mask[i - w + 1] || mask[i + w - 1] || mask[i + w + 1]) grown[i] = 1;
    }
  const seen = new Uint8Array(w * h);
  const out: SurfaceIssue[] = [];
  const stack: number[] = [];
  for (let start = 0; start < grown.length; start++) {
    if (!grown[start] || seen[start]) continue;
    const pts: number[] = [];
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      if (mask[p]) pts.push(p);
      const x = p % w, y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const q = (y + dy) * w + x + dx;
          if (x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < h && grown[q] && !seen[q]) (seen[q] = 1), stack.push(q);
        }
    }
    if (pts.length < 2 * s) continue;
    const issue = describeLine(pts, strength, w, s, polarity);
    if (issue) out.push(issue);
  }
  return out;
}

function describeLine(pts: number[], strength: Float32Array, w: number, s: number, polarity: 'bright' | 'dark'): SurfaceIssue | null {
  let mx = 0, my = 0, c = 0;
  for (const p of pts) (mx += p % w), (my += Math.floor(p / w)), (c += strength[p]!);
  mx /= pts.length;
  my /= pts.length;
  let sxx = 0, sxy = 0, syy = 0;
  for (const p of pts) {
    const dx = (p % w) - mx, dy = Math.floor(p / w) - my;
    sxx += dx * dx; sxy += dx * dy; syy += dy * dy;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const ux = Math.cos(theta), uy = Math.sin(theta);
  let lo = Infinity, hi = -Infinity;
  for (const p of pts) {
    const t = ((p % w) - mx) * ux + (Math.floor(p / w) - my) * uy;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  const lengthMm = (hi - lo + 1) / s;
  const widthMm = pts.length / (hi - lo + 1) / s;
  // Below 3.5 mm a line is indistinguishable from print detail at phone resolution.
  if (lengthMm < 3.5 || widthMm > 0.45) return null;
  const angle = Math.abs(((theta * 180) / Math.PI + 180) % 90);
  const axisAligned = angle < 3 || angle > 87;
  const printLine = axisAligned && lengthMm > 25;
  // Only bright lines are scratches; a short dark line is print detail, not damage.
  if (!printLine && polarity === 'dark') return null;
  const contrast = c / pts.length;
  const severity: Severity = printLine ? (lengthMm > 50 ? 'moderate' : 'minor') : lengthMm > 15 || contrast > 60 ? 'major' : lengthMm > 6 ? 'moderate' : 'minor';
  const at = (t: number) => ({ xMm: Math.round(((mx + ux * t + 0.5) / s) * 10) / 10, yMm: Math.round(((my + uy * t + 0.5) / s) * 10) / 10 });
  return {
    type: printLine ? 'print line' : 'scratch',
    severity,
    xMm: Math.round(((mx + 0.5) / s) * 10) / 10,
    yMm: Math.round(((my + 0.5) / s) * 10) / 10,
    from: at(lo),
    to: at(hi),
    lengthMm: Math.round(lengthMm * 10) / 10,
    widthMm: Math.round(widthMm * 100) / 100,
    contrast: Math.round(contrast),
  };
}

export { CARD_HEIGHT_MM, CARD_WIDTH_MM };

/** Joins pieces of one scratch interrupted where it crosses print of similar brightness. */
function mergeCollinear(issues: SurfaceIssue[]): SurfaceIssue[] {
  const out = [...issues];
  const dir = (i: SurfaceIssue) => Math.atan2(i.to.yMm - i.from.yMm, i.to.xMm - i.from.xMm);
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let a = 0; a < out.length; a++)
      for (let b = a + 1; b < out.length; b++) {
        const A = out[a]!, B = out[b]!;
        if (A.type !== B.type) continue;
        let dA = dir(A), dB = dir(B);
        let diff = Math.abs(dA - dB) % Math.PI;
        diff = Math.min(diff, Math.PI - diff);
        if (diff > (8 * Math.PI) / 180) continue;
        // B's centre must lie close to A's line, and the gap between their ends be short.
        const off = Math.abs((B.xMm - A.xMm) * Math.sin(dA) - (B.yMm - A.yMm) * Math.cos(dA));
        const ends = [A.from, A.to].flatMap((p) => [B.from, B.to].map((q) => Math.hypot(p.xMm - q.xMm, p.yMm - q.yMm)));
        if (off > 0.6 || Math.min(...ends) > 4) continue;
        const pts = [A.from, A.to, B.from, B.to];
        let best = [pts[0]!, pts[1]!], bestLen = 0;
        for (const p of pts) for (const q of pts) { const l = Math.hypot(p.xMm - q.xMm, p.yMm - q.yMm); if (l > bestLen) (bestLen = l), (best = [p, q]); }
        const lengthMm = Math.round(bestLen * 10) / 10;
        const rank = { minor: 0, moderate: 1, major: 2 } as const;
        out[a] = {
          ...A,
          from: best[0]!, to: best[1]!, lengthMm,
          xMm: Math.round(((best[0]!.xMm + best[1]!.xMm) / 2) * 10) / 10,
          yMm: Math.round(((best[0]!.yMm + best[1]!.yMm) / 2) * 10) / 10,
          contrast: Math.max(A.contrast, B.contrast),
          severity: A.type === 'scratch' && lengthMm > 15 ? 'major' : rank[A.severity] >= rank[B.severity] ? A.severity : B.severity,
        };
        out.splice(b, 1);
        void dB;
        merged = true;
        break outer;
      }
  }
  return out;
}

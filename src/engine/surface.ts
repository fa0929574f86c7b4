/**
 * Surface: thin bright lines (scratches), long axis-aligned lines (print lines), found with a
 * symmetric ridge test on the straightened card: a pixel brighter (or darker) than both of its
 * neighbours a fifth of a millimetre away across the line. Broad smooth brightening (holo shine,
 * glare) has no such ridge, so it is never counted as a scratch. Dents and stains need raking
 * light or a reference print; they are not assessed from flat photos.
 */
import { rectify, type CardView } from './card-view';
import { toGray, type RgbImage } from './image';
import { underGlare } from './exposure';
import { strictScratch } from './strict-scratch';
import { bowsLikeArc } from './line-bend';
import { compareWithReference, residualAlong, type ReferenceComparison, type ReferenceImage } from './reference';
import { scoreFromFindings } from './severity';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';

export type { SurfaceIssue, SurfaceIssueType } from './surface-issue';
export type { Severity } from './severity';
import type { SurfaceIssue } from './surface-issue';
/**
 * What the surface findings rest on: the catalogue's image of the card (only what it does not show
 * counts) or, without one or when the photo does not match it, the stricter detector alone.
 */
export type SurfaceBasis = {
  referenceGiven: boolean;
  matchScore?: number;
  matched?: boolean;
  upsideDown?: boolean;
  printShiftMm?: { x: number; y: number };
  patterned?: boolean;
};
/** glarePercent: share of the face under glare, where the surface was not measured. */
export type SurfaceMeasure = {
  issues: SurfaceIssue[];
  score: number;
  rectified: RgbImage;
  pxPerMm: number;
  glarePercent: number;
  basis: SurfaceBasis;
};

const MARGIN_MM = 1.2;

export function measureSurface(view: CardView, options: { reference?: ReferenceImage | null; noiseLevel?: number } = {}): SurfaceMeasure {
  const noiseLevel = options.noiseLevel ?? 3;
  // 8–11 px/mm: scratches of 0.1 mm still span a pixel, and the whole card stays under 0.7 MP.
  const s = Math.max(8, Math.min(11, Math.round(view.pxPerMm)));
  const rectified = rectify(view, s);
  const gray = toGray(rectified);
  // A dim photo's ridges are dimmer by its exposure gain: put them back on the full-light scale.
  const gain = view.gain ?? 1;
  if (gain < 1) for (let i = 0; i < gray.data.length; i++) gray.data[i] = gray.data[i] / gain;
  const { width: w, height: h, data: I } = gray;
  const k = Math.max(2, Math.round(0.18 * s));
  const threshold = Math.max(12, noiseLevel * 4);
  const m = Math.round(MARGIN_MM * s);
  const { bright, dark, strength } = ridges(I, w, h, k, m, threshold);
  // Pieces are joined first (a line is broken wherever it crosses print of its own brightness),
  // then classified: long and axis-aligned is a print line, any other bright line a scratch, and a
  // short dark line is print detail, not damage.
  // With a matching reference only what it does not show is damage; otherwise the strict tests decide.
  const comparison = options.reference ? compareWithReference(gray, s, options.reference) : null;
  const useReference = comparison?.matched ? comparison : null;
  const basis: SurfaceBasis = comparison
    ? {
        referenceGiven: true,
        matchScore: Math.round(comparison.matchScore * 1000) / 1000,
        matched: comparison.matched,
        ...(comparison.upsideDown ? { upsideDown: true } : {}),
        printShiftMm: comparison.printShiftMm,
      }
    : { referenceGiven: false };
  const real = (line: SurfaceIssue, polarity: 'bright' | 'dark') =>
    useReference
      ? notInReference(line, polarity, useReference, w, h, s)
      : polarity === 'dark' || strictScratch(line, rectified, s, gain, view.light);
  const issues = [
    ...mergeCollinear(lineComponents(bright, strength, w, h, s, 'bright')).filter((l) => real(l, 'bright')),
    ...mergeCollinear(lineComponents(dark, strength, w, h, s, 'dark')).filter((l) => real(l, 'dark')),
  ]
    .map(classify)
    .filter((i): i is SurfaceIssue => i !== null);
  // Print lines run the whole card and are often too faint to see pixel by pixel: look for them in
  // the median ridge response of every column and row instead.
  const printLineCandidates = printLines(I, w, h, s, k, m).filter((line) =>
    useReference ? notInReference(line, line.contrast > 0 ? 'bright' : 'dark', useReference, w, h, s) : !alongArtEdge(line, I, w, h, s),
  );
  for (const line of printLineCandidates)
    if (
      !issues.some((i) => i.type === 'print line' && Math.abs(i.xMm - line.xMm) < 1 && Math.abs(i.yMm - line.yMm) < 1 && i.lengthMm > 25)
    ) {
      // A faint print line first seen as a short "scratch" along the same column/row is that line.
      const duplicate = issues.findIndex((i) =>
        line.from.xMm === line.to.xMm
          ? Math.abs(i.from.xMm - line.xMm) < 0.6 && Math.abs(i.to.xMm - line.xMm) < 0.6
          : Math.abs(i.from.yMm - line.yMm) < 0.6 && Math.abs(i.to.yMm - line.yMm) < 0.6,
      );
      if (duplicate >= 0) issues.splice(duplicate, 1);
      issues.push(line);
    }
  // Under glare the surface is not measured: a clipped patch's rim is a ridge, not a scratch.
  const glare = view.glare;
  const measured = glare
    ? issues.filter((i) => ![i.from, i.to, { xMm: i.xMm, yMm: i.yMm }].some((p) => underGlare(glare, p.xMm, p.yMm)))
    : issues;
  issues.splice(0, issues.length, ...measured);
  // Without the catalogue image a straight line along the card's axes cannot be told from the card's own
  // printed layout: real cards are full of frames, text-box rules and borders that run their full width
  // (a clean real card in a sleeve once got four "moderate print lines" at its text box's rules). It is
  // still reported, as minor: never enough to take the surface out of the top band on its own.
  // The same holds for shorter lines along the axes anywhere on the card: a text box's rules, an energy
  // symbol's bar, the edge of a panel are drawn square to the card, a scratch at any angle (a sleeved
  // card once got a major "scratch" at the top rule of its ability box).
  // So is a light line that bows like an arc (line-bend.ts): the art's highlights follow its curves
  // (the swirl streaks on a Pokémon back were a "moderate scratch" on every back photographed), a
  // scratch runs straight.
  const layout = (i: SurfaceIssue) =>
    i.type === 'print line' ||
    inBorderAlongEdge(i) ||
    alongCardAxes(i) ||
    edgeFromCorner(i) ||
    (i.severity !== 'minor' && bowsLikeArc(i, rectified, s));
  if (!useReference) for (const i of issues) if (layout(i)) i.severity = 'minor';
  // Many scratch-like lines at once, without the image to compare with: a holo foil's pattern or the
  // art's own strokes (a clean holo card once got 1 major and 6 moderate "scratches"). Real scratches
  // are few; a card this marked would show it in its corners and edges too. Reported as minor, and
  // the report says why.
  const serious = issues.filter((i) => i.type === 'scratch' && i.severity !== 'minor');
  if (!useReference && serious.length >= PATTERN_LINES) {
    for (const i of serious) i.severity = 'minor';
    basis.patterned = true;
  }
  return {
    issues,
    // One rule (severity.ts): a major finding never sits under a surface score of 7 or more.
    score: scoreFromFindings(issues),
    rectified,
    pxPerMm: s,
    glarePercent: glare?.percent ?? 0,
    basis,
  };
}

/**
 * The symmetric ridge test over the card (inside a margin of m px): bright and dark ridge masks and
 * each ridge pixel's strength. Its own small function so the engine's hottest loop is compiled alone.
 */
function ridges(I: Float32Array, w: number, h: number, k: number, m: number, threshold: number) {
  const bright = new Uint8Array(w * h),
    dark = new Uint8Array(w * h);
  const strength = new Float32Array(w * h);
  // Neighbour offsets across the four line directions (0°, 90°, 45°, 135°), as flat indexes.
  const offsets = new Int32Array([k, k * w, k * w + k, k - k * w]);
  for (let y = m; y < h - m; y++)
    for (let x = m; x < w - m; x++) {
      const i = y * w + x;
      const v = I[i];
      let bestUp = 0,
        bestDown = 0;
      for (let d = 0; d < 4; d++) {
        const a = I[i + offsets[d]],
          b = I[i - offsets[d]];
        // A line has like sides; a halo beside a printed edge (JPEG ringing, sharpening) does not.
        const sides = a > b ? a - b : b - a;
        const hi = a > b ? a : b,
          lo = a > b ? b : a;
        const up = v - hi,
          down = lo - v;
        if (up > sides && up > bestUp) bestUp = up;
        if (down > sides && down > bestDown) bestDown = down;
      }
      if (bestUp > threshold) ((bright[i] = 1), (strength[i] = bestUp));
      else if (bestDown > threshold) ((dark[i] = 1), (strength[i] = bestDown));
    }
  return { bright, dark, strength };
}

/** A line the reference does not show: along a good part of it the photo is brighter (darker) than any reference pixel nearby. */
function notInReference(line: SurfaceIssue, polarity: 'bright' | 'dark', c: ReferenceComparison, w: number, h: number, s: number): boolean {
  const threshold = Math.max(8, 0.3 * Math.abs(line.contrast));
  const share = residualAlong(polarity === 'bright' ? c.up : c.down, w, h, s, line.from, line.to, threshold);
  // A scratch crossing light print vanishes there (nothing to see against the reference): enough of it
  // must show, not all. Artwork the reference explains shows nowhere (shares of a few percent).
  return share >= 0.25 && share * line.lengthMm >= 3.5;
}

/** A "print line" that is an edge of the print (the art window's frame, a panel's side): its sides differ a millimetre out. */
function alongArtEdge(line: SurfaceIssue, I: Float32Array, w: number, h: number, s: number): boolean {
  const vertical = line.from.xMm === line.to.xMm;
  const pos = Math.round((vertical ? line.xMm : line.yMm) * s - 0.5);
  const off = Math.round(1 * s);
  const lo = Math.round((vertical ? line.from.yMm : line.from.xMm) * s),
    hi = Math.round((vertical ? line.to.yMm : line.to.xMm) * s);
  const diffs: number[] = [];
  for (let t = lo; t < hi; t += 2) {
    const at = (p: number) => (vertical ? I[t * w + Math.min(w - 1, Math.max(0, p))] : I[Math.min(h - 1, Math.max(0, p)) * w + t]);
    diffs.push(Math.abs(at(pos - off) - at(pos + off)));
  }
  diffs.sort((x, y) => x - y);
  return (diffs[Math.floor(diffs.length / 2)] ?? 0) > Math.max(6, Math.abs(line.contrast));
}

function lineComponents(
  mask: Uint8Array,
  strength: Float32Array,
  w: number,
  h: number,
  s: number,
  polarity: 'bright' | 'dark',
): SurfaceIssue[] {
  // Bridge one-pixel gaps (noise breaks thin lines) by labelling a dilated copy.
  const grown = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (
        mask[i] ||
        mask[i - 1] ||
        mask[i + 1] ||
        mask[i - w] ||
        mask[i + w] ||
        mask[i - w - 1] ||
        mask[i - w + 1] ||
        mask[i + w - 1] ||
        mask[i + w + 1]
      )
        grown[i] = 1;
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
      const x = p % w,
        y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const q = (y + dy) * w + x + dx;
          if (x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < h && grown[q] && !seen[q]) ((seen[q] = 1), stack.push(q));
        }
    }
    if (pts.length < 2 * s) continue;
    for (const run of straightRuns(pts, w, s)) {
      const issue = describeLine(run, strength, w, s, polarity);
      if (issue) out.push(issue);
    }
  }
  return out;
}

/** Centre and direction (unit vector) of the least-squares line through the pixels. */
function fitLine(pts: ArrayLike<number>, w: number) {
  let mx = 0,
    my = 0;
  for (let j = 0; j < pts.length; j++) ((mx += pts[j] % w), (my += Math.floor(pts[j] / w)));
  mx /= pts.length;
  my /= pts.length;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (let j = 0; j < pts.length; j++) {
    const dx = (pts[j] % w) - mx,
      dy = Math.floor(pts[j] / w) - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { mx, my, ux: Math.cos(theta), uy: Math.sin(theta) };
}

/** Half-width (px) of the band a straight run's pixels lie in: a scratch's ridge is one to three pixels wide. */
const RUN_BAND_PX = 1.5;
/**
 * Shortest straight run (mm) taken out of a larger piece. Real artwork is a tangle of light strokes, and
 * a few millimetres of nearly any of them are straight; the strict test's own length for trusting a
 * line's evenness (a sparkle's arms reach a few millimetres) is kept here too.
 */
const SPLIT_RUN_MM = 7;
/** Share of its bounding box a piece of ridge fills from which it is texture rather than lines (crossing lines fill under a tenth). */
const TEXTURE_SHARE = 0.2;
/** Longest gap (mm) inside one straight run; longer breaks are joined later only if the pieces line up (mergeCollinear). */
const RUN_GAP_MM = 0.6;

/**
 * The straight lines in one connected piece of ridge. A scratch is straight, but where it crosses other
 * thin lines of the print (a stroke, a sparkle, a frame's rule, a print line) their ridges touch and form
 * one piece, whose overall fit follows none of them: the scratch was judged along a chord it does not lie
 * on. A piece that is one line already (nearly all of it within a pixel and a half of its fit) is kept
 * whole; any other is taken apart by a Hough vote: the strongest straight line's pixels, split where it
 * breaks off, then the next, until none of SPLIT_RUN_MM is left. Texture is left whole (TEXTURE_SHARE).
 */
function straightRuns(pts: number[], w: number, s: number): number[][] {
  // Votes a run of SPLIT_RUN_MM can have at the least (its ridge is a pixel or more wide, with short gaps).
  const minVotes = 0.75 * SPLIT_RUN_MM * s;
  const fit = fitLine(pts, w);
  const off = (p: number, f: { mx: number; my: number; ux: number; uy: number }) =>
    Math.abs(((p % w) - f.mx) * f.uy - (Math.floor(p / w) - f.my) * f.ux);
  let near = 0;
  for (const p of pts) if (off(p, fit) <= RUN_BAND_PX) near++;
  if (near >= 0.9 * pts.length) return [pts];
  // Any other piece yields only its straight runs: too few pixels for one, none.
  if (pts.length < minVotes) return [];
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of pts) {
    const x = p % w,
      y = Math.floor(p / w);
    ((x0 = Math.min(x0, x)), (y0 = Math.min(y0, y)), (x1 = Math.max(x1, x)), (y1 = Math.max(y1, y)));
  }
  // Too small to hold a straight run of that length anywhere.
  if (Math.hypot(x1 - x0, y1 - y0) + 1 < SPLIT_RUN_MM * s) return [];
  // Ridge filling much of its box is texture (a holo foil, busy screened art), not lines crossing: no
  // line in it can be told from the texture without the catalogue image. Judged whole, as before.
  if (pts.length > TEXTURE_SHARE * (x1 - x0 + 1) * (y1 - y0 + 1)) return [pts];
  // Hough accumulator over 2° steps and 2 px distance bins, on the piece's own bounding box (coarse:
  // each vote's line is refitted to its own pixels below).
  const A = 90,
    BIN = 2;
  const B = Math.ceil(Math.hypot(x1 - x0, y1 - y0) / BIN) + 2;
  const cos = new Float32Array(A),
    sin = new Float32Array(A);
  for (let a = 0; a < A; a++) ((cos[a] = Math.cos((a * Math.PI) / A) / BIN), (sin[a] = Math.sin((a * Math.PI) / A) / BIN));
  const acc = new Int32Array(A * 2 * B);
  const vote = (p: number, d: number) => {
    const x = (p % w) - x0,
      y = Math.floor(p / w) - y0;
    for (let a = 0, row = B; a < A; a++, row += 2 * B) acc[row + Math.round(x * cos[a] + y * sin[a])] += d;
  };
  for (const p of pts) vote(p, 1);
  const taken = new Uint8Array(pts.length);
  const runs: number[][] = [];
  for (let fruitless = 0; fruitless < MAX_FRUITLESS_PEAKS;) {
    let best = 0,
      bi = -1;
    // A line's votes spread over neighbouring distance bins: judge each bin with the next.
    for (let i = 0; i < acc.length - 1; i++) {
      const v = acc[i] + acc[i + 1];
      if (v > best) ((best = v), (bi = i));
    }
    if (best < minVotes) break;
    const a = Math.floor(bi / (2 * B)),
      rho = ((bi % (2 * B)) - B + 0.5) * BIN;
    const c = cos[a] * BIN,
      sn = sin[a] * BIN;
    // The vote's line, refitted to its own pixels (twice, the band narrowing), so coarse steps do not bend it.
    let line = { mx: x0 + rho * c, my: y0 + rho * sn, ux: -sn, uy: c };
    let members: number[] = [];
    for (const band of [2.5, RUN_BAND_PX]) {
      members = [];
      for (let j = 0; j < pts.length; j++) if (!taken[j] && off(pts[j], line) <= band) members.push(j);
      if (members.length < 2) break;
      line = fitLine(
        members.map((j) => pts[j]),
        w,
      );
    }
    if (members.length < 2) break;
    for (const j of members) ((taken[j] = 1), vote(pts[j], -1));
    // Split where the line breaks off: a run is what lies along it without a gap longer than RUN_GAP_MM.
    const along = members
      .map((j) => pts[j])
      .map((p) => ({ p, t: ((p % w) - line.mx) * line.ux + (Math.floor(p / w) - line.my) * line.uy }))
      .sort((p, q) => p.t - q.t);
    let start = 0;
    const before = runs.length;
    for (let j = 1; j <= along.length; j++)
      if (j === along.length || along[j].t - along[j - 1].t > RUN_GAP_MM * s) {
        if (along[j - 1].t - along[start].t + 1 >= SPLIT_RUN_MM * s && !bendsAway(pts, line, along[start].t, along[j - 1].t, w, s))
          runs.push(along.slice(start, j).map((m) => m.p));
        start = j;
      }
    fruitless = runs.length > before ? 0 : fruitless + 1;
  }
  return runs;
}
/**
 * Peaks in a row that yield no straight run before the rest of a piece is taken for texture. In a piece
 * of paper grain or screened art spread over the card (an old card's: 92,000 ridge pixels filling 18 % of
 * its box) every peak holds enough votes, and taking them one by one cost 2–5 s a face for one run or
 * none; the lines that cross print stand out as the first peaks.
 */
const MAX_FRUITLESS_PEAKS = 20;

/**
 * A straight stretch of a curve: the piece goes on past an end of the run, off its line (a highlight
 * arc's flatter part, a sparkle's arm turning into the next). A scratch ends where it ends, or runs on
 * along its own line.
 */
function bendsAway(pts: number[], line: { mx: number; my: number; ux: number; uy: number }, t0: number, t1: number, w: number, s: number) {
  const reach = BEND_REACH_MM * s;
  let before = 0,
    after = 0;
  for (const p of pts) {
    const dx = (p % w) - line.mx,
      dy = Math.floor(p / w) - line.my;
    const t = dx * line.ux + dy * line.uy,
      d = Math.abs(dx * line.uy - dy * line.ux);
    if (d <= RUN_BAND_PX) continue;
    if (t > t1 && t - t1 <= reach && d <= t - t1 + RUN_BAND_PX) after++;
    else if (t < t0 && t0 - t <= reach && d <= t0 - t + RUN_BAND_PX) before++;
  }
  return Math.max(before, after) >= BEND_PIXELS_MM * s;
}
/** How far past a run's end (mm) the piece is looked at, and how much ridge there (mm of a one-pixel line) makes it a bend. */
const BEND_REACH_MM = 1;
const BEND_PIXELS_MM = 0.4;

function describeLine(pts: number[], strength: Float32Array, w: number, s: number, polarity: 'bright' | 'dark'): SurfaceIssue | null {
  const { mx, my, ux, uy } = fitLine(pts, w);
  let c = 0;
  for (const p of pts) c += strength[p];
  let lo = Infinity,
    hi = -Infinity;
  for (const p of pts) {
    const t = ((p % w) - mx) * ux + (Math.floor(p / w) - my) * uy;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  const lengthMm = (hi - lo + 1) / s;
  const widthMm = pts.length / (hi - lo + 1) / s;
  // Below 3.5 mm a line is indistinguishable from print detail at phone resolution.
  if (lengthMm < 3.5 || widthMm > 0.45) return null;
  const contrast = c / pts.length;
  const at = (t: number) => ({
    xMm: Math.round(((mx + ux * t + 0.5) / s) * 10) / 10,
    yMm: Math.round(((my + uy * t + 0.5) / s) * 10) / 10,
  });
  return {
    // Provisional: carries the polarity until classify() decides (dark lines can only be print lines).
    type: polarity === 'bright' ? 'scratch' : 'print line',
    severity: 'minor',
    xMm: Math.round(((mx + 0.5) / s) * 10) / 10,
    yMm: Math.round(((my + 0.5) / s) * 10) / 10,
    from: at(lo),
    to: at(hi),
    lengthMm: Math.round(lengthMm * 10) / 10,
    widthMm: Math.round(widthMm * 100) / 100,
    contrast: Math.round(contrast),
  };
}

/**
 * The border carries printed text that runs along the card's edge: the collector line, artist and
 * copyright at the foot of a Magic card (white on black), set and rarity lines on others. Without the
 * catalogue image a light line along an edge, within BORDER_TEXT_MM of it along its whole length, reads
 * the same as a scratch there; it is reported, as minor.
 */
const BORDER_TEXT_MM = 6;
/** Moderate or major scratch candidates on one face, without a reference, from which they are read as a pattern. */
const PATTERN_LINES = 5;
/** Within AXIS_DEG of the card's own axes, horizontal or vertical. */
export const alongCardAxes = (i: Pick<SurfaceIssue, 'from' | 'to'>): boolean => degreesOffAxes(i) < AXIS_DEG;

/** The line's angle to the nearer of the card's axes, degrees. */
function degreesOffAxes(i: Pick<SurfaceIssue, 'from' | 'to'>): number {
  const dx = Math.abs(i.to.xMm - i.from.xMm),
    dy = Math.abs(i.to.yMm - i.from.yMm);
  return (Math.atan2(Math.min(dx, dy), Math.max(dx, dy)) * 180) / Math.PI;
}
const AXIS_DEG = 3;

export function inBorderAlongEdge(i: Pick<SurfaceIssue, 'from' | 'to'>): boolean {
  // Along the card's own axes; which axis is told by the longer extent (an angle folded by 90° would
  // read a vertical line as a horizontal one).
  return alongCardAxes(i) && inBorderBand(i);
}

/**
 * The card's own cut edge seen inside an outline a little off at one corner: the outline may lie up to
 * 1.5 % of the diagonal (1.6 mm) from the card's corner, and the edge then shows as a light line leaving
 * that corner at a small angle to the traced side, inside the border (a sleeved Pokémon back, its corner
 * lost in glare, once got a "moderate scratch" so). Without the catalogue image it is reported as minor.
 */
export function edgeFromCorner(i: Pick<SurfaceIssue, 'from' | 'to'>): boolean {
  const nearCorner = (p: { xMm: number; yMm: number }) =>
    (p.xMm < CORNER_REACH_MM || p.xMm > CARD_WIDTH_MM - CORNER_REACH_MM) &&
    (p.yMm < CORNER_REACH_MM || p.yMm > CARD_HEIGHT_MM - CORNER_REACH_MM);
  return (nearCorner(i.from) || nearCorner(i.to)) && degreesOffAxes(i) <= EDGE_REMNANT_DEG && inBorderBand(i);
}

/** Both ends within BORDER_TEXT_MM of the edge the line runs along (told by its longer extent). */
function inBorderBand(i: Pick<SurfaceIssue, 'from' | 'to'>): boolean {
  const ends = [i.from, i.to];
  if (Math.abs(i.to.xMm - i.from.xMm) >= Math.abs(i.to.yMm - i.from.yMm))
    return ends.every((p) => p.yMm < BORDER_TEXT_MM) || ends.every((p) => p.yMm > CARD_HEIGHT_MM - BORDER_TEXT_MM);
  return ends.every((p) => p.xMm < BORDER_TEXT_MM) || ends.every((p) => p.xMm > CARD_WIDTH_MM - BORDER_TEXT_MM);
}

/** A line's end this close to two edges (mm) leaves the corner… */
const CORNER_REACH_MM = 4;
/** …and at most this angle to the side: 1.6 mm off over the 10 mm a corner's remnant runs. */
const EDGE_REMNANT_DEG = 12;

function classify(line: SurfaceIssue): SurfaceIssue | null {
  const angle = Math.abs(((Math.atan2(line.to.yMm - line.from.yMm, line.to.xMm - line.from.xMm) * 180) / Math.PI + 180) % 90);
  const printLine = (angle < 3 || angle > 87) && line.lengthMm > 25;
  const dark = line.type === 'print line';
  if (!printLine && dark) return null;
  if (printLine) return { ...line, type: 'print line', severity: line.lengthMm > 50 ? 'moderate' : 'minor' };
  return {
    ...line,
    type: 'scratch',
    severity: line.lengthMm > 15 || line.contrast > 60 ? 'major' : line.lengthMm > 6 ? 'moderate' : 'minor',
  };
}

/** Joins pieces of one scratch interrupted where it crosses print of similar brightness. */
function mergeCollinear(issues: SurfaceIssue[]): SurfaceIssue[] {
  const out = [...issues];
  const dir = (i: SurfaceIssue) => Math.atan2(i.to.yMm - i.from.yMm, i.to.xMm - i.from.xMm);
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let a = 0; a < out.length; a++)
      for (let b = a + 1; b < out.length; b++) {
        const A = out[a],
          B = out[b];
        if (A.type !== B.type) continue;
        const dA = dir(A),
          dB = dir(B);
        let diff = Math.abs(dA - dB) % Math.PI;
        diff = Math.min(diff, Math.PI - diff);
        if (diff > (8 * Math.PI) / 180) continue;
        // B's centre must lie close to A's line, and the gap between their ends be short.
        const off = Math.abs((B.xMm - A.xMm) * Math.sin(dA) - (B.yMm - A.yMm) * Math.cos(dA));
        const ends = [A.from, A.to].flatMap((p) => [B.from, B.to].map((q) => Math.hypot(p.xMm - q.xMm, p.yMm - q.yMm)));
        if (off > 0.6 || Math.min(...ends) > 4) continue;
        const pts = [A.from, A.to, B.from, B.to];
        let best = [pts[0], pts[1]],
          bestLen = 0;
        for (const p of pts)
          for (const q of pts) {
            const l = Math.hypot(p.xMm - q.xMm, p.yMm - q.yMm);
            if (l > bestLen) ((bestLen = l), (best = [p, q]));
          }
        const lengthMm = Math.round(bestLen * 10) / 10;
        const rank = { minor: 0, moderate: 1, major: 2 } as const;
        out[a] = {
          ...A,
          from: best[0],
          to: best[1],
          lengthMm,
          xMm: Math.round(((best[0].xMm + best[1].xMm) / 2) * 10) / 10,
          yMm: Math.round(((best[0].yMm + best[1].yMm) / 2) * 10) / 10,
          contrast: Math.max(A.contrast, B.contrast),
          severity: rank[A.severity] >= rank[B.severity] ? A.severity : B.severity,
        };
        out.splice(b, 1);
        void dB;
        merged = true;
        break outer;
      }
  }
  return out;
}

/**
 * Columns (vertical lines) and rows (horizontal lines) where most pixels are a faint ridge (or
 * valley) across the line: a median test done by counting, in one pass over the image.
 */
function printLines(I: Float32Array, w: number, h: number, s: number, k: number, m: number): SurfaceIssue[] {
  const out: SurfaceIssue[] = [];
  const T = 4;
  for (const vertical of [true, false]) {
    const across = vertical ? w : h,
      along = vertical ? h : w;
    const up = new Float32Array(across),
      down = new Float32Array(across);
    const upSum = new Float32Array(across),
      downSum = new Float32Array(across);
    const stepAcross = vertical ? 1 : w,
      stepAlong = vertical ? w : 1;
    for (let b = m; b < along - m; b++)
      for (let a = m + k; a < across - m - k; a++) {
        const i = b * stepAlong + a * stepAcross;
        const v = I[i],
          n1 = I[i - k * stepAcross],
          n2 = I[i + k * stepAcross];
        const r = v - (n1 > n2 ? n1 : n2),
          q = (n1 < n2 ? n1 : n2) - v;
        if (r > T) (up[a]++, (upSum[a] += r));
        if (q > T) (down[a]++, (downSum[a] += q));
      }
    const len = along - 2 * m;
    for (let a = m + k + 1; a < across - m - k - 1; a++) {
      const bright = up[a] >= down[a];
      const frac = (bright ? up[a] : down[a]) / len;
      const fracOf = (x: number) => Math.max(up[x], down[x]) / len;
      if (frac < 0.5 || frac < fracOf(a - 1) || frac < fracOf(a + 1)) continue;
      const pos = Math.round(((a + 0.5) / s) * 10) / 10;
      const start = Math.round((m / s) * 10) / 10,
        end = Math.round(((along - m) / s) * 10) / 10;
      const contrast = bright ? upSum[a] / up[a] : -downSum[a] / down[a];
      out.push({
        type: 'print line',
        severity: end - start > 50 ? 'moderate' : 'minor',
        xMm: vertical ? pos : Math.round(((start + end) / 2) * 10) / 10,
        yMm: vertical ? Math.round(((start + end) / 2) * 10) / 10 : pos,
        from: vertical ? { xMm: pos, yMm: start } : { xMm: start, yMm: pos },
        to: vertical ? { xMm: pos, yMm: end } : { xMm: end, yMm: pos },
        lengthMm: Math.round((end - start) * 10) / 10,
        widthMm: Math.round((1 / s) * 100) / 100,
        contrast: Math.round(contrast),
      });
    }
  }
  return out;
}

/**
 * A card whose border is nearly the table's colour (a silver border on a light-grey table) is found
 * by the colour detector as its print only: the print stands out, the border does not. The card's
 * cut edge is still there, a step of a few RGB units, too faint for one pixel but clear once it is
 * averaged along a straight side. This module looks outward from each side of the traced quad for
 * such a step: for every straight line within a border's width outside the side, the mean colour
 * step across it along the whole side, summed as a vector (a real edge steps the same way all along,
 * noise does not). It accepts an outer outline only when all four sides show a step well above the
 * noise, the band inside it has one colour on all four sides (a border) and the result keeps a card's
 * proportions; otherwise it answers null and the caller's refusal stands.
 */
import { distanceToLine, fitLine, intersect, quadSides, type Point } from './geometry';
import { sampleRgb, type RgbImage } from './image';
import { orderQuad, type Quad } from './detect';

/** Offsets are searched in half pixels of the working copy. */
const STEP = 0.5;
/** Half-width of the windows compared across a candidate edge, in offset steps (2 px). */
const WINDOW = 4;
/** The traced quad's own edge blurs over ~2 px: candidates start beyond it. */
const MIN_OFFSET_PX = 3.5;
/** A border is at most ~8 mm of a 63 mm card, plus an off-centre print and print the colour mask left out
 * (a name bar): a quarter of the short side. */
const MAX_OFFSET_SHARE = 0.25;
/** How far the two ends of a side's outline may differ in offset (perspective, a print set askew), px. */
const MAX_SLANT_PX = 6;
/** Positions along a side, away from the corners (where the search would cross the next side's band). */
const POSITIONS = 72;
/** A step counts when its mean is this many standard errors above zero and at least this many RGB units. */
const MIN_SIGNIFICANCE = 8;
const MIN_STEP_RGB = 2.5;
/** The border bands of the four sides are one colour within this chromaticity distance (sums to 1)… */
const SAME_BORDER_CHROMA = 0.03;
/**
 * …plus this many RGB units over the darker band's channel sum: a chromaticity divides by brightness, so
 * a few units of noise or JPEG colour shift move a black border's by several hundredths and a white one's
 * by almost nothing.
 */
const CHROMA_NOISE_RGB = 3;
/** …and step towards the table the same way: cosine between their colour steps. */
const SAME_STEP_COS = 0.6;

type Rgb = [number, number, number];
/** `grain`: per side, the table's texture beyond the step and the band's inside it (sideOutline). */
export type OuterOutline = { quad: Quad; stepRgb: number; grain: { inside: number; outside: number }[] };

const norm = (v: Rgb) => Math.hypot(v[0], v[1], v[2]);

/**
 * The outermost clear straight step beyond one side, with the colour just inside it (the border).
 * `relativeFloor`: only steps at least this share of the side's strongest clear step count (0: all).
 */
export function sideOutline(img: RgbImage, a: Point, b: Point, outward: Point, maxOffset: number, relativeFloor = 0) {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const u = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  const count = Math.floor(maxOffset / STEP) + WINDOW + 1;
  // prof[t][k]: colour at position t along the side, k·STEP outward of it.
  const prof = new Float32Array(POSITIONS * count * 3);
  const buf = [0, 0, 0];
  const ts: number[] = [];
  for (let t = 0; t < POSITIONS; t++) {
    const along = len * (0.15 + (0.7 * (t + 0.5)) / POSITIONS);
    ts.push(along);
    for (let k = 0; k < count; k++) {
      const s = k * STEP;
      sampleRgb(img, a.x + u.x * along + outward.x * s, a.y + u.y * along + outward.y * s, buf);
      prof.set(buf, (t * count + k) * 3);
    }
  }
  // step[t][k]: mean colour over the WINDOW samples just beyond k minus those just before it.
  const step = new Float32Array(POSITIONS * count * 3);
  for (let t = 0; t < POSITIONS; t++)
    for (let k = WINDOW; k < count - WINDOW; k++)
      for (let c = 0; c < 3; c++) {
        let outer = 0,
          inner = 0;
        for (let j = 0; j < WINDOW; j++) ((outer += prof[(t * count + k + j) * 3 + c]), (inner += prof[(t * count + k - 1 - j) * 3 + c]));
        step[(t * count + k) * 3 + c] = (outer - inner) / WINDOW;
      }
  const k0 = Math.max(WINDOW, Math.ceil(MIN_OFFSET_PX / STEP));
  const kMax = count - WINDOW - 1;
  const slant = Math.round(MAX_SLANT_PX / STEP);
  // Every straight candidate: its mean step (a vector) and how far that stands above the scatter along
  // the side (a t-statistic). Print inside the border (a name bar, a logo) steps hard but only in
  // places; the cut edge steps a little, the same way, all along.
  // Only the clear ones are kept. A candidate's offset at position t is kStart plus its slant's share
  // there, the same for every kStart: a slanted line crosses the side in a few runs of positions, each
  // at one offset, so its sums are a few differences of running sums down the side (per offset), not a
  // pass over all POSITIONS (this search was the largest cost of tracing a card).
  const clear: { kStart: number; kEnd: number; step: number; significance: number; mean: Rgb }[] = [];
  const [r0, r1, r2, rSq] = [0, 1, 2, 3].map(() => new Float64Array((POSITIONS + 1) * count));
  for (let t = 0; t < POSITIONS; t++)
    for (let k = 0; k < count; k++) {
      const i = (t * count + k) * 3,
        o = t * count + k,
        next = o + count;
      const s0 = step[i],
        s1 = step[i + 1],
        s2 = step[i + 2];
      r0[next] = r0[o] + s0;
      r1[next] = r1[o] + s1;
      r2[next] = r2[o] + s2;
      rSq[next] = rSq[o] + s0 * s0 + s1 * s1 + s2 * s2;
    }
  // Per slant d: the runs of positions [from, to) that lie `shift` offsets beyond kStart.
  const runsOf = new Map<number, { from: number; to: number; shift: number }[]>();
  for (let d = -slant; d <= slant; d++) {
    const runs: { from: number; to: number; shift: number }[] = [];
    for (let t = 0; t < POSITIONS; t++) {
      const shift = Math.round((d * t) / (POSITIONS - 1));
      if (runs.length && runs[runs.length - 1].shift === shift) runs[runs.length - 1].to = t + 1;
      else runs.push({ from: t, to: t + 1, shift });
    }
    runsOf.set(d, runs);
  }
  for (let kStart = k0; kStart <= kMax; kStart++)
    for (let kEnd = Math.max(k0, kStart - slant); kEnd <= Math.min(kMax, kStart + slant); kEnd++) {
      let m0 = 0,
        m1 = 0,
        m2 = 0,
        squares = 0;
      for (const { from, to, shift } of runsOf.get(kEnd - kStart)!) {
        const lo = from * count + kStart + shift,
          hi = to * count + kStart + shift;
        m0 += r0[hi] - r0[lo];
        m1 += r1[hi] - r1[lo];
        m2 += r2[hi] - r2[lo];
        squares += rSq[hi] - rSq[lo];
      }
      const mean: Rgb = [m0 / POSITIONS, m1 / POSITIONS, m2 / POSITIONS];
      const m = norm(mean);
      const sd = Math.sqrt(Math.max(squares / POSITIONS - m * m, 1e-9));
      const significance = m / (sd / Math.sqrt(POSITIONS));
      if (significance >= MIN_SIGNIFICANCE && m >= MIN_STEP_RGB) clear.push({ kStart, kEnd, step: m, significance, mean });
    }
  // The cut edge is the outermost clear step (beyond it lies the flat table); of the candidates around
  // it, the strongest is centred on it.
  if (!clear.length) return null;
  const strongest = clear.reduce((x, c) => Math.max(x, c.step), 0);
  const strong = clear.filter((c) => c.step >= relativeFloor * strongest);
  const reach = strong.reduce((x, c) => Math.max(x, c.kStart + c.kEnd), -Infinity) / 2;
  const best = strong.filter((c) => (c.kStart + c.kEnd) / 2 >= reach - 2 * WINDOW).reduce((x, y) => (y.step > x.step ? y : x));
  const kAt = (t: number) => Math.round(best.kStart + ((best.kEnd - best.kStart) * t) / (POSITIONS - 1));
  // The border: the band just inside the step (print may lie between it and the traced side).
  const border: Rgb = [0, 0, 0];
  let n = 0;
  for (let t = 0; t < POSITIONS; t++)
    for (let k = Math.max(0, kAt(t) - 1 - 2 * WINDOW); k < kAt(t) - 1; k++) {
      const i = (t * count + k) * 3;
      border[0] += prof[i];
      border[1] += prof[i + 1];
      border[2] += prof[i + 2];
      n++;
    }
  if (!n) return null;
  // Texture on either side of the step: the mean colour change from one position along the side to the
  // next, in a band at the same depth. A table's grain (carpet, wood, cloth) changes from place to place;
  // a card's printed border does not.
  const texture = (from: (t: number) => number, to: (t: number) => number) => {
    let sum = 0,
      pairs = 0;
    for (let t = 0; t + 1 < POSITIONS; t++)
      for (let j = 0; j < to(t) - from(t); j++) {
        const k0 = from(t) + j,
          k1 = from(t + 1) + j;
        if (k0 < 0 || k1 < 0 || k0 >= count || k1 >= count) continue;
        const i0 = (t * count + k0) * 3,
          i1 = ((t + 1) * count + k1) * 3;
        sum += (Math.abs(prof[i0] - prof[i1]) + Math.abs(prof[i0 + 1] - prof[i1 + 1]) + Math.abs(prof[i0 + 2] - prof[i1 + 2])) / 3;
        pairs++;
      }
    return pairs ? sum / pairs : 0;
  };
  const textureInside = texture(
    (t) => kAt(t) - 1 - 2 * WINDOW,
    (t) => kAt(t) - 1,
  );
  const textureOutside = texture(
    (t) => kAt(t) + 1,
    (t) => kAt(t) + 1 + WINDOW,
  );
  const edgeAt = (t: number) => {
    // step[k] compares the samples from k on with those before it: the edge lies half a step before k.
    const s = (kAt(t) - 0.5) * STEP;
    return { x: a.x + u.x * ts[t] + outward.x * s, y: a.y + u.y * ts[t] + outward.y * s };
  };
  return {
    line: fitLine([edgeAt(0), edgeAt(Math.floor(POSITIONS / 2)), edgeAt(POSITIONS - 1)]),
    stepRgb: best.step,
    significance: best.significance,
    direction: best.mean.map((v) => v / best.step) as Rgb,
    border: border.map((v) => v / n) as Rgb,
    texture: { inside: textureInside, outside: textureOutside },
  };
}

type SideStep = { border: Rgb; direction: Rgb };
const sum = (c: Rgb) => c[0] + c[1] + c[2];
const chroma = (c: Rgb) => c.map((v) => v / Math.max(1, sum(c))) as Rgb;
/**
 * Two sides' steps show one border on one table: the bands inside them of one colour, and stepping the
 * same way. Colours are compared as chromaticities, since uneven light brightens one side more than another.
 */
function sameBorder(x: SideStep, y: SideStep): boolean {
  const cx = chroma(x.border),
    cy = chroma(y.border);
  const darker = Math.max(1, Math.min(sum(x.border), sum(y.border)));
  if (norm([cx[0] - cy[0], cx[1] - cy[1], cx[2] - cy[2]]) > SAME_BORDER_CHROMA + CHROMA_NOISE_RGB / darker) return false;
  return x.direction.reduce((s, v, c) => s + v * y.direction[c], 0) >= SAME_STEP_COS;
}
/**
 * The step is a shadow's edge on the desk: going out, each channel brightens in proportion to the shaded
 * band's own colour (the same desk, more light), within this cosine.
 */
const SHADE_COS = 0.97;
function shadeEdge({ border, direction }: SideStep): boolean {
  const size = norm(border);
  return size > 0 && border.reduce((s, v, c) => s + (v / size) * direction[c], 0) >= SHADE_COS;
}
const allAgree = (sides: SideStep[]) => sides.every((x, i) => sides.every((y, j) => j <= i || sameBorder(x, y)));
/** A side searched again beyond print that stepped harder than the cut edge counts steps down to this share of the caller's floor. */
const PRINT_INSIDE_FLOOR_SHARE = 1 / 3;
/** How many times a side whose border disagrees is searched again inside its step (a shadow's, a second shadow's). */
const MAX_INNER_RETRIES = 2;

/**
 * The card's faint outline outside `quad` (the working copy's coordinates), or null when the photo
 * shows none that all four sides agree on.
 */
export function findOuterOutline(img: RgbImage, quad: Quad, maxOffsets?: number[], relativeFloor = 0): OuterOutline | null {
  const quadSide = quadSides(quad);
  const maxOffset = MAX_OFFSET_SHARE * Math.min(quadSide[0].len, quadSide[2].len);
  const sides = quadSide.map(({ a, b, n }, i) => sideOutline(img, a, b, n, maxOffsets?.[i] ?? maxOffset, relativeFloor));
  if (sides.some((s) => !s || s.significance < MIN_SIGNIFICANCE || s.stepRgb < MIN_STEP_RGB)) return null;
  const found = sides as NonNullable<(typeof sides)[number]>[];
  // One border on one table all round: four unrelated steps (a table's seams, a shadow) are not a card.
  if (!allAgree(found)) {
    // A lamp's soft shadow beyond one or two sides steps too, further out than the card's edge: the band
    // inside that step is the desk in shade, which brightens outward in proportion to its own colour.
    // Those sides are searched again inside it, for the step whose inside is the border the others show.
    const agreeing = found.map((x) => found.filter((y) => sameBorder(x, y)).length);
    const reference = found[agreeing.indexOf(Math.max(...agreeing))];
    for (const [i, { a, b, n }] of quadSide.entries())
      for (let tries = 0; tries < MAX_INNER_RETRIES && !sameBorder(found[i], reference) && shadeEdge(found[i]); tries++) {
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const offset = Math.abs(distanceToLine(found[i].line, mid));
        // A shadow's edge has lit desk beyond it; a step at the frame's edge may be the card's own print
        // where the frame cuts it.
        const at = { x: mid.x + n.x * offset, y: mid.y + n.y * offset };
        const clear = 4 * WINDOW * STEP;
        if (at.x < clear || at.y < clear || at.x > img.width - clear || at.y > img.height - clear) break;
        const inner = sideOutline(img, a, b, n, offset - 2 * WINDOW * STEP, relativeFloor);
        if (!inner || inner.significance < MIN_SIGNIFICANCE || inner.stepRgb < MIN_STEP_RGB) break;
        found[i] = inner;
      }
    // From the frame, the print inside a dark border can step several times harder than the cut edge
    // beyond it (a back's brown frame inside its black border, on a dark lid), most of all once a colour
    // cast or heavy compression flattens that edge: the side stopped on the print, its band the print's
    // colour. It is searched again with fainter steps counting, for the outer step inside which lies the
    // border the other sides show, stepping about as hard as theirs: the cut edge is one step all round,
    // where a card the frame cuts shows only its border's faint shading beyond the print.
    if (relativeFloor > 0) {
      const agreeingSteps = found.filter((x) => sameBorder(x, reference)).map((x) => x.stepRgb);
      for (const [i, { a, b, n }] of quadSide.entries()) {
        if (sameBorder(found[i], reference)) continue;
        const outer = sideOutline(img, a, b, n, maxOffsets?.[i] ?? maxOffset, relativeFloor * PRINT_INSIDE_FLOOR_SHARE);
        if (
          outer &&
          outer.significance >= MIN_SIGNIFICANCE &&
          outer.stepRgb >= Math.max(MIN_STEP_RGB, relativeFloor * Math.min(...agreeingSteps)) &&
          sameBorder(outer, reference)
        )
          found[i] = outer;
      }
    }
    if (!allAgree(found)) return null;
  }
  const corners = [0, 1, 2, 3].map((i) => intersect(found[(i + 3) % 4].line, found[i].line)) as Quad;
  const len = (i: number) => Math.hypot(corners[(i + 1) % 4].x - corners[i].x, corners[(i + 1) % 4].y - corners[i].y);
  // Short over long side, whichever way the card lies in the frame.
  const across = len(0) + len(2),
    along = len(1) + len(3);
  const ratio = Math.min(across, along) / Math.max(across, along);
  if (!(ratio > 0.55 && ratio < 0.9)) return null;
  if (corners.some((p) => !Number.isFinite(p.x) || p.x < 1.5 || p.y < 1.5 || p.x > img.width - 1.5 || p.y > img.height - 1.5)) return null;
  return { quad: corners, stepRgb: Math.min(...found.map((s) => s.stepRgb)), grain: found.map((s) => s.texture) };
}

/**
 * From the frame, a lid or a desk may shade a little toward the frame's edge, a faint but straight step
 * of its own beyond the card; the card's cut edge steps several times harder. Only steps at least this
 * share of a side's strongest count.
 */
const FRAME_RELATIVE_STEP = 0.3;
/** How far inside the frame the search for a frame-filling card's outline starts, per side. */
const FRAME_INSET_SHARE = 0.16;

/**
 * The outline of a card that nearly fills the frame (a scan on a dark lid, a close-up), found from the
 * frame inward: a rectangle a sixth of the way in from each side is searched outward, to the frame,
 * for the outermost straight step all four sides agree on, with the same checks as the faint outline
 * (one border colour all round, stepping the same way). When the border is nearly the backdrop's
 * colour, the colour mask outlines the print or part of it, askew, and the outward search from that
 * misses the cut edge; the frame's own sides are square to a scan's card.
 */
export function frameOutline(img: RgbImage): OuterOutline | null {
  const { width: w, height: h } = img;
  const dx = FRAME_INSET_SHARE * w,
    dy = FRAME_INSET_SHARE * h;
  const inset: Quad = [
    { x: dx, y: dy },
    { x: w - 1 - dx, y: dy },
    { x: w - 1 - dx, y: h - 1 - dy },
    { x: dx, y: h - 1 - dy },
  ];
  // To one window short of the frame: a step needs samples beyond it.
  const reach = (d: number) => d - (WINDOW + 1) * STEP;
  const found = findOuterOutline(img, inset, [reach(dy), reach(dx), reach(dy), reach(dx)], FRAME_RELATIVE_STEP);
  // In the engine's corner order: a card lying sideways in the frame starts from its own top-left.
  return found && { ...found, quad: orderQuad(found.quad, img) };
}

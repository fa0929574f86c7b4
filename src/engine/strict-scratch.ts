/**
 * The stricter scratch test, used without a reference (or when the photo does not match it).
 * A scratch is paper or lacquer showing: a thin, light, low-saturation line (the print beside it
 * blended toward white in every channel alike) that cuts across the art, straight and of even
 * strength along its length. Artwork that passes the ridge test fails one of these:
 *  - a coloured stroke is ink: the light it adds is not a blend toward white;
 *  - a highlight hugging an outline has a dark line close by on one side only;
 *  - a curved highlight leaves its own chord;
 *  - a sparkle is a cross of tapering arms: light lines across it, strongest at its centre.
 */
import { lumaOf, type RgbImage } from './image';
import type { SurfaceIssue } from './surface-issue';

/** Diagnostics: called with every tested line's features (bench and tuning scripts only). */
export const strictScratchTrace: { log?: (line: SurfaceIssue, features: Record<string, number | boolean>, verdict: boolean) => void } = {};

/** `light`: the light's colour (exposure.ts): under a lamp a scratch blends toward the lamp's white, not pure white. */
export function strictScratch(
  line: SurfaceIssue,
  img: RgbImage,
  s: number,
  gain: number,
  light: [number, number, number] = [1, 1, 1],
): boolean {
  const len = Math.hypot(line.to.xMm - line.from.xMm, line.to.yMm - line.from.yMm);
  if (len === 0) return false;
  const ux = (line.to.xMm - line.from.xMm) / len,
    uy = (line.to.yMm - line.from.yMm) / len;
  const side = 0.35 + line.widthMm / 2;
  // White light's white, and the lamp's when exposure.ts believed one: a line is colourless when it is
  // a blend toward either (a card whose brightest print is cream keeps its white scratches).
  const lamp = light.some((l) => l < 1);
  const whites = (lamp ? [[1, 1, 1], light] : [[1, 1, 1]]).map((l) => l.map((v) => 250 * gain * v));
  const W = img.width,
    H = img.height,
    D = img.data;
  const px = (xMm: number, yMm: number, out: number[]) => {
    const x = Math.min(W - 1, Math.max(0, Math.round(xMm * s - 0.5))),
      y = Math.min(H - 1, Math.max(0, Math.round(yMm * s - 0.5)));
    const o = (y * W + x) * 3;
    out[0] = D[o];
    out[1] = D[o + 1];
    out[2] = D[o + 2];
  };
  const c = [0, 0, 0],
    a = [0, 0, 0],
    b = [0, 0, 0],
    best = [0, 0, 0],
    far = [0, 0, 0];
  let samples = 0,
    alike = 0,
    hugging = 0,
    positions = 0;
  // Per white: samples whose brightest pixel is neutral, and the share of added light a blend explains.
  const neutral = whites.map(() => 0);
  const explained: number[][] = whites.map(() => []);
  // Where the line crosses a printed edge its sides differ and their mean is not the colour under it:
  // the white-blend question is asked where the sides are alike, when there are enough such places.
  const explainedAlike: number[][] = whites.map(() => []);
  const rises: number[] = [];
  for (let t = 0.3; t < len - 0.3; t += 0.25) {
    const x = line.from.xMm + ux * t,
      y = line.from.yMm + uy * t;
    positions++;
    // The line's own colour: its brightest pixel within a pixel across.
    let top = -1;
    for (const o of [-1.5, -1, -0.5, 0, 0.5, 1, 1.5]) {
      px(x - uy * (o / s), y + ux * (o / s), c);
      if (lumaOf(c) > top) ((top = lumaOf(c)), best.splice(0, 3, c[0], c[1], c[2]));
    }
    px(x - uy * side, y + ux * side, a);
    px(x + uy * side, y - ux * side, b);
    const la = lumaOf(a),
      lb = lumaOf(b),
      rise = top - Math.max(la, lb);
    rises.push(Math.max(0, rise));
    if (rise < 6) continue;
    samples++;
    const sidesAlike = Math.abs(la - lb) < Math.max(10, 0.6 * rise);
    if (sidesAlike) alike++;
    for (const [w, white] of whites.entries()) {
      // How far each channel moved from the sides' colour toward white; alike shares mean no hue.
      const shares: number[] = [];
      for (let k = 0; k < 3; k++) {
        const base = (a[k] + b[k]) / 2,
          room = white[k] - base;
        if (room > 25) shares.push((best[k] - base) / room);
      }
      // JPEG keeps colour at half resolution, so a thin white line keeps some of its sides' hue: every
      // channel must rise by a fair share, none much more than another. Ink leaves a channel behind.
      if (shares.length === 0 || (Math.min(...shares) > 0.2 && Math.max(...shares) - Math.min(...shares) < 0.55)) neutral[w]++;
    }
    // The same question asked of the light the line adds across its whole profile: blurring (optics,
    // JPEG's half-resolution colour) spreads a line but keeps what it adds, channel by channel. A
    // blend toward white adds to each channel in proportion to its room below white; ink does not.
    const base = [0, 0, 0];
    let nb = 0;
    for (const d of [0.6, 0.75, 0.9])
      for (const sign of [1, -1]) {
        px(x - sign * uy * (side - 0.35 + d), y + sign * ux * (side - 0.35 + d), far);
        ((base[0] += far[0]), (base[1] += far[1]), (base[2] += far[2]), nb++);
      }
    const added = [0, 0, 0];
    for (let o = -0.45; o <= 0.45 + 1e-9; o += 1 / s) {
      px(x - uy * o, y + ux * o, far);
      for (let k = 0; k < 3; k++) added[k] += far[k] - base[k] / nb;
    }
    for (const [w, white] of whites.entries()) {
      let num = 0,
        den = 0,
        tot = 0;
      for (let k = 0; k < 3; k++) {
        const room = Math.max(1, white[k] - base[k] / nb);
        ((num += added[k] * room), (den += room * room), (tot += added[k] * added[k]));
      }
      const blend = num / den;
      let resid = 0;
      for (let k = 0; k < 3; k++) resid += (added[k] - blend * Math.max(1, white[k] - base[k] / nb)) ** 2;
      if (tot > 0 && blend > 0) (sidesAlike ? explainedAlike : explained)[w].push(1 - resid / tot);
    }
    // A highlight runs beside the outline of a shape: a much darker line close by on one side only.
    const darkest = (sign: number, near: number) => {
      let lo = Infinity;
      for (let d = side + 0.1; d <= 1.4; d += 0.5 / s) {
        px(x - sign * uy * d, y + sign * ux * d, far);
        lo = Math.min(lo, lumaOf(far));
      }
      return near - lo;
    };
    const dropA = darkest(1, la),
      dropB = darkest(-1, lb);
    if (Math.max(dropA, dropB) > 45 && Math.min(dropA, dropB) < 20) hugging++;
  }
  // A sparkle is a cross: a second light line runs across it. Light on both sides across the line,
  // each side brighter than both diagonals (an edge of the art crossing the line is light on one side
  // only). A long line is a sparkle only if crossed near its middle; a short one (two arms of at most
  // a few millimetres, or two sparkles in a row) wherever it is crossed.
  let crossed = false;
  const [c0, c1] = len < 7 ? [0, len] : [len * 0.25, len * 0.75];
  for (let t = c0; t <= c1 && !crossed; t += 0.1) {
    const x = line.from.xMm + ux * t,
      y = line.from.yMm + uy * t;
    const across = [0, 0],
      diagonal = [0, 0, 0, 0];
    for (let d = 0.4; d <= 1.0; d += 0.2)
      for (const [k, sign] of [
        [0, 1],
        [1, -1],
      ] as const) {
        px(x - sign * uy * d, y + sign * ux * d, far);
        across[k] += lumaOf(far);
        px(x + sign * (ux - uy) * d * Math.SQRT1_2, y + sign * (uy + ux) * d * Math.SQRT1_2, far);
        diagonal[k] += lumaOf(far);
        px(x + sign * (ux + uy) * d * Math.SQRT1_2, y + sign * (uy - ux) * d * Math.SQRT1_2, far);
        diagonal[k + 2] += lumaOf(far);
      }
    if (Math.min(...across) - Math.max(...diagonal) > 25 * 4) crossed = true;
  }
  const whiteBlends = whites.map((_, w) => {
    const blends = (explainedAlike[w].length >= MIN_ALIKE_BLENDS ? explainedAlike[w] : [...explainedAlike[w], ...explained[w]]).sort(
      (p, q) => p - q,
    );
    return blends.length ? blends[Math.floor(blends.length / 2)] : 0;
  });
  // Even strength: a scratch keeps its contrast along its length; sparkle arms and glints fade out.
  const sortedRises = [...rises].sort((p, q) => p - q);
  const evenness = sortedRises.length
    ? sortedRises[Math.floor(sortedRises.length * 0.25)] / Math.max(1, sortedRises[Math.floor(sortedRises.length * 0.9)])
    : 0;

  // A scratch is straight: sampled along its chord it is found nearly everywhere; a curved highlight
  // leaves its chord and is found only near the ends.
  // Two measures of the same colour question must agree: the brightest pixel's share of room toward
  // white (per sample), and the whole profile's added light (median over the line) being a white blend
  // (≥ 0.9 of it explained; scratches measured 0.94–0.99, coloured strokes 0.5–0.89).
  const colourless = whites.some((_, w) => neutral[w] / samples >= 0.6 && whiteBlends[w] >= 0.9);
  // Sparkles: short and tapered (measured evenness 0.1–0.45 against 0.48–0.9 for scratches, which
  // rarely fade on a short length), or fading along most of their length whatever their length.
  const tapered = evenness < 0.3 || (len < 7 && evenness < 0.55);
  const verdict =
    samples >= 4 && samples / positions >= 0.6 && colourless && alike / samples >= 0.3 && hugging / samples < 0.5 && !crossed && !tapered;
  strictScratchTrace.log?.(
    line,
    {
      len,
      samples,
      coverage: samples / positions,
      neutral: samples ? Math.max(...neutral) / samples : 0,
      alike: samples ? alike / samples : 0,
      hugging: samples ? hugging / samples : 0,
      crossed,
      whiteBlend: Math.max(...whiteBlends),
      evenness,
    },
    verdict,
  );
  return verdict;
}

/** Places with alike sides enough to judge the line's colour by them alone (a millimetre of line). */
const MIN_ALIKE_BLENDS = 4;

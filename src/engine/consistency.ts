/**
 * Front and back must be the same card. The engine straightens every outline to 63 × 88 mm, so a
 * back from another card (a mini or jumbo card, a card cut to another size) would be graded as if it
 * fitted. Before straightening, each outline keeps its own proportions, blurred only by the camera's
 * tilt: a tilted card is foreshortened along one axis by at most 1 − cos(tilt), and the same tilt
 * shows as keystone (opposite sides of unequal length). A difference in proportions larger than both
 * faces' tilt can explain refuses the pair; a smaller one that tilt could explain lowers confidence.
 * Scans keep the same scale across faces, so there the outline's size is compared too.
 */
import type { Quad } from './detect';
import { apparentAspect as quadAspect, rectifiedAspect } from './perspective';
import { EngineRefusal } from './refusal';

/** `width`, `height`: the photo's size, whose centre is taken as the camera's principal point for rectification. */
export type OutlineFace = { corners: Quad; scan: boolean; width?: number; height?: number };
export type Consistency = { aspectDifference: number; sizeDifference: number | null; warning: string | null; confidencePenalty: number };

const side = (q: Quad, i: number) => Math.hypot(q[(i + 1) % 4].x - q[i].x, q[(i + 1) % 4].y - q[i].y);

/** Width over height of the outline as photographed (mean of opposite sides). */
export const apparentAspect = (q: Quad): number => quadAspect(q);

/** Largest relative difference between opposite sides: 0 for a card seen square-on. */
export function keystone(q: Quad): number {
  const rel = (a: number, b: number) => Math.abs(a - b) / ((a + b) / 2);
  return Math.max(rel(side(q, 0), side(q, 2)), rel(side(q, 1), side(q, 3)));
}

/** Card height in pixels (mean of the long sides). */
const heightPx = (q: Quad) => (side(q, 1) + side(q, 3)) / 2;

/** A rectified aspect is good to about this much (corner fit, principal point off the photo's centre). */
const RECTIFIED_NOISE = 0.01;

/**
 * Two readings of the pair's proportions, each with the tilt it may still hide. As photographed: the
 * outlines' own proportions, allowing the foreshortening their keystone explains. Rectified
 * (perspective.ts): the camera's tilt taken out, allowing the rectifier's noise, and half the keystone
 * allowance where a typical focal length had to be assumed. Rectification rests on a centred principal
 * point, which a cropped photo or an image warped by other means (not a camera) does not have: so the
 * pair is judged on whichever reading fits it better. A tilted front no longer looks like another card,
 * and no pair is refused that the outlines' own proportions accept.
 */
function readings(front: OutlineFace, back: OutlineFace): { aspectDifference: number; explained: number }[] {
  const asPhotographed = {
    aspectDifference: Math.abs(Math.log(apparentAspect(front.corners) / apparentAspect(back.corners))),
    explained: NOISE + TILT_PER_KEYSTONE * (keystone(front.corners) + keystone(back.corners)),
  };
  if (!front.width || !front.height || !back.width || !back.height) return [asPhotographed];
  const rectified = (f: OutlineFace) => {
    const r = rectifiedAspect(f.corners, f.width!, f.height!);
    return { aspect: r.aspect, allowance: RECTIFIED_NOISE + (r.focalPx === null ? (TILT_PER_KEYSTONE * keystone(f.corners)) / 2 : 0) };
  };
  const f = rectified(front),
    b = rectified(back);
  return [asPhotographed, { aspectDifference: Math.abs(Math.log(f.aspect / b.aspect)), explained: NOISE + f.allowance + b.allowance }];
}

/** Proportion differences below this are measurement noise (edge fit, rounding, JPEG). */
const NOISE = 0.02;
/** Foreshortening a face's keystone can explain: tilt shows as keystone before it shrinks an axis by as much. */
const TILT_PER_KEYSTONE = 0.3;
/**
 * Beyond noise and tilt, a difference this large is another card: a mini card (59 × 86 mm) differs
 * from a standard one by 4 %, a jumbo card by more. On 29 synthetic pairs tilted up to 15° the
 * real difference stayed at least 1.6 points under noise + tilt allowance.
 */
const MISMATCH = 0.015;
/** Two scans of one card at one resolution agree in size within a few tenths of a millimetre. */
const SCAN_SIZE_TOLERANCE = 0.02;

export function checkFaceConsistency(front: OutlineFace, back: OutlineFace): Consistency {
  // The reading that fits the pair better: its unexplained difference is the smaller.
  const { aspectDifference, explained } = readings(front, back).reduce((x, y) =>
    y.aspectDifference - y.explained < x.aspectDifference - x.explained ? y : x,
  );
  const sizeDifference = front.scan && back.scan ? Math.abs(Math.log(heightPx(front.corners) / heightPx(back.corners))) : null;
  const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
  if (aspectDifference > explained + MISMATCH)
    throw new EngineRefusal(
      'faces_mismatch',
      'back',
      `the outlines' proportions differ by ${pct(aspectDifference)}, more than the camera's tilt explains`,
    );
  if (sizeDifference !== null && aspectDifference > NOISE && sizeDifference > SCAN_SIZE_TOLERANCE)
    throw new EngineRefusal(
      'faces_mismatch',
      'back',
      `the two scans differ by ${pct(sizeDifference)} in size and ${pct(aspectDifference)} in proportions`,
    );
  if (aspectDifference > explained || (sizeDifference !== null && sizeDifference > SCAN_SIZE_TOLERANCE)) {
    const what =
      sizeDifference !== null && sizeDifference > SCAN_SIZE_TOLERANCE
        ? `sizes differ by ${pct(sizeDifference)} (scanned at another resolution?)`
        : `proportions differ by ${pct(aspectDifference)}, which the camera's tilt may explain`;
    return {
      aspectDifference,
      sizeDifference,
      warning: `The front and back outlines do not quite match (${what}); check that both photos show the same card. The confidence is lower.`,
      confidencePenalty: Math.min(10, Math.round(200 * aspectDifference)) || 3,
    };
  }
  return { aspectDifference, sizeDifference, warning: null, confidencePenalty: 0 };
}

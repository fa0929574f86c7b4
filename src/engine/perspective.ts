/**
 * The card's true proportions from its outline in a photo. A tilted card is foreshortened: its
 * outline's proportions are not the card's. Its four corners are the image of a rectangle, and a
 * pinhole camera with square pixels and its principal point at the photo's centre leaves one unknown,
 * the focal length, which the quad itself determines whenever it shows perspective (Zhang & He,
 * "Whiteboard scanning and image enhancement", 2007). With the focal length, the rectangle's width over
 * height follows. An outline without measurable perspective (opposite sides parallel, or a focal length
 * that is not a real one) gives no focal length; then a phone camera's typical one is assumed.
 */
import type { Point } from './geometry';

type V3 = [number, number, number];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Apparent width over height: mean of opposite sides. */
export function apparentAspect(q: readonly Point[]): number {
  const side = (i: number) => Math.hypot(q[(i + 1) % 4].x - q[i].x, q[(i + 1) % 4].y - q[i].y);
  return (side(0) + side(2)) / (side(1) + side(3));
}

/**
 * A phone's main camera spans about 65–75° across its long side: a focal length of about 0.75 long sides.
 * Used when the outline cannot fix its own (one pair of sides parallel in the photo: a card tilted about
 * one of its axes shows only one vanishing point).
 */
const TYPICAL_FOCAL_PER_LONG_SIDE = 0.75;

/**
 * The card's two edge directions in camera space (up to scale) and the focal length used, centred
 * coordinates. `focalPerLongSide`: assume this focal length instead of measuring it.
 */
function cardAxes(q: readonly Point[], width: number, height: number, focalPerLongSide?: number) {
  // Centred coordinates (principal point at the origin), scaled for conditioning.
  const s = Math.max(width, height);
  const h = (p: Point): V3 => [(p.x - width / 2) / s, (p.y - height / 2) / s, 1];
  const m1 = h(q[0]),
    m2 = h(q[1]),
    m4 = h(q[2]),
    m3 = h(q[3]);
  const c14 = cross(m1, m4);
  const k2 = dot(c14, m3) / dot(cross(m2, m4), m3);
  const k3 = dot(c14, m2) / dot(cross(m3, m4), m2);
  const n2: V3 = [k2 * m2[0] - m1[0], k2 * m2[1] - m1[1], k2 * m2[2] - m1[2]];
  const n3: V3 = [k3 * m3[0] - m1[0], k3 * m3[1] - m1[1], k3 * m3[2] - m1[2]];
  // n2[2] or n3[2] near zero: that pair of sides is parallel in the photo (no vanishing point).
  const f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2]);
  // Focal lengths outside 0.3–5 long sides are no phone's or scanner's: the perspective is too weak to
  // measure one, and a typical one is assumed (with little perspective it hardly matters which).
  const measured =
    focalPerLongSide === undefined &&
    Number.isFinite(f2) &&
    f2 > 0.3 ** 2 &&
    f2 < 5 ** 2 &&
    Math.abs(n2[2]) > 1e-3 &&
    Math.abs(n3[2]) > 1e-3;
  const f2Used = measured ? f2 : (focalPerLongSide ?? TYPICAL_FOCAL_PER_LONG_SIDE) ** 2;
  return { n2, n3, f2, f2Used, measured, s };
}

/**
 * Width over height of the rectangle whose photo is `q` (top-left, top-right, bottom-right, bottom-left),
 * taken by a camera whose principal point is the centre of a `width`×`height` photo. `focalPx` is the
 * focal length the outline fixes, or null when it fixes none and a phone's typical one was assumed.
 */
export function rectifiedAspect(
  q: readonly Point[],
  width: number,
  height: number,
  focalPerLongSide?: number,
): { aspect: number; focalPx: number | null } {
  const { n2, n3, f2, f2Used, measured, s } = cardAxes(q, width, height, focalPerLongSide);
  const norm = (n: V3) => (n[0] * n[0] + n[1] * n[1]) / f2Used + n[2] * n[2];
  const aspect = Math.sqrt(norm(n2) / norm(n3));
  return { aspect: Number.isFinite(aspect) && aspect > 0 ? aspect : apparentAspect(q), focalPx: measured ? Math.sqrt(f2) * s : null };
}

/**
 * The proportions `q` may have under any camera a card is photographed with: phones (focal length
 * 0.6–1.5 long sides), the one the outline measures, and a scanner (no perspective: the outline's own).
 * A slight tilt fixes the focal length poorly, so a shape check asks whether some real camera makes the
 * outline a card, not whether the measured one does.
 */
export function plausibleAspects(q: readonly Point[], width: number, height: number): { min: number; max: number } {
  const aspects = [
    rectifiedAspect(q, width, height).aspect,
    ...[0.6, 0.75, 1, 1.5].map((f) => rectifiedAspect(q, width, height, f).aspect),
    apparentAspect(q),
  ];
  return { min: Math.min(...aspects), max: Math.max(...aspects) };
}

export { MAX_RECTIFIED_TILT_DEG } from '@contract/photo-limits';

/**
 * Angle in degrees between the card's plane and the photo's plane: 0 when the camera looks straight
 * down on it. The card's normal is the cross product of its two edge directions in camera space.
 */
export function cardTiltDeg(q: readonly Point[], width: number, height: number): number {
  const { n2, n3, f2Used } = cardAxes(q, width, height);
  const f = Math.sqrt(f2Used);
  const a: V3 = [n2[0] / f, n2[1] / f, n2[2]],
    b: V3 = [n3[0] / f, n3[1] / f, n3[2]];
  const n = cross(a, b);
  const tilt = (Math.acos(Math.min(1, Math.abs(n[2]) / Math.hypot(...n))) * 180) / Math.PI;
  return Number.isFinite(tilt) ? tilt : 0;
}

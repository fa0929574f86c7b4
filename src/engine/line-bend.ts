/**
 * How much a light line found on the surface bows. A scratch is cut by something dragged straight
 * across the card; printed highlights follow the art's curves (the swirl streaks on every Pokémon back,
 * a rim light along a figure, a sparkle's curled arm). The line finder keeps a curve's flatter stretch
 * as one line when it stays within a pixel and a half of its chord, so the bow is measured here, to a
 * tenth of a pixel: the ridge's crest is located across the line every fifth of a millimetre and a
 * parabola fitted along it (geometry.ts's fitBowedEdge, which drops the places where the line crosses
 * other print).
 */
import { fitBowedEdge, type Point } from './geometry';
import { lumaOf, sampleRgb, type RgbImage } from './image';
import type { SurfaceIssue } from './surface-issue';

/** A line bowed at least this much (mm, the arc's depth off its chord) … */
const MIN_BOW_MM = 0.12;
/** … on a circle this tight or tighter (mm) is an arc of the print. Straight scratches measured 60 mm and up. */
const MAX_ARC_RADIUS_MM = 50;

/** True when the light line follows an arc rather than a straight cut (see the header). */
export function bowsLikeArc(line: Pick<SurfaceIssue, 'from' | 'to'>, img: RgbImage, pxPerMm: number): boolean {
  const length = Math.hypot(line.to.xMm - line.from.xMm, line.to.yMm - line.from.yMm);
  const bow = crestBowMm(line, img, pxPerMm);
  if (bow === null || bow < MIN_BOW_MM) return false;
  return (length * length) / (8 * bow) < MAX_ARC_RADIUS_MM;
}

/** Depth (mm) of the parabola through the line's crest, or null when too little of the crest is found. */
export function crestBowMm(line: Pick<SurfaceIssue, 'from' | 'to'>, img: RgbImage, pxPerMm: number): number | null {
  const length = Math.hypot(line.to.xMm - line.from.xMm, line.to.yMm - line.from.yMm);
  if (length === 0) return null;
  const ux = (line.to.xMm - line.from.xMm) / length,
    uy = (line.to.yMm - line.from.yMm) / length;
  const rgb = [0, 0, 0];
  // Pixel centres lie at half a pixel in card millimetres.
  const luma = (xMm: number, yMm: number) => {
    sampleRgb(img, xMm * pxPerMm - 0.5, yMm * pxPerMm - 0.5, rgb);
    return lumaOf(rgb);
  };
  const crest: Point[] = [];
  const profile: number[] = [];
  for (let t = 0.2; t <= length - 0.2; t += 0.2) {
    const x = line.from.xMm + ux * t,
      y = line.from.yMm + uy * t;
    profile.length = 0;
    let peak = 0;
    for (let k = -SEARCH_PX; k <= SEARCH_PX; k++) {
      profile.push(luma(x - (uy * k) / pxPerMm, y + (ux * k) / pxPerMm));
      if (profile[profile.length - 1] > profile[peak]) peak = profile.length - 1;
    }
    // A crest at the window's edge is the print beside the line, not the line.
    if (peak === 0 || peak === profile.length - 1) continue;
    const [a, b, c] = [profile[peak - 1], profile[peak], profile[peak + 1]];
    const curvature = a - 2 * b + c;
    const offset = (peak - SEARCH_PX + (curvature < 0 ? (0.5 * (a - c)) / curvature : 0)) / pxPerMm;
    crest.push({ x: x - uy * offset, y: y + ux * offset });
  }
  if (crest.length < MIN_CREST_POINTS) return null;
  return fitBowedEdge(crest, 1 / pxPerMm).depth;
}

/** Pixels searched either side of the chord for the crest: a bow up to about half a millimetre. */
const SEARCH_PX = 5;
/** Crest positions needed for a parabola that means something (a millimetre and a half of line). */
const MIN_CREST_POINTS = 8;

/**
 * How far a card lies turned in the frame, read from the straight lines nearest each side. A scan or
 * render cropped to the card has its cut edges on the frame and every printed rule square to it; a
 * card that merely lies on a dark lid in a frame of its proportions (the crop cutting into it, or a
 * margin left round it) lies a little askew, and its cut edge and border rules with it. So the frame
 * is only ever taken for the card's outline (scan.ts) when what lies inside it is square to it.
 */
import type { Point } from './geometry';
import { lumaOf, type RgbImage } from './image';

/** Positions sampled along each side, over its middle 70 % (the corners are rounded or filled). */
const SAMPLES = 25;
/** How far in from each side the strongest step is looked for, as a share of the frame's short side. */
const DEPTH_SHARE = 0.08;
/** Share of the samples a side's line must pass through to count as a straight line (a cut edge or rule). */
const MIN_INLIERS = 0.6;

/**
 * How far (degrees) what lies inside a frame may be turned from it for the frame to be taken for the
 * card's outline. The lines are read to ~0.3° on a small crop (the bench's cropped copies, some of
 * miscut cards, read up to 0.27°); cards lying on a scanner lid in frames of their proportions lie
 * turned 0.3° to 1° (the tight-framing copies of the flatbed scans).
 */
const MAX_TURN_OF_PRINT_DEG = 0.4;
/**
 * A traced outline turned this far (degrees) from the frame is a card lying askew in it. Traced edges
 * are fitted to a fraction of a pixel: the print frames traced inside cards cropped to their edge lie
 * within 0.1° of square (bench: the cropped copies), real cards on a scanner lid 0.3° and more.
 */
const MIN_TRACED_TURN_DEG = 0.2;

/** Whether what lies inside the frame (the photo at full size) is square to it, as in a crop to the card (scan.ts). */
export const squareToFrame = (img: RgbImage) => Math.abs(turnInFrameDeg(img) ?? 0) <= MAX_TURN_OF_PRINT_DEG;

/** Whether a traced outline (photo pixels, quad order) lies turned in the frame: a card lying askew, not a crop to it (face.ts). */
export const tracedTurnedInFrame = (corners: readonly Point[]) => Math.abs(outlineTurnDeg(corners) ?? 0) >= MIN_TRACED_TURN_DEG;

/** How closely (degrees) the sides' turns must agree to be read as the whole card's. */
const AGREE_DEG = 0.15;

type Side = 'left' | 'top' | 'right' | 'bottom';
const SIDES: Side[] = ['left', 'top', 'right', 'bottom'];

const luma = (img: RgbImage, x: number, y: number) => lumaOf(img.data, (y * img.width + x) * 3);

/**
 * The brightness at `depth` px in from `side`, `along` px from its start (left and right sides run
 * down, top and bottom run right), averaged over 3 px along the side against print noise.
 */
function inward(img: RgbImage, side: Side, along: number, depth: number): number {
  let sum = 0;
  for (let k = -1; k <= 1; k++) {
    const a = along + k;
    const [x, y] =
      side === 'left'
        ? [depth, a]
        : side === 'right'
          ? [img.width - 1 - depth, a]
          : side === 'top'
            ? [a, depth]
            : [a, img.height - 1 - depth];
    sum += luma(img, x, y);
  }
  return sum / 3;
}

/**
 * The straight line the strongest step nearest one side follows: its slope (px inward per px along),
 * or null when the steps found along the side do not line up (no edge or rule runs beside it).
 */
function sideSlope(img: RgbImage, side: Side): number | null {
  const length = side === 'left' || side === 'right' ? img.height : img.width;
  const depth = Math.max(6, Math.round(DEPTH_SHARE * Math.min(img.width, img.height)));
  const points: [number, number][] = [];
  for (let k = 0; k < SAMPLES; k++) {
    const along = Math.round(length * (0.15 + (0.7 * k) / (SAMPLES - 1)));
    const steps: number[] = [];
    for (let d = 3; d < depth - 2; d++) steps.push(Math.abs(inward(img, side, along, d + 2) - inward(img, side, along, d - 2)));
    const i = steps.indexOf(Math.max(...steps));
    // A step a JPEG or the paper's grain could make is no edge.
    if (steps[i] < 12) continue;
    // To a fraction of a pixel: the vertex of the parabola through the peak and its neighbours.
    const [a, b, c] = [steps[i - 1] ?? steps[i], steps[i], steps[i + 1] ?? steps[i]];
    const curve = a - 2 * b + c;
    points.push([along, 3 + i + (curve < 0 ? (0.5 * (a - c)) / curve : 0)]);
  }
  if (points.length < MIN_INLIERS * SAMPLES) return null;
  // The line through the pair of steps most others agree with (a step may land on a neighbouring rule).
  const tolerance = Math.max(1.5, 0.001 * length);
  let bestLine: { slope: number; inliers: [number, number][] } | null = null;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const slope = (points[j][1] - points[i][1]) / (points[j][0] - points[i][0]);
      const inliers = points.filter(([s, p]) => Math.abs(p - points[i][1] - slope * (s - points[i][0])) <= tolerance);
      if (!bestLine || inliers.length > bestLine.inliers.length) bestLine = { slope, inliers };
    }
  if (!bestLine || bestLine.inliers.length < MIN_INLIERS * SAMPLES) return null;
  // Least squares through the agreeing steps.
  const n = bestLine.inliers.length;
  const ms = bestLine.inliers.reduce((s, [a]) => s + a, 0) / n,
    mp = bestLine.inliers.reduce((s, [, p]) => s + p, 0) / n;
  const sxx = bestLine.inliers.reduce((s, [a]) => s + (a - ms) ** 2, 0);
  return bestLine.inliers.reduce((s, [a, p]) => s + (a - ms) * (p - mp), 0) / sxx;
}

/**
 * The card's turn in the frame (degrees, clockwise positive) when the lines beside at least two sides
 * agree on it, else null. A turn by θ moves the lines beside the top and right sides inward along them
 * by tan θ per px, and those beside the bottom and left outward.
 */
export function turnInFrameDeg(img: RgbImage): number | null {
  const turns: number[] = [];
  for (const side of SIDES) {
    const slope = sideSlope(img, side);
    if (slope === null) continue;
    const sign = side === 'top' || side === 'right' ? 1 : -1;
    turns.push((sign * Math.atan(slope) * 180) / Math.PI);
  }
  return agreedTurn(turns);
}

/**
 * How far (degrees, clockwise positive) a traced outline lies turned from the frame, when its sides agree
 * on it (agreedTurn) and all four turn the same way; null for a keystoned or ragged outline.
 */
export function outlineTurnDeg(corners: readonly Point[]): number | null {
  // Each side against the direction it runs in an upright card: right, down, left, up.
  const runs = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ];
  const turns = corners.map((p, i) => {
    const q = corners[(i + 1) % 4];
    const [dx, dy] = [q.x - p.x, q.y - p.y];
    const [rx, ry] = runs[i];
    return (Math.atan2(rx * dy - ry * dx, rx * dx + ry * dy) * 180) / Math.PI;
  });
  const turn = agreedTurn(turns);
  return turn !== null && turns.every((t) => Math.sign(t) === Math.sign(turn)) ? turn : null;
}

/**
 * The median of the sides' turns when at least two, and all or all but one, lie within AGREE_DEG of it
 * (the line beside one side may be a printed rule that is not square); else null.
 */
function agreedTurn(turns: number[]): number | null {
  if (turns.length < 2) return null;
  const sorted = [...turns].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const agreeing = turns.filter((t) => Math.abs(t - median) <= AGREE_DEG).length;
  return agreeing >= 2 && agreeing >= turns.length - 1 ? median : null;
}

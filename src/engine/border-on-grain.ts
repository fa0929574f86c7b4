/**
 * A dark-bordered card on a grained table (a grey carpet, wood, cloth): the colour detector takes the
 * black border for table, and the trace follows the printed frame inside it, whose corners are rounded
 * too, so nothing says the card was missed; the holder check then reads the border's step to the carpet
 * as a "sleeve" rim (three Magic cards on carpet were graded "in a sleeve" on their art frame, 4–5 mm
 * inside their cut edge).
 *
 * What tells the card's border from a sleeve's margin is the table's grain. Beyond the outer step the
 * table changes from place to place along every side; seen through a clear sleeve's film it changes just
 * as much, but a printed border is flat. So the outline one border colour out (faint-outline.ts) is the
 * card's cut edge when, on all four sides, the grain beyond it is clear and stops at it. On the real
 * photos every outer outline on a plain table or paper showed ≤ 0.9 RGB of grain (working copy); the
 * carpets 5.9–13.3, with the border 0.9–3.4 inside.
 */
import type { Quad } from './detect';
import { findOuterOutline } from './faint-outline';
import { quadSides } from './geometry';
import { sampleRgb, type RgbImage } from './image';

/** Grain beyond the step (mean RGB change between neighbouring positions along a side, working copy) that is a table's texture, not noise. */
const MIN_TABLE_GRAIN_RGB = 3;
/** The band inside the step is flat (printed) when its grain is at most this share of the table's. */
const MAX_BORDER_GRAIN_SHARE = 0.4;

/** The card's cut edge outside `quad` (both in working-copy pixels) when it lies on a grained table, else null. */
export function borderEdgeOnGrain(small: RgbImage, quad: Quad): Quad | null {
  const outer = findOuterOutline(small, quad);
  if (!outer) return null;
  const grainStops = outer.grain.every(
    ({ inside, outside }) => outside >= MIN_TABLE_GRAIN_RGB && inside <= MAX_BORDER_GRAIN_SHARE * outside,
  );
  return grainStops ? outer.quad : null;
}

/** The strip beyond a traced outline whose grain tableGrainOutside reads: this far out (working-copy px), clear of the edge's blur. */
const GRAIN_STRIP_PX = [2.5, 6] as const;
/** Positions along each side's middle 70 % compared with their neighbours. */
const GRAIN_POSITIONS = 60;

/**
 * The table's grain just beyond a traced outline (`quad`, working-copy pixels): per side, the mean RGB
 * change from one position along it to the next in a strip a few pixels out, as borderEdgeOnGrain reads
 * it; the least of the four sides. A carpet or a playmat is grained all round (7.3–13.2 on every side
 * of the real photos' cards on them); ruled paper changes along the sides across its lines only (one
 * sleeved card on it: above 3 on two sides), a plain table nowhere (at most 1.8).
 */
export function tableGrainOutside(small: RgbImage, quad: Quad): number {
  const a = [0, 0, 0],
    b = [0, 0, 0];
  const perSide = quadSides(quad).map(({ a: from, u, n, len }) => {
    const at = (j: number) => len * (0.15 + (0.7 * j) / (GRAIN_POSITIONS - 1));
    let sum = 0,
      pairs = 0;
    for (let d = GRAIN_STRIP_PX[0]; d <= GRAIN_STRIP_PX[1]; d += 1)
      for (let k = 0; k + 1 < GRAIN_POSITIONS; k++) {
        sampleRgb(small, from.x + u.x * at(k) + n.x * d, from.y + u.y * at(k) + n.y * d, a);
        sampleRgb(small, from.x + u.x * at(k + 1) + n.x * d, from.y + u.y * at(k + 1) + n.y * d, b);
        sum += (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2])) / 3;
        pairs++;
      }
    return sum / pairs;
  });
  return Math.min(...perSide);
}

/** Whether the table beyond a traced outline is grained all round (a carpet, wood, cloth), by the threshold borderEdgeOnGrain uses. */
export const onGrainedTable = (small: RgbImage, quad: Quad) => tableGrainOutside(small, quad) >= MIN_TABLE_GRAIN_RGB;

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
import type { RgbImage } from './image';

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

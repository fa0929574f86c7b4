/**
 * The labelled one-card and sleeve photos tilted further (issue 22, item 3: a front shot at up to 25° tilt
 * is graded, its outline right): each turned by 15° and 25° about the horizontal and the vertical axis
 * through its centre, as a phone held at a slant sees it (tiltedAt in card-fixtures/real-photos.ts). A
 * copy whose card leaves the frame, or comes within 1 mm of it, is skipped: it is no longer whole in frame.
 */
import { isLabelled, tiltedAt, type RealPhoto, type RealPhotoGoal, type TiltAxis } from '../../src/card-fixtures/real-photos';
import { copyOutcome } from './copy-outcome';

const TILTS_DEG = [15, 25];
const AXES: TiltAxis[] = ['horizontal', 'vertical'];

export async function benchTiltedCopies(
  photos: RealPhoto[],
  dir: string,
  { outlineLimitPercent, minCardLongSide }: RealPhotoGoal,
): Promise<void> {
  let copies = 0,
    right = 0,
    skipped = 0;
  const wrong: string[] = [];
  const labelled = photos
    .filter(isLabelled)
    .filter((p) => (p.situation.startsWith('one card') || p.situation === 'in sleeve') && (p.card_long_side_px ?? 0) >= minCardLongSide);
  for (const p of labelled)
    for (const deg of TILTS_DEG)
      for (const axis of AXES) {
        const tilted = await tiltedAt(dir, p, deg, axis);
        if (!tilted) {
          skipped++;
          continue;
        }
        copies++;
        const outcome = await copyOutcome(
          `${p.file.replace(/^images\//, '')} turned ${deg}° about the ${axis} axis`,
          tilted,
          outlineLimitPercent,
        );
        if (outcome) wrong.push(outcome);
        else right++;
      }
  console.log(
    `\nTilted further (the labelled one-card and sleeve photos turned ${TILTS_DEG.join('° and ')}° about either axis, a phone's focal length):\n` +
      `  ${right}/${copies} graded with every corner within ${outlineLimitPercent} % (${skipped} copies skipped: the card left the frame)`,
  );
  for (const w of wrong) console.log(`    ${w}`);
}

/**
 * The labelled one-card and sleeve photos turned in the frame by a quarter, a half and three quarters of a
 * turn (turnedBy in card-fixtures/real-photos.ts): a phone held sideways or upside down. Nothing about a
 * card depends on which way up the photo is, so each copy must be graded with its outline right, as the
 * photo itself is.
 */
import { isLabelled, turnedBy, type RealPhoto, type RealPhotoGoal } from '../../src/card-fixtures/real-photos';
import { copyOutcome } from './copy-outcome';

const TURNS = [1, 2, 3] as const;

export async function benchTurnedCopies(
  photos: RealPhoto[],
  dir: string,
  { outlineLimitPercent, minCardLongSide }: RealPhotoGoal,
): Promise<void> {
  let copies = 0,
    right = 0;
  const wrong: string[] = [];
  const labelled = photos
    .filter(isLabelled)
    .filter((p) => (p.situation.startsWith('one card') || p.situation === 'in sleeve') && (p.card_long_side_px ?? 0) >= minCardLongSide);
  for (const p of labelled)
    for (const turns of TURNS) {
      copies++;
      const outcome = await copyOutcome(
        `${p.file.replace(/^images\//, '')} turned ${90 * turns}° clockwise`,
        await turnedBy(dir, p, turns),
        outlineLimitPercent,
      );
      if (outcome) wrong.push(outcome);
      else right++;
    }
  console.log(
    `\nTurned in the frame (the labelled one-card and sleeve photos turned 90°, 180° and 270°):\n` +
      `  ${right}/${copies} graded with every corner within ${outlineLimitPercent} %`,
  );
  for (const w of wrong) console.log(`    ${w}`);
}

/**
 * The labelled one-card and sleeve photos spoiled as phones and uploads spoil them (degradedAs in
 * card-fixtures/real-photos.ts: blurred, compressed, dim and noisy, warm and cool light). A copy must be
 * graded with its outline right, or refused for what was done to it (too blurry, too dark: the photo's
 * own fault, and the refusal says how to retake it); any other outcome is wrong.
 */
import {
  DEGRADATIONS,
  degradedAs,
  isLabelled,
  type Degradation,
  type RealPhoto,
  type RealPhotoGoal,
} from '../../src/card-fixtures/real-photos';
import { copyOutcome } from './copy-outcome';

/** Refusals that name the photo's fault, right for a copy spoiled that way. */
const RIGHT_REFUSALS: Record<Degradation, string[]> = {
  blurred: ['too_blurry'],
  compressed: [],
  'dim and noisy': ['too_dark'],
  'warm light': [],
  'cool light': [],
};

export async function benchDegradedCopies(
  photos: RealPhoto[],
  dir: string,
  { outlineLimitPercent, minCardLongSide }: RealPhotoGoal,
): Promise<void> {
  const labelled = photos
    .filter(isLabelled)
    .filter((p) => (p.situation.startsWith('one card') || p.situation === 'in sleeve') && (p.card_long_side_px ?? 0) >= minCardLongSide);
  console.log(
    `\nSpoiled photos (the labelled one-card and sleeve photos with a card ≥ ${minCardLongSide} px long, each spoiled five ways):`,
  );
  for (const how of DEGRADATIONS) {
    let graded = 0,
      refusedRight = 0;
    const wrong: string[] = [];
    for (const p of labelled) {
      const outcome = await copyOutcome(`${p.file.replace(/^images\//, '')} ${how}`, await degradedAs(dir, p, how), outlineLimitPercent);
      if (!outcome) graded++;
      else if (RIGHT_REFUSALS[how].some((code) => outcome.includes(`: ${code}`))) refusedRight++;
      else wrong.push(outcome);
    }
    console.log(
      `  ${how.padEnd(14)} ${graded}/${labelled.length} graded with every corner within ${outlineLimitPercent} %` +
        (RIGHT_REFUSALS[how].length ? `, ${refusedRight} refused ${RIGHT_REFUSALS[how].join(' or ')}` : ''),
    );
    for (const w of wrong) console.log(`    ${w}`);
  }
}

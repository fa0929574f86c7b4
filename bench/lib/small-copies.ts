/**
 * The labelled one-card and sleeve photos made small (issue 22, item 1 counts every photo whose card is
 * at least 500 px long): each scaled so that its card's longest side spans 500 and 560 px, as a phone's
 * smaller photo setting or a resized upload gives (scaledTo in card-fixtures/real-photos.ts). Such a copy
 * must be graded with its outline right, not refused as too small.
 */
import { isLabelled, scaledTo, type RealPhoto, type RealPhotoGoal } from '../../src/card-fixtures/real-photos';
import { copyOutcome } from './copy-outcome';

export async function benchSmallCopies(
  photos: RealPhoto[],
  dir: string,
  { outlineLimitPercent, minCardLongSide }: RealPhotoGoal,
): Promise<void> {
  const sizes = [minCardLongSide, Math.round(minCardLongSide * 1.12)];
  let copies = 0,
    right = 0;
  const wrong: string[] = [];
  const labelled = photos.filter(isLabelled).filter((p) => p.situation.startsWith('one card') || p.situation === 'in sleeve');
  for (const p of labelled)
    for (const size of sizes) {
      const small = await scaledTo(dir, p, size);
      if (!small) continue;
      copies++;
      const outcome = await copyOutcome(`${p.file.replace(/^images\//, '')} with its card ${size} px long`, small, outlineLimitPercent);
      if (outcome) wrong.push(outcome);
      else right++;
    }
  console.log(
    `\nSmall photos (the labelled one-card and sleeve photos scaled so the card is ${sizes.join(' and ')} px long):\n` +
      `  ${right}/${copies} graded with every corner within ${outlineLimitPercent} %`,
  );
  for (const w of wrong) console.log(`    ${w}`);
}

/**
 * The labelled one-card and sleeve photos cut out as a catalogue render or a scan cropped to the card is
 * (croppedToCard in card-fixtures/real-photos.ts): straightened, the frame on the card's outline, the
 * corners beyond its rounded cut filled with its border's colour, at 6.5, 10 and 20 px/mm. No cut edge
 * shows: each must be graded with the frame as its outline, within the limit at every corner.
 */
import { croppedToCard, isLabelled, type RealPhoto, type RealPhotoGoal } from '../../src/card-fixtures/real-photos';
import { copyOutcome } from './copy-outcome';

const PX_PER_MM = [6.5, 10, 20];

export async function benchCroppedCopies(photos: RealPhoto[], dir: string, { outlineLimitPercent }: RealPhotoGoal): Promise<void> {
  let copies = 0,
    right = 0;
  const wrong: string[] = [];
  const labelled = photos.filter(isLabelled).filter((p) => p.situation.startsWith('one card') || p.situation === 'in sleeve');
  for (const p of labelled)
    for (const pxPerMm of PX_PER_MM) {
      copies++;
      const outcome = await copyOutcome(
        `${p.file.replace(/^images\//, '')} at ${pxPerMm} px/mm`,
        await croppedToCard(dir, p, pxPerMm),
        outlineLimitPercent,
      );
      if (outcome) wrong.push(outcome);
      else right++;
    }
  console.log(
    `\nCropped to the card (the labelled one-card and sleeve photos cut out at ${PX_PER_MM.join(', ')} px/mm, corners filled with the border's colour):\n` +
      `  ${right}/${copies} graded with every corner within ${outlineLimitPercent} %`,
  );
  for (const w of wrong) console.log(`    ${w}`);
}

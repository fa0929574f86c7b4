/**
 * The labelled one-card photos as listing photos show them (canvas-padding.ts): each photo cut 5 mm
 * beside the card on its left and right and set on a white square canvas. The card should be graded,
 * its outline within the limit in the canvas's pixels, with no holder named: the canvas's edge 5 mm from
 * the card is no toploader's wall nor a sleeve's rim, and the card does not run off where the photo does.
 */
import { isLabelled, onListingCanvas, type RealPhoto, type RealPhotoGoal } from '../../src/card-fixtures/real-photos';
import { copyOutcome } from './copy-outcome';

const MARGIN_MM = 5;

export async function benchCanvasCopies(
  photos: RealPhoto[],
  dir: string,
  { outlineLimitPercent, minCardLongSide }: RealPhotoGoal,
): Promise<void> {
  let n = 0;
  const missed: string[] = [];
  for (const p of photos
    .filter(isLabelled)
    .filter((x) => x.situation.startsWith('one card') && (x.card_long_side_px ?? 0) >= minCardLongSide)) {
    const copy = await onListingCanvas(dir, p, MARGIN_MM);
    if (!copy) continue;
    n++;
    const wrong = await copyOutcome(`${p.file.replace(/^images\//, '')} on a canvas`, copy, outlineLimitPercent, { noHolder: true });
    if (wrong) missed.push(wrong);
  }
  console.log(
    `\nOn a listing canvas (cut ${MARGIN_MM} mm beside the card, set on white, squared): ${n - missed.length}/${n} graded with every corner within ${outlineLimitPercent} % and no holder named`,
  );
  for (const m of missed) console.log(`    ${m}`);
}

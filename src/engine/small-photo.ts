/**
 * A photo below the size limit is refused `image_too_small`, but a larger photo of the same scene would
 * be refused again when it shows several cards (a fanned hand, a pile on a playmat: most small web images
 * of cards are). Saying so first tells the collector what to change. The photo is read at its own size,
 * the card looked for as in any photo, and only a finding of several cards replaces the size refusal.
 */
import type { Face } from '@contract/grading-report';
import { decodePhoto } from './decode';
import { detectCard, type Quad } from './detect';
import { detectOrRefusal, traceLocated } from './locate';
import { refuseAnotherCardInView } from './other-cards';
import { EngineRefusal } from './refusal';
import { prepareScan, type PreparedPhoto } from './scan';
import { CardTooSmall } from './trace';

/** Below this short side (px) nothing is looked for: a thumbnail shows no edge to trace. */
const MIN_LOOKED_AT_SHORT_SIDE = 150;

/** Throws `several_cards` when the too-small `photo` shows several cards; returns otherwise (the size refusal stands). */
export async function refuseSeveralCardsInSmallPhoto(photo: Buffer, face: Face): Promise<void> {
  let decoded: PreparedPhoto;
  try {
    decoded = prepareScan(await decodePhoto(photo, face, MIN_LOOKED_AT_SHORT_SIDE), face);
  } catch (err) {
    if (err instanceof EngineRefusal) return;
    throw err;
  }
  let corners: Quad;
  try {
    const { detection, located } = detectOrRefusal(() => detectCard(decoded.small, face), face);
    corners = traceLocated(decoded, detection, located, face).refined.corners;
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    if (err.code === 'several_cards') throw err;
    // The card traced whole but too small (as it mostly is here): its neighbours are looked for all the same.
    if (!(err instanceof CardTooSmall)) return;
    corners = err.corners;
  }
  // One card found (whole, or too small to measure): a neighbour cut by the frame beside it.
  refuseAnotherCardInView(decoded, corners, face);
}

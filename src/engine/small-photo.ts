/**
 * A photo below the size limit is refused `image_too_small`, but a larger photo of the same scene would
 * be refused again when it shows several cards (a fanned hand, a pile on a playmat: most small web images
 * of cards are). Saying so first tells the collector what to change. The photo is read at its own size,
 * the card looked for as in any photo, and only a finding of several cards replaces the size refusal:
 * two cards' outlines, cards fanned in a hand (fanned-cards.ts: traceLocated asks it when no card traces)
 * or a neighbour beside the card traced.
 */
import type { Face } from '@contract/grading-report';
import { decodePhoto } from './decode';
import { detectCard } from './detect';
import { detectOrRefusal, traceLocatedOrNeighbours } from './locate';
import { refuseAnotherCardInView } from './other-cards';
import { EngineRefusal } from './refusal';
import { prepareScan, type PreparedPhoto } from './scan';

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
  try {
    // A card too small to measure (as it mostly is here) has its neighbours looked for there.
    const { detection, located } = detectOrRefusal(() => detectCard(decoded.small, face), face);
    const t = traceLocatedOrNeighbours(decoded, detection, located, face);
    // A card large enough to trace whole in a small photo: a neighbour cut by the frame beside it.
    refuseAnotherCardInView(decoded, t.refined.corners, face);
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    if (err.code === 'several_cards') throw err;
  }
}

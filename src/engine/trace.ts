/**
 * From the detector's coarse quad to the card's cut edges, with the checks that tell a traced card
 * from something else traced. When the border nearly matches the table, the detector outlines the
 * print instead: its corners are square, or its edges too faint to refine. Then the faint outline
 * outside it (faint-outline.ts) is traced in the refiner's faint mode, and the card is graded with a
 * stated, lower confidence; if no such outline is found, the first refusal stands.
 */
import { createCardView, type CardView } from './card-view';
import { CORNER_NAMES, EXPECTED_CORNER_CUT_MM, cornerBorderColor, cornerCutDistance, cornerOrigin } from './corners';
import type { Quad } from './detect';
import { measureExposure, type Exposure } from './exposure';
import type { Face } from '@contract/grading-report';
import { findOuterOutline } from './faint-outline';
import { CARD_HEIGHT_MM, cardLongSidePx, frameEdgesCrossed, quadPxPerMm, runsOffDetail, scalePoints } from './geometry';
import { refineEdges, type RefinedEdges } from './refine';
import { EngineRefusal } from './refusal';
import type { PreparedPhoto } from './scan';
import { refuseAnotherCardInView } from './other-cards';
import { cardInsideSleeve, oneColourBandInside, sleeveMarginOutside, squareCorneredSleeve } from './sleeve-band';
import { MIN_CARD_PX_PER_MM } from '@contract/photo-limits';

/** Minimum card resolution (@contract/photo-limits): the card's longest side over its 88 mm. */
export const MIN_PX_PER_MM = MIN_CARD_PX_PER_MM;
/** A cut edge traced more raggedly than this (robust spread around its line, px) is not a card edge. */
export const MAX_EDGE_RESIDUAL_PX = 1.5;
/** The same limit in card millimetres: a die-cut edge lying flat is straight to about a tenth of a millimetre. */
export const MAX_EDGE_RESIDUAL_MM = 0.12;
/**
 * The raggedness allowed at a resolution: 1.5 px up to 12.5 px/mm (where the synthetic photos and most
 * phone photos of a whole card lie), then 0.12 mm. A 12-megapixel close-up puts 20 px on a millimetre,
 * where a card's slight bow or a soft shadow along one side spreads its edge over 2 px while it is
 * still the edge; print traced instead is ragged by far more.
 */
export const maxEdgeResidualPx = (pxPerMm: number) => Math.max(MAX_EDGE_RESIDUAL_PX, MAX_EDGE_RESIDUAL_MM * pxPerMm);

export type Trace = { refined: RefinedEdges; view: CardView; exposure: Exposure; faintOutline: boolean };
/**
 * A trace with its corners read: how many showed the card's rounded cut, and how many a square print
 * corner; `roundAt` says which were rounded, in the quad's order (top-left, top-right, bottom-right, bottom-left).
 */
export type CornerRead = { squareCorners: number; roundCorners: number; roundAt: boolean[] };

/**
 * An outline traced, but whose edge points scatter too far from straight lines to trust: print traced
 * inside a border, or the cut edge read point by point through a holo foil or a sleeve's film (traceCard
 * tries the latter once more, averaged along the sides).
 */
class RaggedTrace extends EngineRefusal {
  constructor(face: Face | undefined) {
    super('no_card_found', face, 'the card edges could not be traced against this background');
  }
}

/**
 * Only a sleeve's outline was traced: square corners round a band of one colour (a black back merged
 * with a black border). Refused as no card found, so that the other ways of finding the card are still
 * tried; when none finds it, the photo is refused as the sleeve's (`asSleeve`, face.ts).
 */
export class SleeveOutlineOnly extends EngineRefusal {
  constructor(
    face: Face | undefined,
    readonly sleeveDetail: string,
  ) {
    super('no_card_found', face, "the card's rounded corners were not found inside a square-cornered outline");
  }
  asSleeve(): EngineRefusal {
    return new EngineRefusal('card_in_sleeve', this.face, this.sleeveDetail);
  }
}

/** An outline traced whole but too small to measure: `corners` (full-photo pixels) say where it is. */
export class CardTooSmall extends EngineRefusal {
  constructor(
    readonly corners: Quad,
    face: Face | undefined,
    detail: string,
  ) {
    super('image_too_small', face, detail);
  }
}

const refineQuad = (photo: PreparedPhoto, quad: Quad, faint: boolean, alongPx = 0) =>
  refineEdges(photo.full, quad.map((p) => ({ x: p.x / photo.scale, y: p.y / photo.scale })) as Quad, { faint, alongPx });

/** Checks what `refined` traced and views the card through it. */
function checkTrace(
  photo: PreparedPhoto,
  refined: RefinedEdges,
  face: Face | undefined,
  faint: boolean,
  minPxPerMm: number,
  residualAllowance = 1,
): Trace & CornerRead {
  const { width, height } = photo.full;
  const runOff = frameEdgesCrossed(refined.corners, width - 1, height - 1, 1);
  if (runOff.length) throw new EngineRefusal('card_cut_off', face, runsOffDetail(runOff));
  if (refined.contrast === 0) throw new EngineRefusal('no_card_found', face, 'edges too faint');
  const traced = createCardView(photo.full, refined.corners);
  // A cut edge is straight to a fraction of a millimetre; a ragged fit means we traced something else
  // (print inside a border that blends into the background, say). Refuse rather than measure it.
  const maxResidual = residualAllowance * maxEdgeResidualPx(traced.pxPerMm);
  if (Math.max(...refined.residualPx) > maxResidual) throw new RaggedTrace(face);
  // Contrast thresholds follow the card's own white: a dim photo is measured on the full-light scale.
  const exposure = measureExposure(traced);
  const view: CardView = { ...traced, gain: exposure.gain, glare: exposure.glare, light: exposure.light };
  // The card's length is the longest side of its outline: a card tilted away from the camera is judged
  // by its nearer edge, as the photo's "card at least N px long" reads.
  const longSidePx = cardLongSidePx(refined.corners);
  if (longSidePx < minPxPerMm * CARD_HEIGHT_MM)
    throw new CardTooSmall(refined.corners, face, `the card is ${Math.round(longSidePx)} px long`);
  // Cards have rounded corners; square ones mean the print frame was outlined.
  const read = CORNER_NAMES.map((c) => cornerCutDistance(view, cornerOrigin(c), cornerBorderColor(view, c)));
  const square = (d: number | null) => d !== null && d < EXPECTED_CORNER_CUT_MM * 0.4;
  // CORNER_NAMES runs top-left, top-right, bottom-left, bottom-right; the quad goes round.
  const readAt = [read[0], read[1], read[3], read[2]];
  const squareAt = readAt.map(square);
  const roundAt = readAt.map((d) => d !== null && !square(d));
  // A side that reads ragged but for what strays inside it is the cut edge when its corners read as the
  // card's: with a square one at either end, the line ran along print (a jagged edge's stretch, resampled askew).
  const heldAlongPrint = (spread: number | null, i: number) =>
    spread !== null && spread > maxResidual && (squareAt[i] || squareAt[(i + 1) % 4]);
  if (refined.heldInward?.some(heldAlongPrint)) throw new RaggedTrace(face);
  const squareCorners = squareAt.filter(Boolean).length;
  return { refined, view, exposure, faintOutline: faint, squareCorners, roundCorners: roundAt.filter(Boolean).length, roundAt };
}

/**
 * How far (card mm) a card traced inside a coloured sleeve may lie from where the sleeve's margin put
 * its corners: the margin's depth is read to a few tenths of a millimetre, and a side whose margin was
 * not read is guessed. A trace that wandered further followed something else (print, a crease).
 */
const MAX_STRAY_MM = 1.2;

/**
 * The card traced inside a coloured sleeve's shaded margin, when `outer` (a clean trace) shows one; else
 * null. Refused `card_in_sleeve` when the margin is there but the card's edge inside it cannot be
 * traced: what was traced is the sleeve, never graded.
 */
export function traceInsideSleeve(photo: PreparedPhoto, outer: Trace, face?: Face): Trace | null {
  const seed = cardInsideSleeve(outer.view, outer.refined.edgeWidthPx);
  if (!seed) return null;
  let inner: Trace;
  try {
    // Its corners' shape is read but not asked to be round: the margin, not the corners, says this is the
    // card's edge (and the small Yu-Gi-Oh! corner inside a sleeve read square).
    inner = checkTrace(photo, refineQuad(photo, scalePoints(seed, photo.scale), false), face, false, MIN_PX_PER_MM);
  } catch (err) {
    if (err instanceof EngineRefusal && err.code === 'no_card_found')
      throw new EngineRefusal('card_in_sleeve', face, "the card's edges inside the sleeve's margin could not be traced");
    throw err;
  }
  const strayMm = Math.max(...inner.refined.corners.map((p, i) => Math.hypot(p.x - seed[i].x, p.y - seed[i].y))) / outer.view.pxPerMm;
  if (strayMm > MAX_STRAY_MM)
    throw new EngineRefusal(
      'card_in_sleeve',
      face,
      `the card's edges inside the sleeve's margin traced ${strayMm.toFixed(1)} mm from where its margin ends`,
    );
  return inner;
}

/**
 * Against a grained table (border-on-grain.ts) the edge is found on profiles averaged this far (card mm)
 * either side along it, and its points may scatter this many times as far from their line as a plain
 * table's: the grain's patches move the half-way point by a pixel or two wherever they touch the border
 * (three Magic cards on a carpet: 1.4–1.8 px against 1.5 allowed, every corner within 3 px of where
 * averaging further put it). The grain and the flat border round it already said this is the card's edge.
 */
const GRAIN_AVERAGE_MM = 1.5;
const GRAIN_RESIDUAL_ALLOWANCE = 1.5;

/**
 * The card's border edge found outside the print that was traced (`inner`), at `quad` (working-copy
 * pixels; faint-outline.ts): traced in faint mode, a step averaged along each stretch of the side.
 * `grain`: the table beyond is grained (border-on-grain.ts).
 */
export function traceOuterOutline(
  photo: PreparedPhoto,
  quad: Quad,
  inner: RefinedEdges,
  face?: Face,
  { minPxPerMm = MIN_PX_PER_MM, grain = false }: TraceOptions & { grain?: boolean } = {},
): Trace & CornerRead {
  // `quad` is in working-copy pixels; the averaging runs on the full photo.
  const refined = refineQuad(photo, quad, true, grain ? (GRAIN_AVERAGE_MM * quadPxPerMm(quad)) / photo.scale : 0);
  // Sharpness is read where contrast is high: the border-to-table step is mostly colour, which a JPEG
  // keeps at half resolution, so its rise is wider than the photo's focus. The print's edge (what was
  // traced first) shows the focus; when it gave none, the faint edge's own width is kept (stricter).
  if (inner.contrast > 0 && Number.isFinite(inner.edgeWidthPx)) refined.edgeWidthPx = inner.edgeWidthPx;
  return checkTrace(photo, refined, face, true, minPxPerMm, grain ? GRAIN_RESIDUAL_ALLOWANCE : 1);
}

/** How far (card mm) a ragged trace's corners may move when traced again averaged along its sides. */
const MAX_RETRACE_MOVE_MM = 0.2;
const SQUARE = "the card's rounded corners were not found; its border blends into the background";

/**
 * `minPxPerMm`: the resolution below which the photo is refused as too small. The live capture guide
 * traces a downscaled camera frame and judges size on the full-resolution still itself, so it lowers it.
 */
export type TraceOptions = { minPxPerMm?: number };

export function traceCard(
  photo: PreparedPhoto,
  quad: Quad,
  face?: Face,
  { minPxPerMm = MIN_PX_PER_MM }: TraceOptions = {},
): Trace & CornerRead {
  let first: (Trace & CornerRead) | null = null;
  let refusal: EngineRefusal | null = null;
  const inner = refineQuad(photo, quad, false);
  try {
    const t = checkTrace(photo, inner, face, false, minPxPerMm);
    // Two corners seen rounded: the cut edge itself was traced. A card cropped to its edge has the frame
    // traced as its outline (scan.ts, frameIsEdge): rounded corners cannot show there.
    if (t.roundCorners >= 2 || t.squareCorners === 0 || photo.frameIsEdge) return t;
    first = t;
    if (t.squareCorners >= 3) refusal = new EngineRefusal('no_card_found', face, SQUARE);
  } catch (err) {
    if (!(err instanceof EngineRefusal) || err.code !== 'no_card_found') throw err;
    refusal = err;
  }
  // No profile along the quad had the plain refiner's contrast: the quad may itself be a faint outline
  // (one found from the frame inward round a dark card on a dark lid), traced where it lies in faint mode.
  if (inner.contrast === 0) {
    try {
      const t = checkTrace(photo, refineQuad(photo, quad, true), face, true, minPxPerMm);
      if (t.squareCorners < 3) return t;
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
    }
  }
  // Traced, but too ragged to trust: a holo border's rainbow or a sleeve's film jitters each profile's
  // half-way point. Averaged along the side (faint mode), the same edge stands when the lines barely
  // move and two corners show round, as the first trace asks; a line that moves further was print.
  if (refusal instanceof RaggedTrace) {
    try {
      const t = checkTrace(photo, refineQuad(photo, quad, true), face, true, minPxPerMm);
      const moved = Math.max(...t.refined.corners.map((p, i) => Math.hypot(p.x - inner.corners[i].x, p.y - inner.corners[i].y)));
      if (moved <= MAX_RETRACE_MOVE_MM * t.view.pxPerMm && (t.roundCorners >= 2 || t.squareCorners === 0)) return t;
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
    }
  }
  // Traced too ragged, with a coloured sleeve's shaded margin inside: the sleeve's own sealed edge, whose
  // soft plastic wavers along a side as no card's cut edge does. The card inside the margin is traced, as
  // traceInsideSleeve does for a clean trace of a sleeve (face.ts then names the sleeve round it); when
  // it cannot be, what was traced is the sleeve: refused as its outline, once nothing else finds the card.
  let sleeveOnly: SleeveOutlineOnly | null = null;
  if (refusal instanceof RaggedTrace) {
    const seed = cardInsideSleeve(createCardView(photo.full, inner.corners), inner.edgeWidthPx);
    if (seed) {
      try {
        const t = checkTrace(photo, refineQuad(photo, scalePoints(seed, photo.scale), false), face, false, minPxPerMm);
        if (t.squareCorners === 0) return t;
      } catch (err) {
        if (!(err instanceof EngineRefusal)) throw err;
      }
      sleeveOnly = new SleeveOutlineOnly(
        face,
        "a coloured sleeve's shaded margin lies inside the outline traced, and the card's own edges inside it could not be traced",
      );
    }
  }
  const outer = findOuterOutline(photo.small, quad);
  if (outer) {
    try {
      const t = traceOuterOutline(photo, outer.quad, inner, face, { minPxPerMm });
      if (t.squareCorners < 3) return t;
    } catch (err) {
      // The faint outline was a guess: when it cannot be traced, what the first trace found stands.
      if (!(err instanceof EngineRefusal)) throw err;
    }
  }
  // Square corners with a coloured sleeve's shaded margin round them: the card itself, traced inside it.
  if (first && first.squareCorners >= 3 && sleeveMarginOutside(first.view, first.refined.edgeWidthPx)) return first;
  // Square corners round a band of one colour on a plain table, and no card's edge found inside: the
  // outline of a sleeve whose opaque back merges with the card's border (a black back round a black
  // border), which only taking the card out of it mends. Print traced inside a border has no such band.
  if (
    first &&
    first.squareCorners >= 3 &&
    oneColourBandInside(first.view) &&
    squareCorneredSleeve(first.squareCorners, first.refined.corners, photo.small, photo.scale)
  ) {
    // Sleeved cards side by side (a player's table) are several cards first.
    refuseAnotherCardInView(photo, first.refined.corners, face);
    throw new SleeveOutlineOnly(
      face,
      `${first.squareCorners} corners of the outline are square, as a sleeve's are, round a band of one colour; the card's own edge inside it could not be traced`,
    );
  }
  if (refusal) throw sleeveOnly ?? refusal;
  return first!;
}

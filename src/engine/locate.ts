/** Finding and tracing the card in a decoded photo: sharp-free, so the browser's capture guide runs it too. */
import type { Face } from '@contract/grading-report';
import {
  detectAlongFrame,
  detectByEdges,
  detectOnCutRegion,
  detectOnSheet,
  MIN_SHEET_TO_CARD_AREA,
  outsideCutRegion,
  quadArea,
  type Detection,
  type Quad,
} from './detect';
import { findOuterOutline, frameOutline } from './faint-outline';
import { detectHolder } from './holder';
import { cardsLaidOut } from './cards-laid-out';
import { frameEdgesCrossed, nearQuad, quadSides, runsOffDetail, scalePoints, twoCardsWhere, type Point } from './geometry';
import { frameCutsTracedSide } from './cut-side';
import { cardOutlinesApart } from './line-quads';
import { bandBeyondSides, outlineOntoTable } from './onto-table';
import { refuseCardCutByFrame } from './cut-card';
import { refuseAnotherCardInView } from './other-cards';
import { refuseFannedCards } from './fanned-cards';
import { squareCorneredSleeve } from './sleeve-band';
import { MAX_CLIPPED_PERCENT, MIN_WHITE_LEVEL } from './exposure';
import { plausibleAspects } from './perspective';
import { EngineRefusal } from './refusal';
import type { PreparedPhoto } from './scan';
import { CardTooSmall, traceCard, type CornerRead, type Trace, type TraceOptions } from './trace';

/**
 * What the detector said: its quad (with a `card_cut_off` refusal when the quad touches the frame), or
 * its refusal. Those refusals a card filling the frame also draws (no background ring to learn, or the
 * mask running off the frame) leave traceLocated's fallbacks to try before they are given.
 */
export function detectOrRefusal(detect: () => Detection, face: Face): { detection: Detection | null; located: EngineRefusal | null } {
  try {
    const detection = detect();
    return { detection, located: detection.touchesFrame ? new EngineRefusal('card_cut_off', face) : null };
  } catch (err) {
    if (!(err instanceof EngineRefusal) || (err.code !== 'no_card_found' && err.code !== 'card_cut_off')) throw err;
    return { detection: null, located: err };
  }
}

/**
 * The card's trace from what the detector said: its quad, or its refusal (`located`). What looks like
 * a scan cropped through the card is graded only when the whole card's outline is found from the frame
 * inward (an uneven lid shades corners too); anything the detector found in it may be the print of a
 * card whose edge is gone. A refusal of the detector's stands unless one of its fallbacks traces a card,
 * or the photo shows two cards' straight outlines apart (line-quads.ts): then it is of several cards.
 */
export function traceLocated(
  decoded: PreparedPhoto,
  detection: Detection | null,
  located: EngineRefusal | null,
  face: Face,
): Trace & CornerRead {
  if (decoded.cropped)
    return traceFillingFrame(decoded, face) ?? wholeCardInCroppedScan(decoded, detection, located, face) ?? raise(decoded.cropped);
  try {
    if (detection && !located) return notPrintOfCutCard(decoded, traceDetected(decoded, detection.quad, face), face);
    return (
      (located?.code === 'card_cut_off' ? traceBesideCutOff(decoded, located, face) : null) ??
      traceFillingFrame(decoded, face) ??
      raise(located)
    );
  } catch (err) {
    if (!(err instanceof EngineRefusal) || (err.code !== 'no_card_found' && err.code !== 'card_cut_off')) throw err;
    const outlines = cardOutlinesApart(decoded.small);
    // Cards in a box or heaped on a playmat: no one card stands out (or their region runs off the frame),
    // but the photo is of several cards, and saying so tells the collector what to change: two outlines
    // apart and of one size, or one card's outline with a neighbour cut by the frame beside it. The one
    // outline must have no band of one colour round it (a printed panel inside a card's border has),
    // and a cut-off refusal stands when the outline lies inside the region that ran off: it may be a
    // panel of the card the frame cuts, and that card's own corners its "neighbour" (so it was on copies
    // of real photos cut by the frame). A whole card beside that region is no panel of it.
    if (outlines.length >= 2) throw new EngineRefusal('several_cards', face, severalCardsDetail(outlines, decoded.small));
    // Cards laid out apart in rows (a deck spread for a picture, a binder page), each too small to be
    // the photo's one card: their colour regions say so where their outlines are too short to compare.
    const laidOut = cardsLaidOut(decoded.small);
    if (laidOut.length) throw new EngineRefusal('several_cards', face, `at least ${laidOut.length} cards lie apart in the photo`);
    if (outlines.length === 1) {
      const [one] = outlines;
      const apart = err.code === 'no_card_found' || (err === located && outsideCutRegion(located, one, decoded.small.width));
      if (apart && !findOuterOutline(decoded.small, one)) {
        refuseCardInSlab(decoded, one, face);
        refuseAnotherCardInView(decoded, one, face, 1);
        // Nothing stood out from the table (a busy playmat's art is as colourful as the card), but four
        // straight sides did, with nothing round them: a whole card when its four rounded corners show.
        const whole =
          err.code === 'no_card_found' && wholeCardTrace(decoded, one, face, { minRound: 4, minSupport: WHOLE_CARD_SIDE_SUPPORT });
        if (whole) return whole;
      }
      refuseSleeveStandingAlone(decoded, one, face);
    }
    // Nothing card-sized stood out, but a card the frame cuts may show (cut-card.ts): saying so tells
    // the collector what to change.
    if (err.code === 'no_card_found') refuseCardCutByFrame(decoded.small, face);
    // Cards fanned in a hand or overlapping in a pile: no one card's outline stands out, but their
    // corners do, turned from each other (fanned-cards.ts).
    refuseFannedCards(decoded.small, face);
    throw err;
  }
}

/**
 * Refuses `card_in_slab` when the card outlined at `quad` (working-copy pixels) lies in a grading slab:
 * traced, its case's label or divider stands beyond a short side (holder.ts). A slab whose case runs off
 * the frame is not found by the detector, and its label's corner would otherwise read as another card's.
 */
function refuseCardInSlab(decoded: PreparedPhoto, quad: Quad, face: Face): void {
  let t: Trace;
  try {
    t = traceCard(decoded, quad, face);
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    return;
  }
  if (detectHolder(t.view, t.refined.corners).holder === 'slab') throw new EngineRefusal('card_in_slab', face);
}

/**
 * What looked like a scan cropped through the card (a frame of a card's proportions, backdrop in some
 * of its corners) may be a photo framed to the card's shape with the whole card inside it. The
 * detector's outline, then the strong edges' and the straight-edge outline, stand when one traces clean
 * all round with four rounded corners and no band of one colour round it (a cut card's printed panel
 * has its border round it). Null otherwise.
 */
function wholeCardInCroppedScan(
  decoded: PreparedPhoto,
  detection: Detection | null,
  located: EngineRefusal | null,
  face: Face,
): (Trace & CornerRead) | null {
  const proposals = [
    () => (located ? undefined : detection?.quad),
    () => detectByEdges(decoded.small, face)?.quad,
    () => cardOutlinesApart(decoded.small)[0],
  ];
  for (const propose of proposals) {
    let quad: Quad | undefined;
    try {
      quad = propose();
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
    }
    if (!quad || findOuterOutline(decoded.small, quad)) continue;
    const t = wholeCardTrace(decoded, quad, face, { minRound: 4, minSupport: CLEAN_SIDE_SUPPORT });
    if (t && !frameCutsTracedSide(t.view, t.roundAt)) return t;
  }
  return null;
}

/**
 * traceLocated, and when the card it traced is too small to measure, the neighbour check first: a photo
 * taken from afar of cards on a table is refused as several cards (photographing one card, close, mends
 * both), not as one small card.
 */
export function traceLocatedOrNeighbours(...args: Parameters<typeof traceLocated>): ReturnType<typeof traceLocated> {
  const [decoded, , , face] = args;
  try {
    return traceLocated(...args);
  } catch (err) {
    if (err instanceof CardTooSmall) refuseAnotherCardInView(decoded, err.corners, face);
    throw err;
  }
}

/** How far (mm at the outline's scale) a sleeve's outline standing alone lies clear of every frame edge. */
const SLEEVE_CLEAR_OF_FRAME_MM = 10;

/**
 * Refuses `card_in_sleeve` when `quad` (the one straight-edged outline, working copy) traces clean all
 * round with a sleeve's square corners on a plain table, nothing round it, well clear of the frame: a
 * sleeved card whose region ran into a shadow beside it (and off the frame) is a sleeve, not a card the
 * frame cuts; the printed panel of a cut card lies within a border of the cut, and has that border round it.
 */
function refuseSleeveStandingAlone(decoded: PreparedPhoto, quad: Quad, face: Face): void {
  if (findOuterOutline(decoded.small, quad)) return;
  let t: Trace & CornerRead;
  try {
    t = traceCard(decoded, quad, face);
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    return;
  }
  const { width, height } = decoded.full;
  const clearOfFrame = !frameEdgesCrossed(t.refined.corners, width - 1, height - 1, SLEEVE_CLEAR_OF_FRAME_MM * t.view.pxPerMm).length;
  if (
    clearOfFrame &&
    Math.min(...t.refined.support) >= WHOLE_CARD_SIDE_SUPPORT &&
    squareCorneredSleeve(t.squareCorners, t.refined.corners, decoded.small, decoded.scale) &&
    !notCardProportions(decoded, t, face)
  )
    throw new EngineRefusal('card_in_sleeve', face, `the outline standing alone has ${t.squareCorners} square corners, as a sleeve's are`);
}

/** Where two cards lie in the frame, in a refusal's words. */
function severalCardsDetail([a, b]: Quad[], { width: w, height: h }: { width: number; height: number }): string {
  const centre = (q: Quad) => ({ x: q.reduce((s, p) => s + p.x, 0) / 4, y: q.reduce((s, p) => s + p.y, 0) / 4 });
  return twoCardsWhere(centre(a), centre(b), w, h);
}

const raise = (err: unknown): never => {
  throw err;
};

/**
 * Traces the card from the detector's quad, and checks it against other proposals when that trace is
 * not clean all round: on a real photo the colour mask can hold a shadow, miss a dark border or follow
 * a sleeve's rim, leaving the quad a few per cent off, and the refiner then follows a straight line
 * near it that is not the cut edge along part of a side. The other proposal is the outline of strong
 * edges, then the outline found from the frame inward. A trace clean all round with four rounded corners
 * wins at once; else the clean one with the most rounded corners; else the one whose weakest side is
 * most of one straight edge; either gives way to a whole card's trace round it (wholeCardRound); the
 * first refusal stands when none traces. A trace without a card's proportions under any real camera is
 * not the card (a slab's case is named as such).
 */
export function traceDetected(decoded: PreparedPhoto, quad: Quad, face: Face, options: TraceOptions = {}): Trace & CornerRead {
  // `wholeOnly`: a proposal that stands only as a whole card, clean all round with four rounded corners.
  // The straight-edge outline is one: it finds the card whose coarse outline another pass could not fit
  // (a card a hair from the frame, merged with it at the working scale), but in a card the frame cuts it
  // finds the print's frames as readily, which must never be graded as second best.
  // `roundOnly`: a proposal that stands only with MIN_ROUND_CORNERS_ONTO_TABLE rounded corners and no square one.
  const proposals: { propose: () => Quad | null | undefined; wholeOnly?: boolean; roundOnly?: boolean }[] = [
    { propose: () => quad },
    { propose: () => detectByEdges(decoded.small, face)?.quad },
    { propose: () => frameOutline(decoded.small)?.quad },
    // Nothing traced yet: the detector's outline may be a sheet the card lies on, its edges ragged or
    // running near the frame (paper on a dark table, shot from across it).
    { propose: () => (traced.length + cleanTraces.length ? null : detectOnSheet(decoded.small, quad, face)?.quad) },
    // Nothing traced clean: the detector's outline may follow print on some sides (a full-art card's light
    // margin on white paper, its art askew on a grained desk); each side where the table begins outside it.
    // It stands only with the card's rounded corners and no square one: where the frame cuts a card, the
    // walk in from the frame reads the card's own border as table and stops on its print frame.
    { propose: () => (cleanTraces.length ? null : outlineOntoTable(decoded.small, quad)), roundOnly: true },
    { propose: () => cardOutlinesApart(decoded.small)[0], wholeOnly: true },
  ];
  const tried: Quad[] = [];
  // The straight-edge outline's trace once traced as a proposal (null: it refused), for the holder check below.
  let apartTrace: (Trace & CornerRead) | null | undefined;
  const wasTried = (q: Quad) => tried.some((t) => t.every((p, i) => Math.hypot(p.x - q[i].x, p.y - q[i].y) < 1));
  const traced: (Trace & CornerRead)[] = [];
  const cleanTraces: (Trace & CornerRead)[] = [];
  let refusal: unknown = null;
  let cutOff: EngineRefusal | null = null;
  // The detector's outline traced too small to measure: it may be print inside a card filling the frame
  // (a dark back on a dark lid, its top a hair from the frame). Only a trace round it, clean all round
  // with no square corner, stands: its corners may not read round against a lid of its border's colour,
  // but a sheet of paper's read square.
  let tooSmall: CardTooSmall | null = null;
  for (const { propose, wholeOnly, roundOnly } of proposals) {
    let proposed: Quad | null | undefined;
    try {
      proposed = propose();
    } catch (err) {
      // Another card found by a later pass is a finding of its own; anything else leaves what we have.
      if (err instanceof EngineRefusal && err.code === 'several_cards') throw err;
      continue;
    }
    const q = proposed;
    if (!q || wasTried(q)) continue;
    tried.push(q);
    if (wholeOnly) apartTrace = null;
    try {
      const t = traceCard(decoded, q, face, options);
      if (wholeOnly) apartTrace = t;
      const shapeRefusal = notCardProportions(decoded, t, face);
      if (shapeRefusal) {
        // A grading slab's case, traced whole, is never graded as if it were the card.
        if (shapeRefusal.code === 'card_in_slab') refusal = shapeRefusal;
        else refusal ??= shapeRefusal;
        continue;
      }
      if (roundOnly && (t.squareCorners > 0 || t.roundCorners < MIN_ROUND_CORNERS_ONTO_TABLE)) continue;
      const clean = cleanAllRound(t);
      if (wholeOnly) {
        // Clean all round: with a side only 80 % on one line it lost to a better trace of a sleeved card
        // whose one corner read square (a tilted copy of a real photo, 2.7 % off).
        if (clean && t.roundCorners === 4) return t;
        continue;
      }
      // After the detector's outline ran off the frame, only a whole card stands against it: clean all
      // round, with its rounded corners seen (a heavily compressed photo can leave the colour mask
      // holding the sheet of paper under the card, while the strong edges outline the card itself).
      if (cutOff) {
        if (clean && t.roundCorners >= MIN_ROUND_CORNERS_AFTER_CUT_OFF) return t;
        continue;
      }
      if (tooSmall) {
        if (clean && t.squareCorners === 0 && encloses(t, tooSmall)) return t;
        continue;
      }
      // Clean all round with every corner rounded is the cut edge. Clean with a square corner may be a
      // straight line just inside it (a border's inner rule in a compressed photo): a later proposal
      // clean all round with more rounded corners is the card.
      if (clean && t.roundCorners === 4) return t;
      (clean ? cleanTraces : traced).push(t);
    } catch (err) {
      if (err instanceof EngineRefusal && err.code === 'card_cut_off' && tried.length === 1) {
        cutOff = err;
        continue;
      }
      if (err instanceof CardTooSmall && tried.length === 1) {
        tooSmall = err;
        continue;
      }
      if (!(err instanceof EngineRefusal) || err.code !== 'no_card_found') {
        if (tried.length === 1) throw err;
        continue;
      }
      refusal ??= err;
    }
  }
  if (cutOff) throw cutOff;
  if (tooSmall) throw tooSmall;
  // Of clean traces with as many rounded corners, the outermost: one lying inside another followed a
  // straight line printed inside the card's border along a side (a tilted card's yellow border's inner rule).
  const roundest = cleanTraces.reduce<(typeof cleanTraces)[number] | null>(
    (a, b) => (!a || b.roundCorners > a.roundCorners || (b.roundCorners === a.roundCorners && encloses(b, a)) ? b : a),
    null,
  );
  // A square corner on the best clean trace: it may be a holder's rail or wall (a toploader) with the
  // card inside it. The straight-edge outline, traced clean with as many rounded corners and no square
  // one, is the card.
  if (roundest && roundest.squareCorners > 0) {
    const inside = cardOutlinesApart(decoded.small)[0];
    let t = apartTrace;
    if (t === undefined && inside && !wasTried(inside))
      try {
        t = traceCard(decoded, inside, face, options);
      } catch (err) {
        if (!(err instanceof EngineRefusal)) throw err;
      }
    if (t && cleanAllRound(t) && t.squareCorners === 0 && t.roundCorners >= roundest.roundCorners && !notCardProportions(decoded, t, face))
      return notCutBySide(t, face);
    // Or the clean trace followed the frame printed inside the card's border (its corner reads square).
    const whole = wholeCardRound(decoded, face, [...traced, t], roundest);
    if (whole) return notCutBySide(whole, face);
  }
  if (roundest) return notCutBySide(cardOnSheet(decoded, roundest, face, options) ?? roundest, face);
  // None clean all round: the one whose weakest side is most of one straight edge, unless it lies inside
  // the card's whole trace (it followed print along a side, as a card framed tightly can be traced).
  const best = traced.sort((a, b) => Math.min(...b.refined.support) - Math.min(...a.refined.support))[0];
  if (best)
    return notCutBySide(
      wholeCardRound(decoded, face, [...traced, apartTrace], best) ?? cardOnSheet(decoded, best, face, options) ?? best,
      face,
    );
  throw refusal;
}

/**
 * The card lying on what `t` traced, when that is a sheet under it in full view (paper on a dark table,
 * a photo shot steeply from across it): a sheet's corners are square, and the card on it shows as a
 * straight-edge outline (line-quads.ts) well inside, a fraction of its size, where a card's own print
 * has no card-shaped outline that small. The card's trace, or a no_card_found refusal when it cannot be
 * traced: the sheet is never graded. Null when `t` is no such sheet.
 */
function cardOnSheet(decoded: PreparedPhoto, t: Trace & CornerRead, face: Face, options: TraceOptions): (Trace & CornerRead) | null {
  if (t.squareCorners < SHEET_SQUARE_CORNERS) return null;
  const outer = scalePoints(t.refined.corners, decoded.scale);
  const sides = quadSides(outer);
  // Or, where the card's straight edges break up (heavy JPEG, a smaller photo), the card the colour pass
  // finds on the sheet once all round it is painted the sheet's colour.
  const inside =
    cardOutlinesApart(decoded.small).find(
      (q) => q.every((p) => nearQuad(sides, p, 0)) && quadArea(outer) >= MIN_SHEET_TO_CARD_AREA * quadArea(q),
    ) ?? detectOnSheet(decoded.small, outer, face)?.quad;
  if (!inside) return null;
  try {
    const card = traceCard(decoded, inside, face, options);
    if (!notCardProportions(decoded, card, face)) return card;
  } catch (err) {
    // The card on the sheet traced, too small to measure: moving closer, not another table, mends that.
    if (err instanceof CardTooSmall) throw err;
    if (!(err instanceof EngineRefusal)) throw err;
  }
  throw new EngineRefusal('no_card_found', face, "a card lies on a sheet under it, and the card's own edges could not be traced");
}

/** Square corners on a trace that may be the sheet under the card rather than the card (whose corners are rounded). */
const SHEET_SQUARE_CORNERS = 2;

/**
 * The card when the detector found none, or one running off the frame: a card filling the frame (a
 * scan on a dark lid whose border is nearly the lid's colour) leaves the colour mask no background
 * ring to learn from. Its outline is then searched from the frame inward (faint-outline.ts) and
 * traced like any other; null when there is none, and the detector's refusal stands.
 */
export function traceFillingFrame(decoded: PreparedPhoto, face: Face, options: TraceOptions = {}): (Trace & CornerRead) | null {
  const outline = frameOutline(decoded.small);
  if (!outline) return null;
  try {
    const t = traceCard(decoded, outline.quad, face, options);
    return notCardProportions(decoded, t, face) ? null : t;
  } catch (err) {
    if (err instanceof EngineRefusal) return null;
    throw err;
  }
}

/**
 * The card when the colour pass's region ran off the frame (`cutOff`): the card and the paper under it
 * merged, framed tightly. Proposed by the strong edges' closed outline, then by the colour pass run again
 * on that region alone (the paper); a proposal stands if it traces clean on all four sides with its
 * rounded corners seen, as traceDetected asks of any trace that stands against a cut-off outline. A cut
 * card's own print can outline the same way (a rounded inner panel); it is told apart by the band of one
 * border colour all round it, which a whole card on a table does not have. Then by the region itself
 * fitted along the frame edge it ran along, and by the straight-edge outline: a card lying a hair from
 * the frame merges with it at the working scale; these must show all four rounded corners at full
 * resolution, which a card the frame cuts cannot. Null when none qualifies.
 */
export function traceBesideCutOff(
  decoded: PreparedPhoto,
  cutOff: EngineRefusal,
  face: Face,
  options: TraceOptions = {},
): (Trace & CornerRead) | null {
  const proposals = [
    { propose: () => detectByEdges(decoded.small, face), minRound: MIN_ROUND_CORNERS_AFTER_CUT_OFF, minSupport: CLEAN_SIDE_SUPPORT },
    {
      propose: () => detectOnCutRegion(decoded.small, cutOff, face),
      minRound: MIN_ROUND_CORNERS_AFTER_CUT_OFF,
      minSupport: CLEAN_SIDE_SUPPORT,
    },
    { propose: () => detectAlongFrame(decoded.small, cutOff, face), minRound: 4, minSupport: WHOLE_CARD_SIDE_SUPPORT },
    { propose: () => asProposal(cardOutlinesApart(decoded.small)[0]), minRound: 4, minSupport: WHOLE_CARD_SIDE_SUPPORT },
  ];
  for (const { propose, minRound, minSupport } of proposals) {
    const proposal = propose();
    if (!proposal || proposal.touchesFrame || findOuterOutline(decoded.small, proposal.quad)) continue;
    const t = wholeCardTrace(decoded, proposal.quad, face, { minRound, minSupport }, options);
    if (t) return t;
  }
  return null;
}

/**
 * The trace at `quad` when it shows a whole card: `minRound` rounded corners, each side at least
 * `minSupport` on one straight edge, a card's proportions; else null.
 */
function wholeCardTrace(
  decoded: PreparedPhoto,
  quad: Quad,
  face: Face,
  { minRound, minSupport }: { minRound: number; minSupport: number },
  options: TraceOptions = {},
): (Trace & CornerRead) | null {
  try {
    const t = traceCard(decoded, quad, face, options);
    const whole = Math.min(...t.refined.support) >= minSupport && t.roundCorners >= minRound;
    return whole && !notCardProportions(decoded, t, face) ? t : null;
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    return null;
  }
}

/**
 * Of `candidates`, the card's whole trace round `inner`: four rounded corners, none square, each side at
 * least 80 % on one line, holding `inner`, which then followed print inside the card's border (rootkow
 * img6 and img7 framed with half a millimetre of table: the strong edges' trace ran along the printed
 * frame; the card's own trace, one side short of clean, lay round it). Null when there is none, or when
 * a holder's rim lies round `inner`: the trace round it is then the sleeve's (a sleeved card whose one
 * corner read square was once graded by its sleeve's outline).
 */
function wholeCardRound(
  decoded: PreparedPhoto,
  face: Face,
  candidates: ((Trace & CornerRead) | null | undefined)[],
  inner: Trace & CornerRead,
): (Trace & CornerRead) | null {
  const whole = candidates.find(
    (w): w is Trace & CornerRead =>
      !!w &&
      w !== inner &&
      w.roundCorners === 4 &&
      w.squareCorners === 0 &&
      Math.min(...w.refined.support) >= WHOLE_CARD_SIDE_SUPPORT &&
      encloses(w, inner) &&
      !notCardProportions(decoded, w, face),
  );
  return whole && !detectHolder(inner.view, inner.refined.corners).holder ? whole : null;
}

/** `t`, unless it is the trace of a card the frame cuts through one side (cut-side.ts): then that refusal. */
function notCutBySide(t: Trace & CornerRead, face: Face): Trace & CornerRead {
  const edge = frameCutsTracedSide(t.view, t.roundAt);
  if (edge) throw new EngineRefusal('card_cut_off', face, runsOffDetail([edge]));
  return t;
}

/** A traced side this close to the frame (card mm) may be where the frame cuts the card. */
const NEAR_FRAME_MM = 3;
/** Sides away from the frame with a band of card beyond them that make a trace print inside a cut card. */
const MIN_BANDED_SIDES = 2;

/**
 * Refuses `card_cut_off` when trace `t` runs along the frame on a side while a band of card lies beyond
 * two of its other sides (onto-table.ts): it followed print inside a card the frame cuts (a modern
 * frame's rounded inner panel, with the card's border round it), not the card's cut edge. A whole card
 * near the frame has the table right beyond its other sides.
 */
function notPrintOfCutCard(decoded: PreparedPhoto, t: Trace & CornerRead, face: Face): Trace & CornerRead {
  const quad = scalePoints(t.refined.corners, decoded.scale);
  const reach = NEAR_FRAME_MM * t.view.pxPerMm * decoded.scale;
  const { width: w, height: h } = decoded.small;
  const framed = quadSides(quad).map(({ mid, n }) => frameEdgesCrossed([{ x: mid.x + n.x * reach, y: mid.y + n.y * reach }], w - 1, h - 1));
  if (!framed.some((edges) => edges.length)) return t;
  const banded = bandBeyondSides(decoded.small, quad).filter((band, i) => band && !framed[i].length).length;
  if (banded >= MIN_BANDED_SIDES) throw new EngineRefusal('card_cut_off', face, runsOffDetail([...new Set(framed.flat())]));
  return t;
}

const asProposal = (quad: Quad | undefined) => (quad ? { quad, touchesFrame: false } : null);

/** Whether trace `outer` holds every corner of `inner`, give or take a pixel where they share a side. */
function encloses(outer: Trace, inner: Trace | { corners: readonly Point[] }): boolean {
  const sides = quadSides(outer.refined.corners);
  const corners = 'refined' in inner ? inner.refined.corners : inner.corners;
  return corners.every((p) => nearQuad(sides, p, 1));
}

/** The refusal for a trace without a card's proportions under any real camera, or null for a card's. */
export function notCardProportions(decoded: PreparedPhoto, t: Trace, face: Face): EngineRefusal | null {
  const aspect = plausibleAspects(t.refined.corners, decoded.full.width, decoded.full.height);
  const shape = `the outline found is ${aspect.min.toFixed(2)}–${aspect.max.toFixed(2)} wide for 1 tall`;
  if (aspect.max >= CARD_ASPECT[0] && aspect.min <= CARD_ASPECT[1]) return null;
  // A slab is narrower than a card; an outline wider than any card is no slab either.
  if (aspect.min >= SLAB_ASPECT[0] && aspect.max < CARD_ASPECT[0])
    return new EngineRefusal('card_in_slab', face, `${shape}, a slab's proportions`);
  return new EngineRefusal('no_card_found', face, `${shape}, not a card's proportions`);
}

/**
 * Width over height of the traced rectangle, perspective removed (perspective.ts), that a card may
 * have: 63 × 88 mm trading cards are 0.716 and 59 × 86 mm ones (Yu-Gi-Oh) 0.686; real photos of
 * both measure within about 4 % of their own. Wider than that, down to 0.63, is still some card (the
 * front/back check names a back of other proportions). PSA, BGS and CGC slabs are 0.60–0.62 outside.
 */
const CARD_ASPECT = [0.63, 0.8] as const;
const SLAB_ASPECT = [0.55, 0.63] as const;

/** Rounded corners a later trace must show to stand against the detector's outline running off the frame. */
const MIN_ROUND_CORNERS_AFTER_CUT_OFF = 3;

/** A side whose edge points lie on one line this fully was traced along the cut edge from end to end. */
const CLEAN_SIDE_SUPPORT = 0.9;
/** Rounded corners the outline where the table begins (onto-table.ts) must show: one may sit in shadow or glare. */
const MIN_ROUND_CORNERS_ONTO_TABLE = 3;
const cleanAllRound = (t: Trace) => Math.min(...t.refined.support) >= CLEAN_SIDE_SUPPORT;
/**
 * After a cut-off refusal, a proposal fitted at the frame (the region along it, the straight-edge outline)
 * may stand with four rounded corners seen and a little less of each side on one line (a sleeve's film or
 * a slight bow along one side of a real card): a card the frame cuts has no rounded corner where it is cut.
 */
const WHOLE_CARD_SIDE_SUPPORT = 0.8;

/** Share of the card clipped to white above which a retake is advised (the surface under it is not measured). */
export const MAX_SATURATED_PERCENT = 1.5;
/** Blur limit: the 10–90% rise across the cut edge may spread over at most this many pixels. */
export const maxEdgeWidthPx = (pxPerMm: number) => Math.max(6, 0.4 * pxPerMm);

/**
 * The traced photo's own refusals: blur, overexposure, darkness. `maxEdge` is the blur limit in this
 * photo's pixels (the capture guide passes the full-resolution limit scaled down to its frame).
 */
export function checkPhotoQuality(t: Trace, face: Face, maxEdge = maxEdgeWidthPx(t.view.pxPerMm)): void {
  const { refined, exposure } = t;
  if (refined.edgeWidthPx > maxEdge) throw new EngineRefusal('too_blurry', face, `edges spread over ${refined.edgeWidthPx.toFixed(1)} px`);
  if (exposure.saturatedPercent > MAX_CLIPPED_PERCENT)
    throw new EngineRefusal('too_bright', face, `${exposure.saturatedPercent.toFixed(0)}% of the card is clipped to white`);
  if (exposure.whiteLevel < MIN_WHITE_LEVEL)
    throw new EngineRefusal(
      'too_dark',
      face,
      `the card's whitest print reaches ${Math.round((100 * exposure.whiteLevel) / 255)}% brightness`,
    );
}

/**
 * Cards fanned in a hand or overlapping in a pile, where no one card's outline is traced: each card hides
 * most of the one under it, so no card-shaped region or four-sided outline stands out (line-quads.ts),
 * and no traced card gives other-cards.ts the scale of its neighbours. What still shows is their
 * corners: a fan shows several corners of one kind (all top-left, say), each turned a little from the
 * next, as the cards are. One card shows each kind of corner once, and the print inside it (a text box,
 * an art frame) only makes more corners of the same kind turned exactly as the card's edge is.
 *
 * The scale comes from the longest straight edge, taken for a card's long side; the corners are looked
 * for at that scale and at a smaller one (the longest edge may be two cards' sides in line), and the
 * fan is said only when both find it. Measured on the small web images of hands of cards in the real
 * photos gathered (bench:real-photos) and on the one-card photos, sleeves and holders: 7 of 7 hands and
 * piles where no card was traced, and 1 of 104 single cards (a sleeve's print turned by perspective).
 * So it is asked only of a photo already refused (too small to grade, or no card traced in it), to say
 * the more useful thing.
 */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, type Point } from './geometry';
import type { Face } from '@contract/grading-report';
import type { RgbImage } from './image';
import { EngineRefusal } from './refusal';
import { cardCorners, type OtherCard } from './other-cards';
import { straightEdges, strongEdges } from './straight-edges';

/** Straight edges shorter than this share of the photo's long side are not taken for a card's side. */
const MIN_SIDE_SHARE = 0.1;
/** The longest straight edge is this share of a card's long side: the rounded corners cut off the rest. */
const LONGEST_EDGE_SHARE = 0.95;
/** The second scale the fan is looked for at, as a share of the first. */
const SMALLER_SCALE = 0.8;
/**
 * Two corners of one kind are two cards' when turned at least this far from each other (print inside
 * one card lies square to its edge: within a degree on the photos measured) and at most this far
 * (farther, they are not one kind of corner).
 */
const MIN_TURN_DEG = 3.5;
const MAX_TURN_DEG = 40;
/** At one of the two scales at least, the pair is turned this far (print seen in steep perspective turns up to ~3.3°). */
const CLEAR_TURN_DEG = 5;
/** …and lie at least this share of a card's width apart (one corner found twice, on two ridges of a blurred edge, does not count). */
const MIN_APART = 0.25;

export type FannedCards = { corners: [OtherCard, OtherCard]; turnDeg: number };

/** Refuses `several_cards` when the working copy `img` shows cards fanned or overlapping (fannedCards). */
export function refuseFannedCards(img: RgbImage, face: Face | undefined): void {
  const fan = fannedCards(img);
  if (fan)
    throw new EngineRefusal(
      'several_cards',
      face,
      `two cards' corners of one kind show, turned ${Math.round(fan.turnDeg)}° from each other`,
    );
}

/** Two corners of one kind, of two cards turned from each other, in the working copy `img`; null when none show. */
export function fannedCards(img: RgbImage): FannedCards | null {
  const edges = strongEdges(img);
  const { mag, angle, edge } = edges;
  const longest = Math.max(
    0,
    ...straightEdges(edge, mag, angle, img.width, img.height, MIN_SIDE_SHARE * Math.max(img.width, img.height), { ridges: true }).map(
      (s) => s.len,
    ),
  );
  if (!longest) return null;
  const atScale = (share: number) => {
    const cardLength = (share * longest) / LONGEST_EDGE_SHARE;
    const size = { cardWidth: (cardLength * CARD_WIDTH_MM) / CARD_HEIGHT_MM, cardLength };
    return turnedPair([...cardCorners(img, size, undefined, edges)], cardLength);
  };
  const found = atScale(1);
  const smaller = found && atScale(SMALLER_SCALE);
  if (!found || !smaller || Math.max(found.turnDeg, smaller.turnDeg) < CLEAR_TURN_DEG) return null;
  return found.turnDeg >= smaller.turnDeg ? found : smaller;
}

/** The two corners of one kind turned farthest from each other, and apart (see the constants), or null. */
function turnedPair(corners: OtherCard[], cardLength: number): FannedCards | null {
  const minApart = (MIN_APART * cardLength * CARD_WIDTH_MM) / CARD_HEIGHT_MM;
  // A corner's kind is the direction it opens toward: between its two arms.
  const opens = corners.map((c) => (Math.atan2(c.away[0].y + c.away[1].y, c.away[0].x + c.away[1].x) * 180) / Math.PI);
  let best: FannedCards | null = null;
  for (let i = 0; i < corners.length; i++)
    for (let j = i + 1; j < corners.length; j++) {
      const turn = turnBetween(opens[i], opens[j]);
      if (turn < MIN_TURN_DEG || turn > MAX_TURN_DEG || distance(corners[i].corner, corners[j].corner) < minApart) continue;
      if (!best || turn > best.turnDeg) best = { corners: [corners[i], corners[j]], turnDeg: turn };
    }
  return best;
}

const turnBetween = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
};
const distance = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);

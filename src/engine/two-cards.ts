/**
 * Two cards side by side, traced as one: two portrait cards next to each other (or two landscape ones
 * stacked) make a rectangle 126 + gap by 88 mm, within a few per cent of a card's own proportions turned
 * a quarter. The trace finds its four straight sides and rounded corners and would grade the pair as
 * one card. What gives it away lies across the middle of the outline's long side: the background shows
 * through between the two cards, in a line running the whole width, with each card's border beyond it.
 *
 * A card has no such line. A white card back on a white table can have a blank row between its text
 * lines that matches the table all the way across, but its border is white too, so there is no card
 * colour at the row's ends a few millimetres above and below: that is asked for on both sides.
 *
 * Runs on the traced card's view (card millimetres); pure sampling, a few thousand pixels.
 */
import type { Face } from '@contract/grading-report';
import { sampleMm, type CardView } from './card-view';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';
import { EngineRefusal } from './refusal';

/** The gap is looked for this far either side of the middle of the long side (mm): two cards of one size, laid unevenly. */
const SEARCH_HALF_SPAN_MM = 6;
/** Share of a row across the card that must look like the background for it to be a gap between two cards. */
const MIN_GAP_ROW_SHARE = 0.85;
/** Each card's border is looked for this far beyond the gap (mm), beside both of the outline's sides. */
const BORDER_BEYOND_GAP_MM = 4;
/** Background and border must differ by this much (RGB distance) for a gap to be told from the card at all. */
const MIN_CONTRAST_RGB = 30;
/** A sample is background when it lies this much nearer the background than the border, as a share of their distance. */
const BACKGROUND_SHARE = 0.35;
/** The border's span from the outline's side (mm): a gap is background there, a printed bar is not. */
const BORDER_SPAN_MM = 3;
const STEP_MM = 0.5;

type Rgb = [number, number, number];
const distance = (a: Rgb, b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The median colour of the samples at card coordinates `points`. */
function medianColour(view: CardView, points: [number, number][]): Rgb {
  const channels: number[][] = [[], [], []];
  const px = [0, 0, 0];
  for (const [x, y] of points) {
    sampleMm(view, x, y, px);
    for (let c = 0; c < 3; c++) channels[c].push(px[c]);
  }
  return channels.map((v) => v.sort((a, b) => a - b)[v.length >> 1]) as Rgb;
}

/** Points on a ring `inset` mm inside the outline (negative: outside it), a millimetre apart along its sides, corners left out. */
function ring(inset: number): [number, number][] {
  const out: [number, number][] = [];
  for (let x = 6; x <= CARD_WIDTH_MM - 6; x += 2 * STEP_MM) out.push([x, inset], [x, CARD_HEIGHT_MM - inset]);
  for (let y = 6; y <= CARD_HEIGHT_MM - 6; y += 2 * STEP_MM) out.push([inset, y], [CARD_WIDTH_MM - inset, y]);
  return out;
}

/**
 * Where, along the long side (mm from the top), a gap with background in it splits the outline into two
 * cards; null when it does not.
 */
export function gapBetweenTwoCards(view: CardView): number | null {
  // Beyond a trace's edge lies the background; 1 mm inside, the card's border (or its print, borderless).
  const background = medianColour(view, ring(-2));
  const border = medianColour(view, ring(1));
  const contrast = distance(background, border);
  if (contrast < MIN_CONTRAST_RGB) return null;
  const px = [0, 0, 0];
  const isBackground = (x: number, y: number) => {
    sampleMm(view, x, y, px);
    const toBackground = distance(background, px);
    return toBackground < BACKGROUND_SHARE * contrast && toBackground < distance(border, px);
  };
  let best: { y: number; share: number } | null = null;
  const middle = CARD_HEIGHT_MM / 2;
  for (let y = middle - SEARCH_HALF_SPAN_MM; y <= middle + SEARCH_HALF_SPAN_MM; y += STEP_MM / 2) {
    let hits = 0;
    let n = 0;
    let endsOpen = true;
    for (let x = STEP_MM; x <= CARD_WIDTH_MM - STEP_MM; x += STEP_MM, n++) {
      const open = isBackground(x, y);
      if (open) hits++;
      else if (x < BORDER_SPAN_MM || x > CARD_WIDTH_MM - BORDER_SPAN_MM) endsOpen = false;
    }
    // Where the border would be, the gap is open all the way (the two cards' rounded corners widen it
    // there): a printed bar across the card, a type line, stops at the border.
    const share = endsOpen ? hits / n : 0;
    if (!best || share > best.share) best = { y, share };
  }
  if (!best || best.share < MIN_GAP_ROW_SHARE) return null;
  // Each card's border beside both sides, above and below the gap: not background (a white back's blank row).
  for (const y of [best.y - BORDER_BEYOND_GAP_MM, best.y + BORDER_BEYOND_GAP_MM])
    for (const x of [1, CARD_WIDTH_MM - 1]) if (isBackground(x, y)) return null;
  return best.y;
}

/** Refuses `several_cards` when the outline traced holds two cards side by side (gapBetweenTwoCards). */
export function refuseTwoCardsAsOne(view: CardView, face: Face): void {
  if (gapBetweenTwoCards(view) !== null)
    throw new EngineRefusal(
      'several_cards',
      face,
      'the outline found holds two cards side by side, with the background showing between them',
    );
}

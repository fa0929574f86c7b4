import { describe, expect, it } from 'vitest';
import { greyTable, paint, printLine, rectangle } from '../card-fixtures/drawn-scenes';
import { createCardView } from './card-view';
import { detectHolder } from './holder';

/** 6 px per card millimetre, a card turned a little on a light table. */
const MM = 6;
const centre = { x: 280, y: 350 };
const angle = 0.04;
const cardQuad = rectangle(centre, 63 * MM, 88 * MM, angle);

/** The card, and round it (when `outMm` is given) clear plastic reaching that far out: a slightly lighter film ending in a bright rim 0.5 mm wide. */
function cardIn(outMm: number | null) {
  const img = greyTable(560, 700);
  img.data.fill(170);
  if (outMm !== null) {
    const w = 63 + 2 * outMm,
      h = 88 + 2 * outMm;
    paint(
      img,
      centre,
      angle,
      (u, v) => (Math.max(Math.abs(u) - (w / 2 - 0.5) * MM, Math.abs(v) - (h / 2 - 0.5) * MM) > 0 ? [205, 205, 208] : [182, 182, 184]),
      w * MM,
      h * MM,
    );
  }
  paint(
    img,
    centre,
    angle,
    (u, v) => {
      if (Math.max(Math.abs(u) - 28.5 * MM, Math.abs(v) - 41 * MM) > 0) return [25, 25, 25];
      return printLine(v) ? [60, 40, 30] : [220, 200, 170];
    },
    63 * MM,
    88 * MM,
  );
  return img;
}

describe('the holder round a traced card', () => {
  it('names a toploader from its walls 6.5 mm out', () => {
    expect(detectHolder(createCardView(cardIn(6.5), cardQuad), cardQuad).holder).toBe('toploader');
  });

  it('names a sleeve from its rim 1.5 mm out', () => {
    expect(detectHolder(createCardView(cardIn(1.5), cardQuad), cardQuad).holder).toBe('sleeve');
  });

  it('names no toploader where the photo ends 5.5 mm beside the card, padded with white to a square', () => {
    // Listing photos: a card on a dark cloth, the photo set on a white canvas. The canvas's edge steps as a
    // change of material does, where a toploader's clear wall shows the table on both sides of it.
    const img = greyTable(560, 700);
    img.data.fill(255);
    paint(img, centre, angle, () => [30, 38, 48], (63 + 11) * MM, 700);
    paint(
      img,
      centre,
      angle,
      (u, v) => (Math.max(Math.abs(u) - 28.5 * MM, Math.abs(v) - 41 * MM) > 0 ? [230, 200, 40] : [200, 120, 160]),
      63 * MM,
      88 * MM,
    );
    expect(detectHolder(createCardView(img, cardQuad), cardQuad).holder).toBeNull();
  });

  it("names a slab photographed to its case's edge, its label's edge 11 mm beyond the card and the frame's edge beyond that", () => {
    // The case square to the frame: clear plastic (light grey) with a well 3 mm round the card, the
    // label's red box above the card reaching to 11 mm from it, and the photo cut at the case's top
    // edge (two white rows, then the frame), which is the outermost straight step beyond the card.
    const square = rectangle(centre, 63 * MM, 88 * MM, 0);
    const img = greyTable(560, 700);
    img.data.fill(200);
    paint(img, centre, 0, () => [170, 170, 172], 69 * MM, 94 * MM);
    paint(img, { x: centre.x, y: centre.y - 62 * MM }, 0, () => [200, 40, 40], 63 * MM, 14 * MM);
    for (let i = 0; i < 2 * 560 * 3; i++) img.data[i] = 255;
    paint(
      img,
      centre,
      0,
      (u, v) =>
        Math.max(Math.abs(u) - 28.5 * MM, Math.abs(v) - 41 * MM) > 0 ? [25, 25, 25] : printLine(v) ? [60, 40, 30] : [220, 200, 170],
      63 * MM,
      88 * MM,
    );
    expect(detectHolder(createCardView(img, square), square).holder).toBe('slab');
  });

  it('names nothing round a bare card on the table', () => {
    expect(detectHolder(createCardView(cardIn(null), cardQuad), cardQuad).holder).toBeNull();
  });
});

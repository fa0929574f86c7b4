import { describe, expect, it } from 'vitest';
import { card, greyTable, paint, printLine, rectangle } from '../card-fixtures/drawn-scenes';
import { anotherCardCorner } from './other-cards';

/** A grey table with the traced card (black border, printed lines inside) in the middle. */
function table() {
  const img = greyTable();
  card(img, { x: 240, y: 180 }, 0.1);
  return img;
}

/** The traced card's corners: 100 × 140 px, turned by 0.1 rad about (240, 180). */
const traced = rectangle({ x: 240, y: 180 }, 100, 140, 0.1);

describe('another card partly in view', () => {
  it('finds none beside a card alone on a table', () => {
    expect(anotherCardCorner(table(), traced)).toBeNull();
  });

  it('finds the printed corner of a card that runs off the frame', () => {
    const img = table();
    card(img, { x: 450, y: 320 }, -0.3);
    const found = anotherCardCorner(img, traced);
    expect(found).not.toBeNull();
    expect(found!.corner.x).toBeGreaterThan(330);
    expect(found!.corner.y).toBeGreaterThan(220);
  });

  it('finds a neighbour the frame cuts so that only a stub of its side shows', () => {
    const img = table();
    // Above the traced card, a card whose bottom edge shows whole and its sides only 30 px down from
    // the top of the frame (a playmat photo's neighbour): one arm long, the other a stub into the frame.
    card(img, { x: 110, y: -40 }, 0);
    const found = anotherCardCorner(img, traced);
    expect(found).not.toBeNull();
    expect(found!.corner.y).toBeLessThan(40);
  });

  it("finds a neighbour showing only its corner in the frame's corner: the corner is read within the stubs that show", () => {
    const img = table();
    // Up and left of the traced card, a card whose bottom-right corner alone is in view: its bottom edge
    // 40 px long and its right side a 16 px stub into the top of the frame (a playmat photo's neighbour
    // out of focus in the corner). The border and print inside the corner are read within those 16 px.
    card(img, { x: -10, y: -54 }, 0);
    const found = anotherCardCorner(img, traced);
    expect(found).not.toBeNull();
    expect(found!.corner.x).toBeLessThan(50);
    expect(found!.corner.y).toBeLessThan(25);
  });

  it('finds a neighbour whose sides show only down to the edge of something lying over it (a fanned hand, a pile)', () => {
    const img = table();
    card(img, { x: 400, y: 100 }, 0);
    // A plain box over all but its top 18–30 px, turned a little as a card over it in a fan is (lying
    // square, its edge would merge with the drawn print lines it runs along): both sides are stubs that
    // stop at the box's edge.
    paint(img, { x: 420, y: 213 }, 0.12, () => [200, 190, 120], 180, 310);
    const found = anotherCardCorner(img, traced);
    expect(found).not.toBeNull();
    // One of that card's top corners (y 30), not a corner of its print further down.
    expect(found!.corner.y).toBeLessThan(35);
    expect(found!.corner.x).toBeGreaterThan(340);
  });

  it('takes no sheet of paper for a card: its corner has nothing printed inside', () => {
    const img = table();
    // A blank sheet the card's size reaching in from the corner of the frame.
    paint(img, { x: 450, y: 320 }, -0.3, () => [245, 245, 245]);
    card(img, { x: 240, y: 180 }, 0.1);
    expect(anotherCardCorner(img, traced)).toBeNull();
  });

  it("leaves a holder's rim round the traced card alone: the print inside its corners is the card's own", () => {
    const img = greyTable();
    // A sleeve's rim 8 px outside the card, seen only near its corners (glare hides the rest).
    paint(
      img,
      { x: 240, y: 180 },
      0.1,
      (u, v) => {
        const rim = Math.abs(u) > 54 || Math.abs(v) > 74;
        const nearCorner = Math.abs(u) > 10 && Math.abs(v) > 30;
        return rim && nearCorner ? [40, 40, 40] : [150, 150, 150];
      },
      116,
      156,
    );
    card(img, { x: 240, y: 180 }, 0.1);
    expect(anotherCardCorner(img, traced)).toBeNull();
  });

  it('takes no larger rectangle for a card: a book or box corner runs longer than a card side', () => {
    // The card lies on a book whose top-left corner is in view, its sides running off the frame, with
    // a printed title across its top.
    const img = greyTable();
    paint(
      img,
      { x: 515, y: 515 },
      0,
      (u, v) => (u < -494 || v < -494 ? [20, 20, 20] : v < -440 && printLine(v) ? [60, 40, 30] : [220, 200, 170]),
      1000,
      1000,
    );
    card(img, { x: 240, y: 180 }, 0.1);
    expect(anotherCardCorner(img, traced)).toBeNull();
  });

  it("takes no ruled line meeting a shadow's edge for a card's corner: a line on paper is no cut edge", () => {
    // A ruled page, a hand's shadow reaching in from the bottom left up to one of its lines, the card in
    // the middle: a piece of the line and the shadow's edge meet square, ruled lines inside the corner
    // (the lines break into 100 px pieces, as handwriting and the camera's noise break them).
    const img = greyTable();
    const ruled = (x: number, y: number) => ((Math.round(y) % 28) + 28) % 28 < 2 && (((Math.round(x) - 300) % 120) + 120) % 120 < 100;
    paint(img, { x: 240, y: 180 }, 0, (u, v) => (ruled(u + 240, v + 180) ? [120, 135, 190] : [235, 235, 230]), 480, 360);
    paint(img, { x: 150, y: 321 }, 0, () => [118, 118, 115], 300, 78);
    card(img, { x: 240, y: 180 }, 0.1);
    expect(anotherCardCorner(img, traced)).toBeNull();
  });
});

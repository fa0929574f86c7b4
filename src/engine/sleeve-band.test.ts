import { describe, expect, it } from 'vitest';
import { greyTable, paint, printLine, rectangle } from '../card-fixtures/drawn-scenes';
import { createCardView } from './card-view';
import type { Quad } from './detect';
import { EngineRefusal } from './refusal';
import { cardInsideSleeve, sleeveMarginOutside, sleeveMargins } from './sleeve-band';
import { traceCard, traceInsideSleeve } from './trace';

/** 6 px per card millimetre: a 63 × 88 mm card in a sleeve 2 mm wider on every side, turned a little. */
const MM = 6;
const centre = { x: 240, y: 320 };
const angle = 0.05;
const sleeveQuad = rectangle(centre, 67 * MM, 92 * MM, angle);
const cardQuad = rectangle(centre, 63 * MM, 88 * MM, angle);

/**
 * A card with a yellow border and printed panel, in a margin coloured by `margin(depth below the sleeve's
 * edge in mm, beside a long side of the card)`.
 */
function sleevedCard(margin: (mm: number, longSide: boolean) => number[]) {
  const img = greyTable(480, 640);
  img.data.fill(185);
  paint(
    img,
    centre,
    angle,
    (u, v) => {
      const side = Math.abs(u) / MM - 31.5, // mm outside the card's long and short sides
        end = Math.abs(v) / MM - 44;
      const out = Math.max(side, end);
      if (out > 0) return margin(2 - out, side > end);
      if (out > -3) return [225, 190, 60];
      return printLine(v) ? [60, 40, 30] : [200, 170, 140];
    },
    67 * MM,
    92 * MM,
  );
  return img;
}
/** A coloured sleeve's margin: lit at the sealed edge, darkening toward the card its thickness lifts the film over. */
const shaded = (mm: number) => [120 - 32 * mm, 110 - 32 * mm, 150 - 32 * mm];
/** A printed black border: one flat ink. */
const flat = () => [35, 35, 38];

const worstCornerPx = (a: Quad, b: Quad) => Math.max(...a.map((p, i) => Math.hypot(p.x - b[i].x, p.y - b[i].y)));

describe('a coloured sleeve’s shaded margin', () => {
  it('puts the card inside the margin when the sleeve’s own edge was traced', () => {
    const view = createCardView(sleevedCard(shaded), sleeveQuad);
    expect(sleeveMargins(view, 2).every((m) => m && m.depthMm > 1.6 && m.depthMm < 2.4)).toBe(true);
    const inside = cardInsideSleeve(view, 2);
    expect(inside).not.toBeNull();
    expect(worstCornerPx(inside!, cardQuad)).toBeLessThan(0.4 * MM);
  });

  it('finds the margin round a card traced at its own edge', () => {
    expect(sleeveMarginOutside(createCardView(sleevedCard(shaded), cardQuad), 2)).toBe(true);
  });

  it('takes a flat dark band for a printed border, not a sleeve, either way', () => {
    const img = sleevedCard(flat);
    expect(cardInsideSleeve(createCardView(img, sleeveQuad), 2)).toBeNull();
    expect(sleeveMarginOutside(createCardView(img, cardQuad), 2)).toBe(false);
  });

  it('needs three sides to show it: a shade along two is not a sleeve', () => {
    // The margin shaded only along the long sides (light from one side on a printed border, say).
    const img = sleevedCard((mm, longSide) => (longSide ? shaded(mm) : flat()));
    expect(sleeveMargins(createCardView(img, sleeveQuad), 2).filter(Boolean)).toHaveLength(2);
    expect(cardInsideSleeve(createCardView(img, sleeveQuad), 2)).toBeNull();
  });
});

describe('the card traced inside a coloured sleeve', () => {
  /** 8 px per mm (a card at least 600 px long): the sleeve with rounded corners, its margin shaded, round a card whose edge is straight or torn ragged. */
  const PX = 8;
  const mid = { x: 330, y: 440 };
  function scene(ragged: boolean) {
    const img = greyTable(660, 880);
    img.data.fill(185);
    paint(
      img,
      mid,
      0,
      (u, v) => {
        const [x, y] = [Math.abs(u) / PX - 31.5, Math.abs(v) / PX - 44]; // mm outside the card's sides
        const r = 3; // the sleeve's corner radius, mm
        if (x > 2 - r && y > 2 - r && Math.hypot(x - (2 - r), y - (2 - r)) > r) return [185, 185, 185];
        // A torn edge wanders 1.5 mm in and out every 4 mm along the side.
        const tear = ragged ? 1.5 * Math.abs(((Math.abs(v + u) / PX / 2) % 2) - 1) : 0;
        const out = Math.max(x, y) + tear;
        return out > 0 ? shaded(Math.max(0, 2 - out)) : [225, 190, 60];
      },
      67 * PX,
      92 * PX,
    );
    return { full: img, small: img, scale: 1, scan: false, offsetPx: 0 };
  }
  const sleeve = rectangle(mid, 67 * PX, 92 * PX, 0);

  it('measures the card by its own edge, inside the margin', () => {
    const photo = scene(false);
    const inner = traceInsideSleeve(photo, traceCard(photo, sleeve));
    expect(inner).not.toBeNull();
    expect(worstCornerPx(inner!.refined.corners, rectangle(mid, 63 * PX, 88 * PX, 0))).toBeLessThan(0.3 * PX);
  });

  it("refuses card_in_sleeve, never grading the sleeve, when the card's edge inside cannot be traced", () => {
    const photo = scene(true);
    const outer = traceCard(photo, sleeve);
    let refusal: unknown = null;
    try {
      traceInsideSleeve(photo, outer, 'front');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(EngineRefusal);
    expect(refusal).toMatchObject({ code: 'card_in_sleeve' });
  });
});

import { describe, expect, it } from 'vitest';
import { greyTable, paint, rectangle } from '../card-fixtures/drawn-scenes';
import { borderEdgeOnGrain } from './border-on-grain';
import type { RgbImage } from './image';
import { createRandom } from '../card-fixtures/synthetic/random';

/** 4 px per card millimetre (the working copy of a phone photo), a card turned a little. */
const MM = 4;
const centre = { x: 240, y: 240 };
const angle = 0.05;
const BORDER_MM = 3;
const card = rectangle(centre, 63 * MM, 88 * MM, angle);
/** What the colour detector traced: the print inside the black border. */
const print = rectangle(centre, (63 - 2 * BORDER_MM) * MM, (88 - 2 * BORDER_MM) * MM, angle);

/** A carpet: grey patches about 1.5 mm across, each its own shade (`plain`: one shade). */
function table(plain = false): RgbImage {
  const img = greyTable(480, 480);
  const random = createRandom(7);
  const patch = 6;
  for (let by = 0; by < 480; by += patch)
    for (let bx = 0; bx < 480; bx += patch) {
      const shade = plain ? 95 : random.range(60, 140);
      for (let y = by; y < by + patch; y++)
        for (let x = bx; x < bx + patch; x++) img.data.fill(shade, (y * 480 + x) * 3, (y * 480 + x) * 3 + 3);
    }
  return img;
}

/** A black-bordered card on `img`; `sleeveMm`: inside a clear sleeve reaching that far out, its film lightening what lies under it. */
function onTable(img: RgbImage, sleeveMm: number | null = null) {
  if (sleeveMm !== null) {
    const w = (63 + 2 * sleeveMm) * MM,
      h = (88 + 2 * sleeveMm) * MM;
    const under = Uint8ClampedArray.from(img.data);
    const cos = Math.cos(angle),
      sin = Math.sin(angle);
    // The film shows the carpet beneath it, a little lighter, up to a bright rim.
    paint(
      img,
      centre,
      angle,
      (u, v) => {
        const x = Math.round(centre.x + u * cos - v * sin),
          y = Math.round(centre.y + u * sin + v * cos);
        const rim = Math.max(Math.abs(u) - w / 2 + 2, Math.abs(v) - h / 2 + 2) > 0;
        return [0, 1, 2].map((c) => (rim ? 200 : under[(y * 480 + x) * 3 + c] * 0.85 + 35));
      },
      w,
      h,
    );
  }
  paint(
    img,
    centre,
    angle,
    (u, v) =>
      Math.max(Math.abs(u) - (63 / 2 - BORDER_MM) * MM, Math.abs(v) - (88 / 2 - BORDER_MM) * MM) > 0 ? [28, 28, 30] : [200, 210, 225],
    63 * MM,
    88 * MM,
  );
  return img;
}

const worstCornerPx = (a: readonly { x: number; y: number }[], b: readonly { x: number; y: number }[]) =>
  Math.max(...a.map((p, i) => Math.hypot(p.x - b[i].x, p.y - b[i].y)));

describe('a dark border on a grained table', () => {
  it('finds the card’s cut edge outside the print that was traced', () => {
    const edge = borderEdgeOnGrain(onTable(table()), print);
    expect(edge).not.toBeNull();
    expect(worstCornerPx(edge!, card)).toBeLessThan(2);
  });

  it('says nothing on a plain table: the border’s step there is left to the holder check', () => {
    expect(borderEdgeOnGrain(onTable(table(true)), print)).toBeNull();
  });

  it('says nothing when the grain shows inside the outer step: a clear sleeve’s film, not a printed border', () => {
    expect(borderEdgeOnGrain(onTable(table(), 2), card)).toBeNull();
  });
});

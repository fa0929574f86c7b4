import { describe, expect, it } from 'vitest';
import { detectCard, detectOnCutRegion, detectOnSheet, outsideCutRegion, type Quad } from './detect';
import { EngineRefusal } from './refusal';
import type { RgbImage } from './image';

type Rgb = [number, number, number];

/** A working-copy-sized photo: `table` everywhere, then each rectangle painted in order. */
function paint(w: number, h: number, table: Rgb, rects: { x0: number; y0: number; x1: number; y1: number; color: Rgb }[]): RgbImage {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const hit = rects.findLast((r) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1);
      data.set(hit?.color ?? table, (y * w + x) * 3);
    }
  return { width: w, height: h, data, channels: 3 };
}

describe('detectCard', () => {
  it("outlines the card's white border, not the art window, when the print inside matches the table", () => {
    // Purple table, white-bordered card (150×210) whose print is the table's own colour, with a
    // landscape art window (card-like in shape once turned) larger in pixels than the thin border ring.
    const table: Rgb = [95, 70, 110];
    const img = paint(360, 480, table, [
      { x0: 100, y0: 130, x1: 250, y1: 340, color: [240, 238, 232] },
      { x0: 106, y0: 136, x1: 244, y1: 334, color: table },
      { x0: 110, y0: 150, x1: 240, y1: 245, color: [90, 200, 90] },
    ]);
    const { quad } = detectCard(img);
    const xs = quad.map((p) => p.x),
      ys = quad.map((p) => p.y);
    expect(Math.min(...xs)).toBeCloseTo(100, -1);
    expect(Math.max(...xs)).toBeCloseTo(250, -1);
    expect(Math.min(...ys)).toBeCloseTo(130, -1);
    expect(Math.max(...ys)).toBeCloseTo(340, -1);
  });

  it('finds the card beside the table shaded toward a corner of the frame, not two cards', () => {
    // White paper, a grey shade along the frame's left and bottom sides (card-like in its box and the
    // larger region), and one dark-bordered card clear of the frame: the card's closed outline decides.
    const table: Rgb = [246, 246, 244];
    const img = paint(360, 480, table, [
      { x0: 0, y0: 250, x1: 200, y1: 480, color: [188, 186, 192] },
      { x0: 200, y0: 40, x1: 330, y1: 222, color: [28, 28, 32] },
      { x0: 208, y0: 48, x1: 322, y1: 214, color: [200, 70, 60] },
    ]);
    const { quad } = detectCard(img);
    const xs = quad.map((p) => p.x),
      ys = quad.map((p) => p.y);
    expect(Math.min(...xs)).toBeCloseTo(200, -1);
    expect(Math.max(...xs)).toBeCloseTo(330, -1);
    expect(Math.min(...ys)).toBeCloseTo(40, -1);
    expect(Math.max(...ys)).toBeCloseTo(222, -1);
  });

  it('still refuses two cards apart on the same shaded paper', () => {
    const table: Rgb = [246, 246, 244];
    const img = paint(360, 480, table, [
      { x0: 0, y0: 330, x1: 120, y1: 480, color: [188, 186, 192] },
      { x0: 30, y0: 40, x1: 160, y1: 222, color: [28, 28, 32] },
      { x0: 200, y0: 40, x1: 330, y1: 222, color: [28, 28, 32] },
    ]);
    expect(() => detectCard(img)).toThrow(expect.objectContaining({ code: 'several_cards' }));
  });

  it("keeps the table's grain out of the outline where it touches the card", () => {
    // Grey table whose darker grain (3 px lines) runs into the card's left side from the frame.
    const table: Rgb = [200, 200, 196];
    const grain: Rgb = [150, 140, 120];
    const img = paint(360, 480, table, [
      ...[150, 175, 200, 225, 250].map((y) => ({ x0: 0, y0: y, x1: 100, y1: y + 3, color: grain })),
      { x0: 100, y0: 130, x1: 250, y1: 340, color: [235, 200, 40] },
      { x0: 108, y0: 138, x1: 242, y1: 332, color: [120, 120, 130] },
    ]);
    const { quad } = detectCard(img);
    const xs = quad.map((p) => p.x);
    expect(Math.min(...xs)).toBeCloseTo(100, -1);
    expect(Math.max(...xs)).toBeCloseTo(250, -1);
  });
});

/** A dark card on a light 360 × 480 table, its right third beyond the frame's right edge, with `print` painted on it. */
const cardOffRightEdge = (print: { x0: number; y0: number; x1: number; y1: number; color: Rgb }) =>
  paint(360, 480, [225, 222, 215], [{ x0: 230, y0: 140, x1: 360, y1: 350, color: [30, 30, 35] }, print]);

describe('a card shot steeply', () => {
  const inside = (q: { x: number; y: number }[], x: number, y: number) =>
    q.every((p, i) => {
      const n = q[(i + 1) % 4];
      return (n.x - p.x) * (y - p.y) - (n.y - p.y) * (x - p.x) >= 0;
    });
  const drawn = (q: { x: number; y: number }[], w = 360, h = 480): RgbImage => {
    const data = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) data.set(inside(q, x + 0.5, y + 0.5) ? [30, 32, 40] : [236, 234, 228], (y * w + x) * 3);
    return { width: w, height: h, data, channels: 3 };
  };

  it("finds a card foreshortened past a card's look, its perspective removed giving back its proportions", () => {
    // The working-copy outline of a real card shot ~35° off square from across a table (rootkow img12):
    // nearly as tall as it is wide, both pairs of sides converging. Rectified, it is 0.78 wide for 1 tall.
    const q = [
      { x: 152, y: 157 },
      { x: 260, y: 163 },
      { x: 266, y: 298 },
      { x: 120, y: 283 },
    ];
    const { quad } = detectCard(drawn(q));
    for (const [i, p] of quad.entries()) expect(Math.hypot(p.x - q[i].x, p.y - q[i].y)).toBeLessThan(3);
  });

  it('finds it upside down too, though its near short side is longer than its far long side', () => {
    // The working-copy outline of a real card shot steeply, the photo turned upside down (perspective_left):
    // judged by one short and one long side it read as lying sideways, 1.21 long for 1 wide, and was not found.
    const q = [
      { x: 95.5, y: 136 },
      { x: 256.5, y: 29.5 },
      { x: 367.75, y: 205.75 },
      { x: 243, y: 250.5 },
    ];
    const { quad } = detectCard(drawn(q, 480, 270));
    const side = (i: number) => Math.hypot(quad[(i + 1) % 4].x - quad[i].x, quad[(i + 1) % 4].y - quad[i].y);
    expect(side(0) + side(2)).toBeLessThan(side(1) + side(3));
    for (const p of q) expect(Math.min(...quad.map((c) => Math.hypot(c.x - p.x, c.y - p.y)))).toBeLessThan(3);
  });

  it('still refuses a square, shot square on or leaning one way only (no measured perspective to undo)', () => {
    expect(() => detectCard(paint(360, 480, [236, 234, 228], [{ x0: 100, y0: 160, x1: 260, y1: 320, color: [30, 32, 40] }]))).toThrow(
      /no_card_found|No card was found/,
    );
    const trapezoid = [
      { x: 120, y: 170 },
      { x: 240, y: 170 },
      { x: 262, y: 300 },
      { x: 98, y: 300 },
    ];
    expect(() => detectCard(drawn(trapezoid))).toThrow(/No card was found/);
  });
});

describe('a card running off the frame', () => {
  it('is refused card_cut_off, naming the frame edge its region runs off', () => {
    // A dark card on a light table whose right third lies beyond the right edge of the frame.
    const img = cardOffRightEdge({ x0: 240, y0: 150, x1: 360, y1: 250, color: [180, 60, 50] });
    expect(() => detectCard(img)).toThrow(/card_cut_off|outside the photo/);
    expect(() => detectCard(img)).toThrow(/\(the outline found runs off the right edge of the photo\)$/);
  });

  it('names both edges when the card leaves the frame at a corner', () => {
    // The card's bottom-right corner beyond the frame: its region runs along both edges.
    const img = paint(360, 480, [225, 222, 215], [{ x0: 240, y0: 300, x1: 360, y1: 480, color: [30, 30, 35] }]);
    expect(() => detectCard(img)).toThrow(/runs off the right and bottom edges of the photo\)$/);
  });

  it('tells a whole card beside the region that ran off the frame from print inside that region', () => {
    // A dark-bordered card runs off the right edge, the frame cutting its border only (its light print
    // panel is whole); nothing else stands out, so the colour pass refuses it cut off.
    const img = cardOffRightEdge({ x0: 238, y0: 148, x1: 352, y1: 342, color: [220, 200, 170] });
    let refusal: unknown = null;
    try {
      detectCard(img);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(EngineRefusal);
    expect((refusal as EngineRefusal).code).toBe('card_cut_off');
    const box = (x0: number, y0: number, x1: number, y1: number) =>
      [
        { x: x0, y: y0 },
        { x: x1, y: y0 },
        { x: x1, y: y1 },
        { x: x0, y: y1 },
      ] as const;
    // Where the table shows, an outline is no print of the cut card; over the cut card it may be.
    expect(outsideCutRegion(refusal as EngineRefusal, [...box(40, 150, 160, 330)], 360)).toBe(true);
    expect(outsideCutRegion(refusal as EngineRefusal, [...box(250, 160, 350, 330)], 360)).toBe(false);
    // The region is the cut card itself, hardly larger than its print: no card is looked for on it.
    expect(detectOnCutRegion(img, refusal as EngineRefusal)).toBeNull();
    // Any other refusal carries no region.
    expect(outsideCutRegion(new EngineRefusal('card_cut_off'), [...box(40, 150, 160, 330)], 360)).toBe(false);
  });
});

describe('a card on a sheet the colour pass took with it', () => {
  const box = (x0: number, y0: number, x1: number, y1: number): Quad => [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
  // White paper on a dark table, its coarse outline a few pixels out on the table along the top and
  // sides, and on it a black-bordered card with a light print panel.
  const img = paint(
    480,
    360,
    [45, 45, 55],
    [
      { x0: 40, y0: 8, x1: 440, y1: 350, color: [228, 228, 222] },
      { x0: 180, y0: 90, x1: 300, y1: 258, color: [28, 28, 30] },
      { x0: 187, y0: 97, x1: 293, y1: 251, color: [150, 190, 220] },
    ],
  );
  const sheet = box(38, 5, 442, 350);

  it('finds the card on it, with the sheet outside painted the colour most of it shows', () => {
    const found = detectOnSheet(img, sheet, 'front');
    expect(found).not.toBeNull();
    const card = box(180, 90, 300, 258);
    expect(Math.max(...found!.quad.map((p, i) => Math.hypot(p.x - card[i].x, p.y - card[i].y)))).toBeLessThan(4);
  });

  it('finds nothing when the outline is itself the card: only its print lies inside, under half its size', () => {
    expect(detectOnSheet(img, box(180, 90, 300, 258), 'front')).toBeNull();
  });
});

/**
 * Hard artwork for the synthetic cards: what made the first engine see scratches everywhere. Besides
 * soft colour blobs it draws dark outlines around shapes, thin light highlights hugging those
 * outlines, thin coloured strokes (speed lines, energy), sparkle stars and a row of light caption
 * glyphs. Every element is thin and many are brighter than both sides, exactly like a scratch; only
 * their colour (ink, not a blend toward white) and their place (along the art's own shapes, not across
 * them) tell them apart without a reference. Deterministic from its seed, so the pristine card can be
 * rendered again as the catalogue's reference image.
 */
import { createRandom } from './random';
import type { Rgb } from './card';

type Shape = { x: number; y: number; rx: number; ry: number; c: Rgb };
type Stroke = { x0: number; y0: number; x1: number; y1: number; width: number; c: Rgb };
type Arc = { s: Shape; from: number; to: number; inset: number; width: number; c: Rgb };
type Star = { x: number; y: number; arm: number; c: Rgb };

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Distance from (x, y) to the segment, mm. */
function segmentDistance(x: number, y: number, s: Stroke): number {
  const vx = s.x1 - s.x0,
    vy = s.y1 - s.y0,
    L = vx * vx + vy * vy;
  const t = Math.max(0, Math.min(1, ((x - s.x0) * vx + (y - s.y0) * vy) / L));
  return Math.hypot(x - (s.x0 + t * vx), y - (s.y0 + t * vy));
}

/** A paint function for the artwork window, in card millimetres (`pxPerMm` sets the anti-aliasing). */
export function createArt(
  seed: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  pxPerMm: number,
): (x: number, y: number) => Rgb {
  const rnd = createRandom(seed ^ 0x5eed);
  const { x0, y0, x1, y1 } = box;
  const W = x1 - x0,
    H = y1 - y0;
  const base: Rgb = [rnd.range(120, 220), rnd.range(120, 220), rnd.range(120, 220)];
  const blobs = Array.from({ length: 6 }, () => ({
    x: rnd.range(x0, x1),
    y: rnd.range(y0, y1),
    r: rnd.range(4, 14),
    c: [rnd.range(40, 230), rnd.range(40, 230), rnd.range(40, 230)] as Rgb,
  }));
  // Flat-coloured shapes with a dark outline, like a creature's body parts.
  const shapes: Shape[] = Array.from({ length: 3 }, () => ({
    x: rnd.range(x0 + 8, x1 - 8),
    y: rnd.range(y0 + 6, y1 - 6),
    rx: rnd.range(4, 10),
    ry: rnd.range(3, 8),
    c: [rnd.range(60, 240), rnd.range(60, 240), rnd.range(60, 240)] as Rgb,
  }));
  const outlineWidth = rnd.range(0.2, 0.35);
  // Light highlights just inside an outline: brighter than both sides, but they follow the shape.
  const arcs: Arc[] = shapes.map((s) => {
    const from = rnd.range(0, Math.PI * 2);
    return { s, from, to: from + rnd.range(1.2, 2.6), inset: rnd.range(0.5, 0.9), width: rnd.range(0.12, 0.2), c: [250, 250, 244] };
  });
  // Thin coloured strokes: saturated or pastel ink, straight, some long.
  const inks: Rgb[] = [
    [255, 230, 60],
    [120, 230, 255],
    [255, 150, 200],
    [170, 255, 140],
    [255, 120, 40],
  ];
  const strokes: Stroke[] = Array.from({ length: rnd.int(4, 7) }, () => {
    const x = rnd.range(x0 + 2, x1 - 2),
      y = rnd.range(y0 + 2, y1 - 2),
      len = rnd.range(5, 20),
      a = rnd.range(0, Math.PI);
    return {
      x0: x,
      y0: y,
      x1: Math.min(x1 - 1, Math.max(x0 + 1, x + Math.cos(a) * len)),
      y1: Math.min(y1 - 1, Math.max(y0 + 1, y + Math.sin(a) * len)),
      width: rnd.range(0.1, 0.25),
      c: rnd.pick(inks),
    };
  });
  // Sparkle: four-pointed white stars, arms tapering from the centre.
  const stars: Star[] = Array.from({ length: rnd.int(3, 7) }, () => ({
    x: rnd.range(x0 + 3, x1 - 3),
    y: rnd.range(y0 + 3, y1 - 3),
    arm: rnd.range(0.8, 2.4),
    c: [255, 255, 250],
  }));
  // Caption: small light glyphs along the art's bottom ("Illus." line), each under 2 mm.
  const glyphs: { x: number; w: number }[] = [];
  for (let x = x0 + 2; x < x0 + W * 0.45;) {
    const w = rnd.range(0.5, 1.1);
    glyphs.push({ x, w });
    x += w + rnd.range(0.25, 0.5);
  }
  const capY0 = y1 - 1.9,
    capY1 = y1 - 1.0;
  const aa = 1 / pxPerMm;
  const lerp = (out: Rgb, c: Rgb, t: number) => {
    if (t <= 0) return;
    out[0] += (c[0] - out[0]) * t;
    out[1] += (c[1] - out[1]) * t;
    out[2] += (c[2] - out[2]) * t;
  };
  // Coverage of a band of half-width hw at distance d, anti-aliased over one pixel.
  const band = (d: number, hw: number) => clamp01(0.5 + (hw - d) / aa);
  void H;
  return (x, y) => {
    const out: Rgb = [base[0] - (y - y0), base[1] - (y - y0) * 0.5, base[2]];
    for (const b of blobs) lerp(out, b.c, Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (2 * b.r * b.r)));
    for (const s of shapes) {
      // Signed distance to the ellipse, approximated by scaling the radial distance.
      const q = Math.hypot((x - s.x) / s.rx, (y - s.y) / s.ry);
      const d = (q - 1) * Math.min(s.rx, s.ry);
      if (d > 1) continue;
      lerp(out, s.c, band(d, 0));
      lerp(out, [30, 25, 35], band(Math.abs(d), outlineWidth / 2));
    }
    for (const a of arcs) {
      const { s } = a;
      const ang = Math.atan2((y - s.y) / s.ry, (x - s.x) / s.rx);
      let t = ang - a.from;
      t = ((t % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      if (t > a.to - a.from) continue;
      const q = Math.hypot((x - s.x) / s.rx, (y - s.y) / s.ry);
      const d = (q - 1) * Math.min(s.rx, s.ry) + a.inset;
      lerp(out, a.c, band(Math.abs(d), a.width / 2));
    }
    for (const s of strokes) {
      if (x < Math.min(s.x0, s.x1) - 1 || x > Math.max(s.x0, s.x1) + 1 || y < Math.min(s.y0, s.y1) - 1 || y > Math.max(s.y0, s.y1) + 1)
        continue;
      lerp(out, s.c, band(segmentDistance(x, y, s), s.width / 2));
    }
    for (const st of stars) {
      const dx = Math.abs(x - st.x),
        dy = Math.abs(y - st.y);
      if (dx > st.arm + 0.2 || dy > st.arm + 0.2) continue;
      // Each arm narrows from 0.25 mm at the centre to nothing at its tip.
      const hw = (along: number) => 0.125 * Math.max(0, 1 - along / st.arm);
      lerp(out, st.c, Math.max(band(dy, hw(dx)), band(dx, hw(dy)), clamp01(1 - Math.hypot(dx, dy) / 0.35)));
    }
    if (y > capY0 - 0.2 && y < capY1 + 0.2)
      for (const g of glyphs)
        if (x > g.x - 0.2 && x < g.x + g.w + 0.2)
          lerp(
            out,
            [240, 240, 236],
            band(Math.abs(x - (g.x + g.w / 2)), g.w / 2) * band(Math.abs(y - (capY0 + capY1) / 2), (capY1 - capY0) / 2) * 0.9,
          );
    return out;
  };
}

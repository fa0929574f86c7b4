/**
 * Draws a synthetic trading card (front or back) at a known resolution with known border widths and
 * injected defects. This is ground truth for tests and the benchmark: every number the engine should
 * measure is chosen here.
 */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, CORNER_RADIUS_MM, roundedRectDistance } from '../../engine/index';
import { createArt } from './art';
import { createRandom, type Random } from './random';

export type Face = 'front' | 'back';
export type CornerName = 'TopLeft' | 'TopRight' | 'BottomLeft' | 'BottomRight';
export type EdgeName = 'Top' | 'Bottom' | 'Left' | 'Right';
export type Rgb = [number, number, number];

export type Defect =
  | { kind: 'cornerWhitening'; corner: CornerName; sizeMm: number; intensity: number }
  | { kind: 'edgeChip'; edge: EdgeName; atMm: number; lengthMm: number; depthMm: number }
  | { kind: 'scratch'; x0: number; y0: number; x1: number; y1: number; widthMm: number; strength: number }
  | { kind: 'printLine'; orientation: 'horizontal' | 'vertical'; atMm: number; widthMm: number; delta: number }
  | { kind: 'holoGlare'; cx: number; cy: number; rx: number; ry: number; strength: number };

export type CardDesign = {
  face: Face;
  /** Border widths in mm from the cut edge to the print frame. */
  borders: { left: number; right: number; top: number; bottom: number };
  borderColor: Rgb;
  panelColor: Rgb;
  /** Full-art cards have no border: the art runs to the cut edge. */
  fullArt: boolean;
  defects: Defect[];
  artSeed: number;
};

/** A rendered card: RGB in 0..255 and coverage (alpha 0..1) at `pxPerMm`. */
export type CardTexture = { width: number; height: number; pxPerMm: number; rgb: Float32Array; alpha: Float32Array };

export const BORDER_COLORS: Record<string, Rgb> = {
  yellow: [238, 201, 52],
  silver: [196, 198, 204],
  blueBack: [36, 84, 176],
  white: [240, 238, 232],
};

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
/** Exact coverage of the texel [i, i+1) by the interval [a, b), in texel units. */
const cover = (i: number, a: number, b: number) => clamp01(Math.min(i + 1, b) - Math.max(i, a));

export { roundedRectDistance };

function lerpInto(rgb: Float32Array, i: number, c: Rgb, t: number) {
  if (t <= 0) return;
  rgb[i] = rgb[i] + (c[0] - rgb[i]) * t;
  rgb[i + 1] = rgb[i + 1] + (c[1] - rgb[i + 1]) * t;
  rgb[i + 2] = rgb[i + 2] + (c[2] - rgb[i + 2]) * t;
}

/** Fills an axis-aligned rectangle (mm) with exact anti-aliased coverage. */
function fillRect(
  tex: CardTexture,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  color: Rgb | ((xMm: number, yMm: number) => Rgb),
  opacity = 1,
) {
  const s = tex.pxPerMm;
  const [a, b, c, d] = [x0 * s, x1 * s, y0 * s, y1 * s];
  for (let py = Math.max(0, Math.floor(c)); py < Math.min(tex.height, Math.ceil(d)); py++) {
    const cy = cover(py, c, d);
    for (let px = Math.max(0, Math.floor(a)); px < Math.min(tex.width, Math.ceil(b)); px++) {
      const t = cy * cover(px, a, b) * opacity;
      const col = typeof color === 'function' ? color((px + 0.5) / s, (py + 0.5) / s) : color;
      lerpInto(tex.rgb, (py * tex.width + px) * 3, col, t);
    }
  }
}

const WHITE: Rgb = [246, 246, 242];

export function renderCard(design: CardDesign, pxPerMm: number, rnd: Random): CardTexture {
  const width = Math.round(CARD_WIDTH_MM * pxPerMm);
  const height = Math.round(CARD_HEIGHT_MM * pxPerMm);
  const tex: CardTexture = { width, height, pxPerMm, rgb: new Float32Array(width * height * 3), alpha: new Float32Array(width * height) };
  const s = pxPerMm;
  // Card outline with anti-aliased rounded corners, filled with the border colour and a faint print grain.
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const i = py * width + px;
      tex.alpha[i] = clamp01(0.5 - roundedRectDistance((px + 0.5) / s, (py + 0.5) / s) * s);
      const grain = (rnd.next() - 0.5) * 6;
      tex.rgb[i * 3] = design.borderColor[0] + grain;
      tex.rgb[i * 3 + 1] = design.borderColor[1] + grain;
      tex.rgb[i * 3 + 2] = design.borderColor[2] + grain;
    }
  const { left, right, top, bottom } = design.fullArt ? { left: 0, right: 0, top: 0, bottom: 0 } : design.borders;
  const ix0 = left,
    ix1 = CARD_WIDTH_MM - right,
    iy0 = top,
    iy1 = CARD_HEIGHT_MM - bottom;
  if (design.face === 'front') drawFront(tex, design, rnd, ix0, ix1, iy0, iy1);
  else drawBack(tex, design, rnd, ix0, ix1, iy0, iy1);
  for (const defect of design.defects) drawDefect(tex, defect, rnd);
  return tex;
}

function drawFront(tex: CardTexture, d: CardDesign, _photoRnd: Random, x0: number, x1: number, y0: number, y1: number) {
  // The print's layout comes from the art seed alone, so the pristine card can be rendered again as
  // its own reference image (renderReferenceImage) with the same glyphs, text and artwork.
  const rnd = createRandom(d.artSeed);
  const panel = d.panelColor;
  // Type-coloured panel with a soft vertical gradient, framed by the border.
  fillRect(tex, x0, y0, x1, y1, (x, y) => {
    const t = (y - y0) / (y1 - y0);
    return [panel[0] * (1 - 0.12 * t), panel[1] * (1 - 0.12 * t), panel[2] * (1 - 0.1 * t)];
  });
  const m = d.fullArt ? 0 : 1.6;
  // Name bar and HP: dark glyph blocks.
  for (let k = 0, x = x0 + m + 1; k < 7; k++) {
    const w = rnd.range(1.2, 2.4);
    fillRect(tex, x, y0 + 1.6, x + w, y0 + 4.2, [35, 35, 40]);
    x += w + 0.5;
  }
  // Artwork window with a thin frame.
  const ax0 = x0 + m + 1,
    ax1 = x1 - m - 1,
    ay0 = y0 + 6,
    ay1 = y0 + (y1 - y0) * 0.52;
  // Art coordinates are relative to the print, so a print shifted on the cut card shifts its art too.
  const artAt = createArt(d.artSeed, { x0: 0, y0: 0, x1: ax1 - ax0, y1: ay1 - ay0 }, tex.pxPerMm);
  const art = (x: number, y: number) => artAt(x - ax0, y - ay0);
  if (d.fullArt) fillRect(tex, 0, 0, 63, 88, art);
  else {
    fillRect(tex, ax0 - 0.5, ay0 - 0.5, ax1 + 0.5, ay1 + 0.5, [150, 150, 160]);
    fillRect(tex, ax0, ay0, ax1, ay1, art);
  }
  // Attack text lines.
  for (let y = ay1 + 5; y < y1 - 6; y += rnd.range(2.6, 3.6)) {
    fillRect(tex, x0 + m + 2, y, x0 + m + 2 + rnd.range(18, x1 - x0 - 2 * m - 5), y + 0.9, [45, 45, 50], 0.85);
  }
}

function drawBack(tex: CardTexture, d: CardDesign, _photoRnd: Random, x0: number, x1: number, y0: number, y1: number) {
  const rnd = createRandom(d.artSeed);
  const cx = 31.5 + rnd.range(-1, 1),
    cy = 44 + rnd.range(-1, 1);
  const phase = rnd.range(0, Math.PI * 2);
  fillRect(tex, x0, y0, x1, y1, (x, y) => {
    // Dark navy swirl with a lighter spiral, like the classic back.
    const a = Math.atan2(y - cy, x - cx),
      r = Math.hypot(x - cx, y - cy);
    const swirl = 0.5 + 0.5 * Math.sin(a * 2 + r * 0.18 + phase);
    return [18 + 22 * swirl, 32 + 40 * swirl, 92 + 60 * swirl];
  });
  // The ball: red top, white bottom, a dark band and button, anti-aliased at its rim.
  const R = 11;
  forEachTexel(tex, cx - R - 1, cy - R - 1, cx + R + 1, cy + R + 1, (i, x, y) => {
    const r = Math.hypot(x - cx, y - cy);
    const rim = clamp01(0.5 + (R - r) * tex.pxPerMm);
    if (rim <= 0) return;
    const color: Rgb =
      r < 2.2
        ? [235, 235, 235]
        : Math.abs(y - cy) < 1.2 || r < 3.2 || r > R - 0.6
          ? [30, 30, 30]
          : y < cy
            ? [204, 40, 42]
            : [236, 236, 236];
    lerpInto(tex.rgb, i * 3, color, rim);
  });
}

function forEachTexel(tex: CardTexture, x0: number, y0: number, x1: number, y1: number, fn: (i: number, xMm: number, yMm: number) => void) {
  const s = tex.pxPerMm;
  for (let py = Math.max(0, Math.floor(y0 * s)); py < Math.min(tex.height, Math.ceil(y1 * s)); py++)
    for (let px = Math.max(0, Math.floor(x0 * s)); px < Math.min(tex.width, Math.ceil(x1 * s)); px++)
      fn(py * tex.width + px, (px + 0.5) / s, (py + 0.5) / s);
}

export const CORNER_POSITIONS: Record<CornerName, { x: number; y: number }> = {
  TopLeft: { x: 0, y: 0 },
  TopRight: { x: CARD_WIDTH_MM, y: 0 },
  BottomLeft: { x: 0, y: CARD_HEIGHT_MM },
  BottomRight: { x: CARD_WIDTH_MM, y: CARD_HEIGHT_MM },
};

function drawDefect(tex: CardTexture, defect: Defect, rnd: Random) {
  switch (defect.kind) {
    case 'cornerWhitening': {
      // Paper fibres showing through along the cut edge near the corner: white speckle whose density
      // falls off with the distance from the edge and from the corner.
      const c = CORNER_POSITIONS[defect.corner];
      const zone = CORNER_RADIUS_MM + defect.sizeMm * 2.5;
      forEachTexel(tex, c.x - zone, c.y - zone, c.x + zone, c.y + zone, (i, x, y) => {
        const inside = -roundedRectDistance(x, y);
        if (inside < 0) return;
        const fromCorner = Math.hypot(x - c.x, y - c.y);
        const p =
          Math.exp(-inside / (defect.sizeMm * 0.35)) * Math.exp(-Math.max(0, fromCorner - CORNER_RADIUS_MM) / (defect.sizeMm * 1.4));
        if (rnd.next() < p * defect.intensity) lerpInto(tex.rgb, i * 3, WHITE, 0.85 + 0.15 * rnd.next());
      });
      return;
    }
    case 'edgeChip': {
      const horizontal = defect.edge === 'Top' || defect.edge === 'Bottom';
      const [x0, x1] = horizontal ? [defect.atMm - defect.lengthMm / 2, defect.atMm + defect.lengthMm / 2] : [0, 0];
      const box = horizontal
        ? defect.edge === 'Top'
          ? [x0, 0, x1, defect.depthMm * 2]
          : [x0, CARD_HEIGHT_MM - defect.depthMm * 2, x1, CARD_HEIGHT_MM]
        : defect.edge === 'Left'
          ? [0, defect.atMm - defect.lengthMm / 2, defect.depthMm * 2, defect.atMm + defect.lengthMm / 2]
          : [CARD_WIDTH_MM - defect.depthMm * 2, defect.atMm - defect.lengthMm / 2, CARD_WIDTH_MM, defect.atMm + defect.lengthMm / 2];
      forEachTexel(tex, box[0], box[1], box[2], box[3], (i, x, y) => {
        const inside = -roundedRectDistance(x, y);
        const along = horizontal ? (x - defect.atMm) / (defect.lengthMm / 2) : (y - defect.atMm) / (defect.lengthMm / 2);
        const depth = defect.depthMm * Math.sqrt(Math.max(0, 1 - along * along)) * (0.7 + 0.3 * rnd.next());
        if (inside >= 0 && inside < depth) lerpInto(tex.rgb, i * 3, WHITE, 0.9);
      });
      return;
    }
    case 'scratch': {
      const { x0, y0, x1, y1, widthMm, strength } = defect;
      const len = Math.hypot(x1 - x0, y1 - y0);
      const ux = (x1 - x0) / len,
        uy = (y1 - y0) / len;
      forEachTexel(tex, Math.min(x0, x1) - 1, Math.min(y0, y1) - 1, Math.max(x0, x1) + 1, Math.max(y0, y1) + 1, (i, x, y) => {
        const t = (x - x0) * ux + (y - y0) * uy;
        if (t < 0 || t > len) return;
        const d = Math.abs((x - x0) * uy - (y - y0) * ux);
        const cov = clamp01(0.5 + (widthMm / 2 - d) * tex.pxPerMm);
        if (cov > 0) lerpInto(tex.rgb, i * 3, WHITE, cov * strength);
      });
      return;
    }
    case 'printLine': {
      const { orientation, atMm, widthMm, delta } = defect;
      const box =
        orientation === 'horizontal'
          ? [2, atMm - widthMm / 2, CARD_WIDTH_MM - 2, atMm + widthMm / 2]
          : [atMm - widthMm / 2, 2, atMm + widthMm / 2, CARD_HEIGHT_MM - 2];
      fillRect(tex, box[0], box[1], box[2], box[3], delta > 0 ? WHITE : [20, 20, 20], Math.abs(delta));
      return;
    }
    case 'holoGlare': {
      const { cx, cy, rx, ry, strength } = defect;
      forEachTexel(tex, cx - rx * 2, cy - ry * 2, cx + rx * 2, cy + ry * 2, (i, x, y) => {
        const q = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        // Holo shine: a broad, soft, rainbow-tinted brightening, never a thin line.
        const t = strength * Math.exp(-q * 1.5);
        const hue = Math.sin((x + y) * 0.4);
        lerpInto(tex.rgb, i * 3, [235 + 15 * hue, 240, 235 - 15 * hue], t);
      });
      return;
    }
  }
}

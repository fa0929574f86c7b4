/**
 * Synthetic ground truth: a card pair (front and back photos) with known centering and injected
 * defects. `npm run bench:grading` and the engine tests use it; `style: 'heldout'` draws cards from
 * colours, borders and backgrounds the engine was never tuned on.
 */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, type Point } from '../../engine/index';
import { BORDER_COLORS, renderCard, type CardDesign, type CornerName, type Defect, type EdgeName, type Face, type Rgb } from './card';
import sharp from 'sharp';
import { createRandom, type Random } from './random';
import { randomConditions, renderPhoto, type PhotoConditions } from './scene';

export type SyntheticOptions = {
  style?: 'tuning' | 'heldout';
  /** Chance of each defect kind per face. */
  defectRate?: number;
  fullArt?: boolean;
  conditions?: Partial<PhotoConditions>;
  defects?: { front?: Defect[]; back?: Defect[] };
  pxPerMm?: number;
  /** The front's border colour instead of the style's (a silver border on a grey table, say). */
  frontBorder?: Rgb;
};

export type FaceTruth = {
  /** Left border share of left+right, percent (55.2 means 55.2/44.8). */
  horizontal: number;
  /** Top border share of top+bottom, percent. */
  vertical: number;
  borders: CardDesign['borders'];
  fullArt: boolean;
  defects: Defect[];
  corners: Point[];
  conditions: PhotoConditions;
  /** The printed design (defects included), for rendering the pristine card as a reference. */
  design: CardDesign;
};

export type SyntheticCard = { seed: number; front: Buffer; back: Buffer; truth: { front: FaceTruth; back: FaceTruth } };

const PANELS: Rgb[] = [
  [120, 180, 110],
  [220, 120, 100],
  [110, 150, 220],
  [170, 130, 200],
  [180, 180, 170],
  [200, 150, 110],
];
const HELDOUT_PANELS: Rgb[] = [
  [90, 160, 160],
  [230, 170, 190],
  [140, 110, 90],
];

function borders(rnd: Random, face: Face) {
  const totalH = rnd.range(5, 7.2),
    totalV = rnd.range(5, 7.6);
  const spread = face === 'front' ? 14 : 22;
  const shareH = 50 + rnd.range(-spread, spread) * (rnd.next() < 0.2 ? 1.4 : 1);
  const shareV = 50 + rnd.range(-spread, spread) * (rnd.next() < 0.2 ? 1.4 : 1);
  return {
    left: (totalH * shareH) / 100,
    right: (totalH * (100 - shareH)) / 100,
    top: (totalV * shareV) / 100,
    bottom: (totalV * (100 - shareV)) / 100,
  };
}

const CORNERS: CornerName[] = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'];
const EDGES: EdgeName[] = ['Top', 'Bottom', 'Left', 'Right'];

export function randomDefects(rnd: Random, rate: number, face: Face): Defect[] {
  const defects: Defect[] = [];
  if (rnd.next() < rate)
    defects.push({ kind: 'cornerWhitening', corner: rnd.pick(CORNERS), sizeMm: rnd.range(0.5, 1.5), intensity: rnd.range(0.6, 1) });
  if (rnd.next() < rate) {
    const edge = rnd.pick(EDGES);
    const span = edge === 'Top' || edge === 'Bottom' ? CARD_WIDTH_MM : CARD_HEIGHT_MM;
    defects.push({ kind: 'edgeChip', edge, atMm: rnd.range(10, span - 10), lengthMm: rnd.range(1.5, 4), depthMm: rnd.range(0.25, 0.6) });
  }
  if (rnd.next() < rate) {
    const x0 = rnd.range(10, 53),
      y0 = rnd.range(14, 70),
      len = rnd.range(8, 25),
      ang = rnd.range(0, Math.PI);
    defects.push({
      kind: 'scratch',
      x0,
      y0,
      x1: Math.min(58, Math.max(5, x0 + Math.cos(ang) * len)),
      y1: Math.min(82, Math.max(6, y0 + Math.sin(ang) * len)),
      widthMm: rnd.range(0.1, 0.22),
      strength: rnd.range(0.55, 0.85),
    });
  }
  if (face === 'front' && rnd.next() < rate * 0.5)
    defects.push({
      kind: 'printLine',
      orientation: rnd.pick(['horizontal', 'vertical'] as const),
      atMm: rnd.range(20, 60),
      widthMm: 0.15,
      delta: rnd.pick([0.35, -0.3]),
    });
  if (face === 'front' && rnd.next() < rate)
    defects.push({
      kind: 'holoGlare',
      cx: rnd.range(18, 45),
      cy: rnd.range(20, 40),
      rx: rnd.range(6, 14),
      ry: rnd.range(5, 12),
      strength: rnd.range(0.3, 0.55),
    });
  return defects;
}

export async function generateSyntheticCard(seed: number, options: SyntheticOptions = {}): Promise<SyntheticCard> {
  const rnd = createRandom(seed);
  const heldout = options.style === 'heldout';
  const pxPerMm = options.pxPerMm ?? 16;
  const rate = options.defectRate ?? 0;
  const faces = {} as Record<Face, { photo: Buffer; truth: FaceTruth }>;
  for (const face of ['front', 'back'] as const) {
    const b = borders(rnd, face);
    const fullArt = face === 'front' && !!options.fullArt;
    // The style's colour is always drawn (the seed's other draws stay as they were), then overridden.
    const styleBorder: Rgb =
      face === 'back'
        ? heldout
          ? [70, 112, 205]
          : BORDER_COLORS.blueBack
        : heldout
          ? BORDER_COLORS.white
          : rnd.next() < 0.7
            ? BORDER_COLORS.yellow
            : BORDER_COLORS.silver;
    const design: CardDesign = {
      face,
      borders: b,
      borderColor: face === 'front' && options.frontBorder ? options.frontBorder : styleBorder,
      panelColor: rnd.pick(heldout ? HELDOUT_PANELS : PANELS),
      fullArt,
      defects: options.defects?.[face] ?? randomDefects(rnd, rate, face),
      artSeed: rnd.int(0, 1e9),
    };
    const tex = renderCard(design, pxPerMm, rnd);
    const conditions = randomConditions(rnd, {
      ...(heldout ? { background: { kind: rnd.pick(['wood', 'fabric'] as const), color: [95, 70, 110] as Rgb } } : {}),
      ...options.conditions,
    });
    const { jpeg, corners } = await renderPhoto(tex, conditions, rnd);
    faces[face] = {
      photo: jpeg,
      truth: {
        horizontal: (100 * b.left) / (b.left + b.right),
        vertical: (100 * b.top) / (b.top + b.bottom),
        borders: b,
        fullArt,
        defects: design.defects,
        corners,
        conditions,
        design,
      },
    };
  }
  return { seed, front: faces.front.photo, back: faces.back.photo, truth: { front: faces.front.truth, back: faces.back.truth } };
}

/** Size of a catalogue scan (the large image of the public card catalogue is 734 × 1024 px). */
export const REFERENCE_PX_PER_MM = 734 / CARD_WIDTH_MM;

/**
 * The pristine card as its own catalogue reference: the same print without photo effects or damage,
 * straight-on, as a PNG with transparent rounded corners. A catalogue scan is of another copy of the
 * card, whose print sits elsewhere on its cut: `printShiftMm` moves the print (borders keep their sum),
 * by default to a perfectly centred copy.
 */
export async function renderReferenceImage(
  truth: FaceTruth,
  options: { printShiftMm?: { x: number; y: number }; pxPerMm?: number } = {},
): Promise<Buffer> {
  const b = truth.design.borders;
  const shift = options.printShiftMm ?? { x: (b.right - b.left) / 2, y: (b.bottom - b.top) / 2 };
  const design: CardDesign = {
    ...truth.design,
    defects: [],
    borders: { left: b.left + shift.x, right: b.right - shift.x, top: b.top + shift.y, bottom: b.bottom - shift.y },
  };
  const tex = renderCard(design, options.pxPerMm ?? REFERENCE_PX_PER_MM, createRandom(design.artSeed + 1));
  const data = Buffer.alloc(tex.width * tex.height * 4);
  for (let i = 0; i < tex.width * tex.height; i++) {
    for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.max(0, Math.min(255, Math.round(tex.rgb[i * 3 + c])));
    data[i * 4 + 3] = Math.round(tex.alpha[i] * 255);
  }
  return sharp(data, { raw: { width: tex.width, height: tex.height, channels: 4 } })
    .png()
    .toBuffer();
}

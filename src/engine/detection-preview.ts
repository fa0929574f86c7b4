/**
 * Detection preview: one face analysed exactly as grading does (analyseFace, so every refusal is
 * the same), reduced to what a collector needs to judge the photo — the outline, photo checks with
 * their limits, centering — plus two small images: the photo with the outline drawn on it and the
 * straightened card. Nothing about corners, edges or surface: that is what a grading is for.
 */
import sharp from 'sharp';
import { rectify } from './card-view';
import type { Quad } from './detect';
import {
  GOOD_EDGE_WIDTH_MM,
  GOOD_PX_PER_MM,
  maxEdgeResidualPx,
  MAX_SATURATED_PERCENT,
  MIN_PX_PER_MM,
  analyseFace,
  maxEdgeWidthPx,
  type Face,
  type FaceAnalysis,
} from './face';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM, cardLongSidePx, dist, polygonArea, type Point } from './geometry';
import { PSA_CENTERING } from './grade-tables';
import { psaGrade } from './grades';

const GOOD_SATURATED_PERCENT = 0.5;
const GOOD_RESIDUAL_PX = 0.75;

export type CheckStatus = 'good' | 'fair';
export type DetectionPreview = {
  face: Face;
  /** The analysed photo's size (upright). */
  width: number;
  height: number;
  corners: Quad;
  checks: {
    resolution: { pxPerMm: number; minPxPerMm: number; goodPxPerMm: number; status: CheckStatus };
    sharpness: { edgeWidthPx: number; edgeWidthMm: number; maxEdgeWidthPx: number; status: CheckStatus };
    glare: { saturatedPercent: number; maxSaturatedPercent: number; status: CheckStatus };
    edgeTrace: { residualPx: number; maxResidualPx: number; contrast: number; status: CheckStatus };
    rotationDeg: number;
    perspectivePercent: number;
    cardAreaPercent: number;
    holder: FaceAnalysis['checks']['holder'];
  };
  centering:
    | {
        measurable: true;
        horizontal: number;
        vertical: number;
        horizontalRatio: string;
        verticalRatio: string;
        uncertainty: { horizontal: number; vertical: number };
        bordersMm: Sides;
        spreadMm: Sides;
        psaCenteringCap: number;
        psaTenLimit: string;
      }
    | { measurable: false; reason: string };
  /** JPEG of the photo, long side at most `photoLongSide`, outline drawn. */
  outlineJpeg: Buffer;
  /** JPEG of the straightened card with `marginMm` of background on every side. */
  rectifiedJpeg: Buffer;
  rectifiedPxPerMm: number;
  marginMm: number;
};
type Sides = { left: number; right: number; top: number; bottom: number };

export type PreviewOptions = { photoLongSide?: number; rectifiedPxPerMm?: number; marginMm?: number; jpegQuality?: number };

const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;
const deg = (rad: number) => (rad * 180) / Math.PI;
/** An angle folded into (-90°, 90°]. */
const fold = (d: number) => ((((d + 90) % 180) + 180) % 180) - 90;

/** "55.2/44.8": the share and its complement, one decimal each, adding up to 100. */
export const shareRatio = (share: number) => `${r1(share).toFixed(1)}/${(100 - r1(share)).toFixed(1)}`;

/** In-plane rotation (clockwise positive, degrees) and keystone (percent) of a top-left-first quad. */
export function quadPose(q: Quad): { rotationDeg: number; perspectivePercent: number } {
  const angle = (a: Point, b: Point) => deg(Math.atan2(b.y - a.y, b.x - a.x));
  // Top and bottom run left to right (0°), left and right run downwards (90°).
  const angles = [angle(q[0], q[1]), angle(q[3], q[2]), angle(q[0], q[3]) - 90, angle(q[1], q[2]) - 90].map(fold);
  const rotationDeg = angles.reduce((s, a) => s + a, 0) / 4;
  const top = dist(q[0], q[1]),
    bottom = dist(q[3], q[2]),
    left = dist(q[0], q[3]),
    right = dist(q[1], q[2]);
  const keystone = Math.max(Math.abs(top - bottom) / Math.max(top, bottom), Math.abs(left - right) / Math.max(left, right));
  return { rotationDeg: r1(rotationDeg), perspectivePercent: r1(keystone * 100) };
}

/** The best PSA grade this face's centering alone allows (the other face and condition not counted). */
export function psaCenteringCap(face: Face, horizontal: number, vertical: number): number {
  const shares = { h: horizontal, v: vertical };
  const perfect = { centering: 10, corners: 10, edges: 10, surface: 10 };
  return psaGrade(perfect, { front: face === 'front' ? shares : null, back: face === 'back' ? shares : null }).centeringCap;
}

/** SVG of the card outline and its corners over a `w`×`h` picture of the photo scaled by `s`. */
export function outlineSvg(corners: Quad, w: number, h: number, s: number): string {
  const pts = corners.map((p) => ({ x: p.x * s, y: p.y * s }));
  const stroke = Math.max(2, Math.round(Math.max(w, h) / 300));
  const poly = pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const dots = pts
    .map(
      (p) =>
        `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${stroke * 2.5}" fill="#22c55e" stroke="#052e16" stroke-width="${stroke * 0.75}"/>`,
    )
    .join('');
  // A dark halo under the green line keeps it visible on light and dark backgrounds alike.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><polygon points="${poly}" fill="#22c55e" fill-opacity="0.10" stroke="#052e16" stroke-opacity="0.75" stroke-width="${stroke * 2}" stroke-linejoin="round"/><polygon points="${poly}" fill="none" stroke="#4ade80" stroke-width="${stroke}" stroke-linejoin="round"/>${dots}</svg>`;
}

/** The photo, downscaled, with the card outline and its corners drawn over it. */
export async function renderOutlineImage(
  photo: Buffer,
  corners: Quad,
  size: { width: number; height: number },
  longSide = 800,
  quality = 78,
): Promise<Buffer> {
  const s = Math.min(1, longSide / Math.max(size.width, size.height));
  const w = Math.max(1, Math.round(size.width * s)),
    h = Math.max(1, Math.round(size.height * s));
  return sharp(photo, { failOn: 'none' })
    .rotate()
    .resize(w, h, { fit: 'fill' })
    .removeAlpha()
    .composite([{ input: Buffer.from(outlineSvg(corners, w, h, s)), top: 0, left: 0 }])
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
}

/** The straightened card at `pxPerMm`, with `marginMm` of what lies around it in the photo. */
export async function renderRectifiedImage(a: FaceAnalysis, pxPerMm = 7, marginMm = 1.5, quality = 80): Promise<Buffer> {
  const img = rectify(a.view, pxPerMm, { x0: -marginMm, y0: -marginMm, x1: CARD_WIDTH_MM + marginMm, y1: CARD_HEIGHT_MM + marginMm });
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
}

/** Figures of an analysed face, with each check's engine limit beside it. */
export function describeFace(a: FaceAnalysis): Omit<DetectionPreview, 'outlineJpeg' | 'rectifiedJpeg' | 'rectifiedPxPerMm' | 'marginMm'> {
  const c = a.checks;
  const edgeWidthMm = c.edgeWidthPx / c.pxPerMm;
  const residualPx = Math.max(...c.edgeResidualPx);
  const centering: DetectionPreview['centering'] = a.centering.measurable
    ? (() => {
        const m = a.centering;
        const sides = (pick: (s: (typeof m.sides)['left']) => number): Sides => ({
          left: r2(pick(m.sides.left)),
          right: r2(pick(m.sides.right)),
          top: r2(pick(m.sides.top)),
          bottom: r2(pick(m.sides.bottom)),
        });
        return {
          measurable: true as const,
          horizontal: r2(m.horizontal),
          vertical: r2(m.vertical),
          horizontalRatio: shareRatio(m.horizontal),
          verticalRatio: shareRatio(m.vertical),
          uncertainty: { horizontal: r2(m.horizontalUncertainty), vertical: r2(m.verticalUncertainty) },
          bordersMm: sides((s) => s.widthMm),
          spreadMm: sides((s) => s.spreadMm),
          psaCenteringCap: psaCenteringCap(a.face, m.horizontal, m.vertical),
          psaTenLimit: `${PSA_CENTERING[0][a.face]}/${100 - PSA_CENTERING[0][a.face]}`,
        };
      })()
    : { measurable: false as const, reason: a.centering.reason };
  const lengthPxPerMm = cardLongSidePx(c.corners) / CARD_HEIGHT_MM;
  return {
    face: a.face,
    width: c.widthPx,
    height: c.heightPx,
    corners: c.corners,
    checks: {
      resolution: {
        // The card's length per millimetre, as the size limit reads it (trace.ts).
        pxPerMm: r2(lengthPxPerMm),
        minPxPerMm: r2(MIN_PX_PER_MM),
        goodPxPerMm: GOOD_PX_PER_MM,
        status: lengthPxPerMm >= GOOD_PX_PER_MM ? 'good' : 'fair',
      },
      sharpness: {
        edgeWidthPx: r2(c.edgeWidthPx),
        edgeWidthMm: r2(edgeWidthMm),
        maxEdgeWidthPx: r2(maxEdgeWidthPx(c.pxPerMm)),
        status: edgeWidthMm <= GOOD_EDGE_WIDTH_MM ? 'good' : 'fair',
      },
      glare: {
        saturatedPercent: r2(c.saturatedPercent),
        maxSaturatedPercent: MAX_SATURATED_PERCENT,
        status: c.saturatedPercent <= GOOD_SATURATED_PERCENT ? 'good' : 'fair',
      },
      edgeTrace: {
        residualPx: r2(residualPx),
        maxResidualPx: r2(maxEdgeResidualPx(c.pxPerMm)),
        contrast: Math.round(c.edgeContrast),
        status: residualPx <= GOOD_RESIDUAL_PX ? 'good' : 'fair',
      },
      ...quadPose(c.corners),
      cardAreaPercent: r1((100 * polygonArea(c.corners)) / (c.widthPx * c.heightPx)),
      holder: c.holder,
    },
    centering,
  };
}

/**
 * Analyses one photo like grading would and describes what was found. Throws EngineRefusal for a
 * photo grading would refuse.
 */
export async function previewDetection(face: Face, photo: Buffer, options: PreviewOptions = {}): Promise<DetectionPreview> {
  const { photoLongSide = 800, rectifiedPxPerMm = 7, marginMm = 1.5, jpegQuality = 78 } = options;
  const analysis = await analyseFace(face, photo);
  const described = describeFace(analysis);
  const outlineJpeg = await renderOutlineImage(
    photo,
    analysis.checks.corners,
    { width: described.width, height: described.height },
    photoLongSide,
    jpegQuality,
  );
  const rectifiedJpeg = await renderRectifiedImage(analysis, rectifiedPxPerMm, marginMm, jpegQuality + 2);
  return { ...described, outlineJpeg, rectifiedJpeg, rectifiedPxPerMm, marginMm };
}

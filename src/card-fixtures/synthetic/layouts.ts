/**
 * Photos that are not one card on a table: a flatbed scan (the card filling the frame, flat light,
 * a small rotation, a thin margin or none) and two cards side by side in one photo.
 */
import sharp from 'sharp';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from '../../engine/index';
import type { Rgb } from './card';
import { generateSyntheticCard, type SyntheticCard, type SyntheticOptions } from './generator';
import type { PhotoConditions } from './scene';

export type ScanOptions = {
  /** Scanner resolution; 600 dpi is what collectors use, 300–400 keeps tests fast. */
  dpi?: number;
  /** Backdrop (scanner lid) margin on each side, mm; 0 crops the scan to the card's outline. */
  marginMm?: number;
  rotationDeg?: number;
  /** Lid colour: white by default, black lids exist too. */
  backdrop?: Rgb;
};

/** Photo conditions of a scan: no tilt, even light, little noise, the frame cut around the card. */
export function scanConditions({
  dpi = 400,
  marginMm = 1,
  rotationDeg = 0.6,
  backdrop = [242, 242, 238],
}: ScanOptions = {}): Partial<PhotoConditions> {
  const pxPerMm = dpi / 25.4;
  const r = (Math.abs(rotationDeg) * Math.PI) / 180;
  const boxW = CARD_WIDTH_MM * Math.cos(r) + CARD_HEIGHT_MM * Math.sin(r),
    boxH = CARD_HEIGHT_MM * Math.cos(r) + CARD_WIDTH_MM * Math.sin(r);
  const width = Math.round((boxW + 2 * marginMm) * pxPerMm),
    height = Math.round((boxH + 2 * marginMm) * pxPerMm);
  return {
    width,
    height,
    fill: (CARD_HEIGHT_MM * pxPerMm) / height,
    margin: (marginMm * pxPerMm) / Math.min(width, height),
    tiltDeg: 0,
    tiltDirectionDeg: 0,
    rotationDeg,
    offsetX: 0,
    offsetY: 0,
    background: { kind: 'plain', color: backdrop },
    lightGradient: 0,
    blurSigma: 0.4,
    noiseSigma: 1.5,
    jpegQuality: 92,
  };
}

/** A card pair scanned on a flatbed: both faces at the same resolution and margin. */
export function generateSyntheticScan(seed: number, scan: ScanOptions = {}, options: SyntheticOptions = {}): Promise<SyntheticCard> {
  return generateSyntheticCard(seed, { ...options, conditions: { ...scanConditions(scan), ...options.conditions } });
}

export type TwoCardPhoto = { photo: Buffer; left: SyntheticCard; right: SyntheticCard };

/**
 * Two different cards side by side on one plain table, fronts up: `photo` shows both, each card's
 * back is in `left.back` / `right.back`. The right card can be smaller in the frame (`rightFill`).
 */
export async function generateTwoCardPhoto(
  seed: number,
  { rightFill = 0.7, background = [60, 60, 64] as Rgb } = {},
): Promise<TwoCardPhoto> {
  const common: Partial<PhotoConditions> = {
    width: 900,
    height: 1200,
    tiltDeg: 3,
    offsetX: 0,
    offsetY: 0,
    lightGradient: 0,
    background: { kind: 'plain', color: background },
  };
  const left = await generateSyntheticCard(seed, { conditions: { ...common, fill: 0.75 } });
  const right = await generateSyntheticCard(seed + 1, { conditions: { ...common, fill: rightFill } });
  const photo = await sharp(left.front)
    .extend({ right: 900, background: { r: background[0], g: background[1], b: background[2] } })
    .composite([{ input: right.front, left: 900, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { photo, left, right };
}

/**
 * Puts a rendered card into a phone-like photo: perspective tilt, rotation, scale, background,
 * uneven light, blur, noise and JPEG compression. Returns the encoded photo and where the card's
 * sharp (virtual) corners landed, so tests can check detection too.
 */
import sharp from 'sharp';
import {
  CARD_HEIGHT_MM,
  CARD_WIDTH_MM,
  applyHomography,
  homographyFromPoints,
  invertHomography,
  type Homography,
  type Point,
} from '../../engine/index';
import { roundedRectDistance, type CardTexture, type Rgb } from './card';
import type { Random } from './random';

export type Background =
  { kind: 'plain'; color: Rgb } | { kind: 'wood'; color: Rgb } | { kind: 'fabric'; color: Rgb } | { kind: 'speckled'; color: Rgb };

export type PhotoConditions = {
  width: number;
  height: number;
  /** Card height as a share of the frame height. */
  fill: number;
  /** Camera tilt out of the card plane, degrees, and its direction. */
  tiltDeg: number;
  tiltDirectionDeg: number;
  rotationDeg: number;
  /** Card centre offset from the frame centre, as shares of the free space. */
  offsetX: number;
  offsetY: number;
  background: Background;
  /** Light falloff across the frame (0 = even). */
  lightGradient: number;
  blurSigma: number;
  noiseSigma: number;
  jpegQuality: number;
  /** Free space kept around the card, as a share of the frame's short side (0.03 unless set; 0 for a borderless scan). */
  margin?: number;
  /** A saturated specular highlight on the card (for glare refusal tests). */
  specular?: { x: number; y: number; radiusMm: number };
  /** Light as a physically lit room gives it (lit-photos bench): none unless set. */
  light?: PhysicalLight;
};

/**
 * What a real room's light does to a photo beyond an even falloff, each optional:
 * - `sheen`: a window or lamp reflected in the card's gloss, a soft band of `strength` (0–1 of the way
 *   to white, never saturating) `widthMm` wide, through the card point `at` at `angleDeg`;
 * - `dropShadow`: the card lifted off the desk (or lit by a lamp to one side) throws a soft shadow,
 *   offset `offsetMm`, `softMm` soft, darkening the desk by `darkness` (0–1);
 * - `occluder`: the phone's or the hand's shadow, a soft-edged half-plane over the frame (card and desk)
 *   beyond the line through `at` (frame shares) facing `angleDeg`, dimmed by `darkness`;
 * - `tint`: the light's colour (tungsten is warm), a gain per channel;
 * - `gain`: the whole photo dimmer (a dim room: the camera's noise is raised separately);
 * - `vignette`: the lens's falloff toward the frame's corners (0–1).
 */
export type PhysicalLight = {
  sheen?: { at: Point; angleDeg: number; widthMm: number; strength: number };
  dropShadow?: { offsetMm: Point; softMm: number; darkness: number };
  occluder?: { at: Point; angleDeg: number; softPx: number; darkness: number };
  tint?: Rgb;
  gain?: number;
  vignette?: number;
};

export function randomConditions(rnd: Random, over: Partial<PhotoConditions> = {}): PhotoConditions {
  const width = rnd.int(1200, 1400);
  const colors: Rgb[] = [
    [40, 40, 45],
    [70, 90, 60],
    [120, 80, 50],
    [30, 50, 90],
    [200, 200, 196],
    [150, 60, 60],
    [60, 60, 60],
  ];
  return {
    width,
    height: Math.round((width * 4) / 3),
    fill: rnd.range(0.55, 0.88),
    tiltDeg: rnd.range(0, 15),
    tiltDirectionDeg: rnd.range(0, 360),
    rotationDeg: rnd.range(-8, 8),
    offsetX: rnd.range(-0.8, 0.8),
    offsetY: rnd.range(-0.8, 0.8),
    background: { kind: rnd.pick(['plain', 'wood', 'fabric', 'speckled'] as const), color: rnd.pick(colors) },
    lightGradient: rnd.range(0, 0.35),
    blurSigma: rnd.range(0, 1.0),
    noiseSigma: rnd.range(1, 5),
    jpegQuality: rnd.int(75, 95),
    ...over,
  };
}

/** Card corners in mm, clockwise from top-left. */
export const CARD_CORNERS_MM: Point[] = [
  { x: 0, y: 0 },
  { x: CARD_WIDTH_MM, y: 0 },
  { x: CARD_WIDTH_MM, y: CARD_HEIGHT_MM },
  { x: 0, y: CARD_HEIGHT_MM },
];

/** Projects the card plane through a pinhole camera; returns mm → photo pixel homography. */
export function cameraHomography(c: PhotoConditions): Homography {
  const f = 1.1 * Math.max(c.width, c.height);
  const depth = (f * CARD_HEIGHT_MM) / (c.fill * c.height);
  const rot = (c.rotationDeg * Math.PI) / 180;
  const tilt = (c.tiltDeg * Math.PI) / 180;
  const dir = (c.tiltDirectionDeg * Math.PI) / 180;
  // Rotation about the axis (cos dir, sin dir, 0) in the card plane by `tilt` (Rodrigues).
  const kx = Math.cos(dir),
    ky = Math.sin(dir);
  const ct = Math.cos(tilt),
    st = Math.sin(tilt);
  const R = [
    [ct + kx * kx * (1 - ct), kx * ky * (1 - ct), ky * st],
    [kx * ky * (1 - ct), ct + ky * ky * (1 - ct), -kx * st],
    [-ky * st, kx * st, ct],
  ];
  const project = (p: Point): Point => {
    // In-plane rotation first, about the card centre.
    const x0 = p.x - CARD_WIDTH_MM / 2,
      y0 = p.y - CARD_HEIGHT_MM / 2;
    const x = x0 * Math.cos(rot) - y0 * Math.sin(rot),
      y = x0 * Math.sin(rot) + y0 * Math.cos(rot);
    const X = R[0][0] * x + R[0][1] * y;
    const Y = R[1][0] * x + R[1][1] * y;
    const Z = R[2][0] * x + R[2][1] * y + depth;
    return { x: (f * X) / Z, y: (f * Y) / Z };
  };
  const raw = CARD_CORNERS_MM.map(project);
  const minX = Math.min(...raw.map((p) => p.x)),
    maxX = Math.max(...raw.map((p) => p.x));
  const minY = Math.min(...raw.map((p) => p.y)),
    maxY = Math.max(...raw.map((p) => p.y));
  // Place the card inside the frame with a margin, at the requested offset of the free space.
  const margin = (c.margin ?? 0.03) * Math.min(c.width, c.height);
  const freeX = Math.max(0, c.width - 2 * margin - (maxX - minX));
  const freeY = Math.max(0, c.height - 2 * margin - (maxY - minY));
  const tx = margin + freeX * (0.5 + c.offsetX / 2) - minX;
  const ty = margin + freeY * (0.5 + c.offsetY / 2) - minY;
  return homographyFromPoints(
    CARD_CORNERS_MM,
    raw.map((p) => ({ x: p.x + tx, y: p.y + ty })),
  );
}

function backgroundAt(bg: Background, x: number, y: number, noise: () => number): Rgb {
  const [r, g, b] = bg.color;
  switch (bg.kind) {
    case 'plain':
      return [r, g, b];
    case 'wood': {
      const v = 0.85 + 0.15 * Math.sin(y * 0.05 + Math.sin(x * 0.01) * 3) + 0.05 * Math.sin(y * 0.9);
      return [r * v + 30, g * v + 15, b * v];
    }
    case 'fabric': {
      const v = 0.9 + 0.08 * Math.sin(x * 1.3) * Math.sin(y * 1.3) + 0.06 * noise();
      return [r * v, g * v, b * v];
    }
    case 'speckled': {
      const v = noise() > 0.97 ? 1.5 : 0.95 + 0.05 * noise();
      return [r * v, g * v, b * v];
    }
  }
}

function sampleTexture(tex: CardTexture, xMm: number, yMm: number, out: number[]): number {
  const fx = xMm * tex.pxPerMm - 0.5,
    fy = yMm * tex.pxPerMm - 0.5;
  if (fx < -1 || fy < -1 || fx > tex.width || fy > tex.height) return 0;
  const x0 = Math.max(0, Math.min(tex.width - 2, Math.floor(fx))),
    y0 = Math.max(0, Math.min(tex.height - 2, Math.floor(fy)));
  const tx = Math.min(1, Math.max(0, fx - x0)),
    ty = Math.min(1, Math.max(0, fy - y0));
  const w00 = (1 - tx) * (1 - ty),
    w10 = tx * (1 - ty),
    w01 = (1 - tx) * ty,
    w11 = tx * ty;
  const i00 = y0 * tex.width + x0,
    i10 = i00 + 1,
    i01 = i00 + tex.width,
    i11 = i01 + 1;
  const a = tex.alpha;
  const alpha = a[i00] * w00 + a[i10] * w10 + a[i01] * w01 + a[i11] * w11;
  for (let c = 0; c < 3; c++) {
    const rgb = tex.rgb;
    out[c] = rgb[i00 * 3 + c] * w00 + rgb[i10 * 3 + c] * w10 + rgb[i01 * 3 + c] * w01 + rgb[i11 * 3 + c] * w11;
  }
  return alpha;
}

/** Renders the photo; pixels near the card outline are supersampled 4×4 so the edge is exact. */
export async function renderPhoto(
  tex: CardTexture,
  c: PhotoConditions,
  rnd: Random,
): Promise<{ jpeg: Buffer; corners: Point[]; homography: Homography }> {
  const H = cameraHomography(c);
  const inv = invertHomography(H);
  const { width: W, height: Hh } = c;
  const out = new Uint8ClampedArray(W * Hh * 3);
  const px: number[] = [0, 0, 0];
  const noise = () => rnd.next();
  const bbox = CARD_CORNERS_MM.map((p) => applyHomography(H, p.x, p.y));
  const minX = Math.floor(Math.min(...bbox.map((p) => p.x))) - 2,
    maxX = Math.ceil(Math.max(...bbox.map((p) => p.x))) + 2;
  const minY = Math.floor(Math.min(...bbox.map((p) => p.y))) - 2,
    maxY = Math.ceil(Math.max(...bbox.map((p) => p.y))) + 2;
  const mmPerPx = CARD_HEIGHT_MM / (c.fill * c.height);
  const lit = c.light ?? {};
  const light = (x: number, y: number) => {
    let l = 1 - c.lightGradient * (0.6 * (x / W) + 0.4 * (y / Hh)) + c.lightGradient * 0.3;
    if (lit.vignette) l *= 1 - lit.vignette * ((2 * x) / W - 1) ** 2 * 0.5 - lit.vignette * ((2 * y) / Hh - 1) ** 2 * 0.5;
    if (lit.occluder) {
      const { at, angleDeg, softPx, darkness } = lit.occluder;
      const a = (angleDeg * Math.PI) / 180;
      const beyond = (x - at.x * W) * Math.cos(a) + (y - at.y * Hh) * Math.sin(a);
      l *= 1 - darkness * Math.min(1, Math.max(0, 0.5 + beyond / softPx));
    }
    return l * (lit.gain ?? 1);
  };
  const tint = lit.tint ?? [1, 1, 1];
  // The desk under a lifted card: 1 far from its shadow, 1 - darkness under it, soft in between.
  const deskLight = (p: Point) => {
    if (!lit.dropShadow) return 1;
    const { offsetMm, softMm, darkness } = lit.dropShadow;
    const d = roundedRectDistance(p.x - offsetMm.x, p.y - offsetMm.y);
    return 1 - darkness * Math.min(1, Math.max(0, 0.5 - d / softMm));
  };
  // The sheen's strength at a card point (mm).
  const sheenAt = (p: Point) => {
    if (!lit.sheen) return 0;
    const { at, angleDeg, widthMm, strength } = lit.sheen;
    const a = (angleDeg * Math.PI) / 180;
    const across = (p.x - at.x) * -Math.sin(a) + (p.y - at.y) * Math.cos(a);
    return strength * Math.exp(-((across / widthMm) ** 2));
  };
  const shadowReach = lit.dropShadow
    ? (Math.hypot(lit.dropShadow.offsetMm.x, lit.dropShadow.offsetMm.y) + lit.dropShadow.softMm) / mmPerPx
    : 0;
  for (let y = 0; y < Hh; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      const bg = backgroundAt(c.background, x, y, noise);
      const nearCard = x >= minX - shadowReach && x <= maxX + shadowReach && y >= minY - shadowReach && y <= maxY + shadowReach;
      if (lit.dropShadow && nearCard) {
        const under = deskLight(applyHomography(inv, x + 0.5, y + 0.5));
        bg[0] *= under;
        bg[1] *= under;
        bg[2] *= under;
      }
      let r = bg[0],
        g = bg[1],
        b = bg[2];
      if (x >= minX && x <= maxX && y >= minY && y <= maxY) {
        const centre = applyHomography(inv, x + 0.5, y + 0.5);
        const edgeDistance = roundedRectDistance(centre.x, centre.y);
        let a = 0;
        if (edgeDistance < -2 * mmPerPx) {
          a = sampleTexture(tex, centre.x, centre.y, px);
          r = px[0]!;
          g = px[1]!;
          b = px[2]!;
        } else if (edgeDistance < 2 * mmPerPx) {
          // Within two pixels of the outline: 4×4 supersampling gives the true partial coverage.
          let sr = 0,
            sg = 0,
            sb = 0;
          for (let sy = 0; sy < 4; sy++)
            for (let sx = 0; sx < 4; sx++) {
              const p = applyHomography(inv, x + (sx + 0.5) / 4, y + (sy + 0.5) / 4);
              const aa = sampleTexture(tex, p.x, p.y, px);
              a += aa / 16;
              sr += px[0] * aa + bg[0] * (1 - aa);
              sg += px[1] * aa + bg[1] * (1 - aa);
              sb += px[2] * aa + bg[2] * (1 - aa);
            }
          r = sr / 16;
          g = sg / 16;
          b = sb / 16;
        }
        const sheen = a > 0 ? sheenAt(centre) * a : 0;
        if (sheen > 0) {
          r += (255 - r) * sheen;
          g += (255 - g) * sheen;
          b += (255 - b) * sheen;
        }
        if (c.specular && a > 0) {
          const d = Math.hypot(centre.x - c.specular.x, centre.y - c.specular.y) / c.specular.radiusMm;
          if (d < 1.3) {
            const t = d < 1 ? 1 : (1.3 - d) / 0.3;
            r += (255 - r) * t;
            g += (255 - g) * t;
            b += (255 - b) * t;
          }
        }
      }
      const l = light(x, y);
      out[o] = r * l * tint[0];
      out[o + 1] = g * l * tint[1];
      out[o + 2] = b * l * tint[2];
    }
  }
  let img = sharp(Buffer.from(out.buffer), { raw: { width: W, height: Hh, channels: 3 } });
  if (c.blurSigma >= 0.3) img = img.blur(c.blurSigma);
  const blurred = await img.raw().toBuffer();
  for (let i = 0; i < blurred.length; i++) blurred[i] = Math.max(0, Math.min(255, blurred[i] + rnd.normal() * c.noiseSigma));
  const jpeg = await sharp(blurred, { raw: { width: W, height: Hh, channels: 3 } })
    .jpeg({ quality: c.jpegQuality })
    .toBuffer();
  return { jpeg, corners: bbox, homography: H };
}

/**
 * Evidence images: each photo with the card's outline as found, the straightened faces with what was measured drawn on them, 8 corner crops and
 * 8 edge strips. Drawn as SVG over the rectified pixels and encoded by sharp.
 */
import sharp from 'sharp';
import { rectify } from './card-view';
import { cornerOrigin } from './corners';
import { edgeLength, edgePoint } from './edges';
import type { FaceAnalysis } from './face';
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './geometry';
import { outlineSvg } from './detection-preview';

export type EvidenceImages = Record<string, Buffer>;
const SEVERITY_COLOR = { major: '#dc2626', moderate: '#f97316', minor: '#eab308' } as const;
const scoreColor = (score: number) => (score >= 9.5 ? '#16a34a' : score >= 8.5 ? '#eab308' : score >= 7 ? '#f97316' : '#dc2626');

async function png(rgb: { width: number; height: number; data: Uint8Array | Uint8ClampedArray }, svg: string): Promise<Buffer> {
  return sharp(Buffer.from(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength), {
    raw: { width: rgb.width, height: rgb.height, channels: 3 },
  })
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

function faceSvg(a: FaceAnalysis, s: number, w: number, h: number): string {
  const parts: string[] = [];
  const c = a.centering;
  if (c.measurable) {
    const { left, right, top, bottom } = c.sides;
    parts.push(
      `<rect x="${left.widthMm * s}" y="${top.widthMm * s}" width="${(CARD_WIDTH_MM - left.widthMm - right.widthMm) * s}" height="${(CARD_HEIGHT_MM - top.widthMm - bottom.widthMm) * s}" fill="none" stroke="#d946ef" stroke-width="2" stroke-dasharray="6 4"/>`,
    );
    parts.push(
      label(
        w / 2,
        18,
        `L/R ${Math.round(c.horizontal)}/${100 - Math.round(c.horizontal)}   T/B ${Math.round(c.vertical)}/${100 - Math.round(c.vertical)}`,
        '#a21caf',
      ),
    );
  } else parts.push(label(w / 2, 18, 'Centering not measurable', '#475569'));
  for (const corner of a.corners) {
    const o = cornerOrigin(corner.corner);
    const x = o.x * s + o.sx * 4 * s,
      y = o.y * s + o.sy * 4 * s;
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${2.6 * s}" fill="white" fill-opacity="0.85" stroke="${scoreColor(corner.score)}" stroke-width="3"/>`,
    );
    parts.push(
      `<text x="${x}" y="${y + 5}" font-size="${Math.round(1.8 * s)}" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#0f172a">${corner.score.toFixed(1)}</text>`,
    );
  }
  for (const edge of a.edges)
    for (const chip of edge.chips) {
      const p = edgePoint(edge.edge, chip.atMm, 0.4);
      parts.push(
        `<circle cx="${p.x * s}" cy="${p.y * s}" r="${(chip.lengthMm / 2 + 1) * s}" fill="none" stroke="${SEVERITY_COLOR.moderate}" stroke-width="3"/>`,
      );
    }
  for (const issue of a.surface.issues)
    parts.push(
      `<line x1="${issue.from.xMm * s}" y1="${issue.from.yMm * s}" x2="${issue.to.xMm * s}" y2="${issue.to.yMm * s}" stroke="${SEVERITY_COLOR[issue.severity]}" stroke-width="5" stroke-opacity="0.7" stroke-linecap="round"/>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`;
}

function label(x: number, y: number, text: string, color: string, size = 15) {
  return `<text x="${x}" y="${y}" font-size="${size}" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="white" stroke="${color}" stroke-width="4" paint-order="stroke">${text}</text>`;
}

/** Long side of the outline evidence image, px. */
const OUTLINE_LONG_SIDE = 1000;

/**
 * The photo as analysed (upright; a scan's backdrop band cropped off), downscaled, with the outline the
 * engine measured drawn on it: anyone can check where the card was found.
 */
async function outlineEvidence(a: FaceAnalysis): Promise<Buffer> {
  const { img } = a.view;
  const { widthPx, heightPx, origin } = a.checks;
  // The part of the analysed image that is the photo: not a scan's backdrop band, and a listing's
  // canvas was never in it. The outline is drawn in that part's pixels.
  const left = Math.max(0, Math.round(-origin.x)),
    top = Math.max(0, Math.round(-origin.y));
  const width = Math.min(img.width - left, Math.round(widthPx - origin.x) - left),
    height = Math.min(img.height - top, Math.round(heightPx - origin.y) - top);
  const corners = a.checks.corners.map((p) => ({ x: p.x - origin.x - left, y: p.y - origin.y - top })) as typeof a.checks.corners;
  const s = Math.min(1, OUTLINE_LONG_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * s)),
    h = Math.max(1, Math.round(height * s));
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .extract({ left, top, width, height })
    .resize(w, h, { fit: 'fill' })
    .composite([{ input: Buffer.from(outlineSvg(corners, w, h, s)), top: 0, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function renderEvidence(faces: FaceAnalysis[]): Promise<EvidenceImages> {
  const out: EvidenceImages = {};
  for (const a of faces) {
    out[`${a.face}Outline`] = await outlineEvidence(a);
    const s = 8;
    const img = rectify(a.view, s);
    // The straightened face before anything is drawn on it: the back-office's Image Adjustments tab
    // shows original → straightened → annotated for each face.
    const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="${img.width}" height="${img.height}"></svg>`;
    out[`${a.face}Straightened`] = await png(img, blank);
    // The same face at full light: every contrast the engine measured was divided by this gain.
    const gain = a.checks.exposure.gain;
    const normalised = new Uint8ClampedArray(img.data.length);
    for (let i = 0; i < img.data.length; i++) normalised[i] = img.data[i] / gain;
    out[`${a.face}Normalised`] = await png({ width: img.width, height: img.height, data: normalised }, blank);
    out[`${a.face}Annotated`] = await png(img, faceSvg(a, s, img.width, img.height));
    // Corner crops: 7 mm squares at 24 px/mm with the analysed band outlined.
    for (const corner of a.corners) {
      const o = cornerOrigin(corner.corner);
      const size = 7,
        z = 24;
      const x0 = o.sx > 0 ? -0.5 : CARD_WIDTH_MM - size + 0.5,
        y0 = o.sy > 0 ? -0.5 : CARD_HEIGHT_MM - size + 0.5;
      const crop = rectify(a.view, z, { x0, y0, x1: x0 + size, y1: y0 + size });
      const cx = (o.x - x0 + o.sx * 3) * z,
        cy = (o.y - y0 + o.sy * 3) * z;
      // Score above, findings below: "whitening + rounding" alone is as wide as the 7 mm crop.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${crop.width}" height="${crop.height}"><circle cx="${cx}" cy="${cy}" r="${2.4 * z}" fill="none" stroke="${scoreColor(corner.score)}" stroke-width="3" stroke-dasharray="8 5"/>${label(crop.width / 2, crop.height - 28, corner.score.toFixed(1), scoreColor(corner.score))}${label(crop.width / 2, crop.height - 10, corner.issues.join(' + ') || 'clean', scoreColor(corner.score), 13)}</svg>`;
      out[`${a.face}${corner.corner}Corner`] = await png(crop, svg);
    }
    // Edge strips: the outer 3 mm of each edge at 10 px/mm, laid out along the edge.
    for (const edge of a.edges) {
      const z = 10,
        depth = 3,
        len = edgeLength(edge.edge);
      const p0 = edgePoint(edge.edge, 0, 0),
        p1 = edgePoint(edge.edge, len, depth);
      const region = {
        x0: Math.min(p0.x, p1.x) - 0.3,
        y0: Math.min(p0.y, p1.y) - 0.3,
        x1: Math.max(p0.x, p1.x) + 0.3,
        y1: Math.max(p0.y, p1.y) + 0.3,
      };
      const strip = rectify(a.view, z, region);
      const marks = edge.chips
        .map((ch) => {
          const p = edgePoint(edge.edge, ch.atMm, 0.5);
          return `<circle cx="${(p.x - region.x0) * z}" cy="${(p.y - region.y0) * z}" r="${(ch.lengthMm / 2 + 1) * z}" fill="none" stroke="${SEVERITY_COLOR.moderate}" stroke-width="3"/>`;
        })
        .join('');
      out[`${a.face}${edge.edge}Edge`] = await png(
        strip,
        `<svg xmlns="http://www.w3.org/2000/svg" width="${strip.width}" height="${strip.height}">${marks}</svg>`,
      );
    }
  }
  return out;
}

/**
 * The labelled one-card and sleeve photos tilted further (issue 22, item 3: a front shot at up to 25° tilt
 * is graded, its outline right). Each photo is taken as a plane at the focal distance of a phone camera
 * (0.8 long sides) and turned by 15° and 25° about the horizontal and the vertical axis through the
 * photo's centre, the camera kept where it was: what a collector gets by holding the phone at a slant.
 * Beyond the old frame the nearest edge pixels are repeated (table, as a wider photo would show). A copy
 * whose card leaves the frame, or comes within 1 mm of it, is skipped: it is no longer whole in frame.
 */
import sharp from 'sharp';
import { EngineRefusal, analyseFace, applyHomography, homographyFromPoints, invertHomography, type Point } from '../../src/engine';
import { sampleRgb, type RgbImage } from '../../src/engine/image';
import { outlineErrorPercent, readRealPhoto, type Corner, type RealPhoto } from '../../src/card-fixtures/real-photos';

const TILTS_DEG = [15, 25];
const AXES = ['horizontal', 'vertical'] as const;
/** A phone's main camera: focal length over the photo's long side. */
const FOCAL_PER_LONG_SIDE = 0.8;

/** `img` as seen after its plane turns by `deg` about the axis through its centre. */
export function tilt(img: RgbImage, deg: number, axis: (typeof AXES)[number]) {
  const { width: w, height: h } = img;
  const f = FOCAL_PER_LONG_SIDE * Math.max(w, h),
    cx = w / 2,
    cy = h / 2;
  const c = Math.cos((deg * Math.PI) / 180),
    s = Math.sin((deg * Math.PI) / 180);
  // A point of the plane, relative to its centre, turned, then projected from the camera at distance f.
  const project = ({ x, y }: Point): Point => {
    const [X, Y, Z] = axis === 'horizontal' ? [x - cx, c * (y - cy), s * (y - cy) + f] : [c * (x - cx), y - cy, -s * (x - cx) + f];
    return { x: (f * X) / Z + cx, y: (f * Y) / Z + cy };
  };
  const frame = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
  const toPhoto = homographyFromPoints(frame, frame.map(project));
  const fromPhoto = invertHomography(toPhoto);
  const data = new Uint8ClampedArray(w * h * 3);
  const rgb = [0, 0, 0];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = applyHomography(fromPhoto, x + 0.5, y + 0.5);
      sampleRgb(img, p.x - 0.5, p.y - 0.5, rgb);
      data.set(rgb, (y * w + x) * 3);
    }
  return { data, toPhoto };
}

export async function benchTiltedCopies(
  photos: RealPhoto[],
  dir: string,
  { outlineLimitPercent, minCardLongSide }: { outlineLimitPercent: number; minCardLongSide: number },
): Promise<void> {
  let copies = 0,
    right = 0,
    skipped = 0;
  const wrong: string[] = [];
  const labelled = photos.filter(
    (p) =>
      p.corners && (p.situation.startsWith('one card') || p.situation === 'in sleeve') && (p.card_long_side_px ?? 0) >= minCardLongSide,
  );
  for (const p of labelled) {
    const { data, info } = await sharp(readRealPhoto(dir, p)).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const img: RgbImage = { width: info.width, height: info.height, data, channels: 3 };
    const truth = p.corners as Record<Corner, [number, number]>;
    const pxPerMm = Math.hypot(truth.TL[0] - truth.BR[0], truth.TL[1] - truth.BR[1]) / Math.hypot(63, 88);
    for (const deg of TILTS_DEG)
      for (const axis of AXES) {
        const tilted = tilt(img, deg, axis);
        const corners = Object.fromEntries(
          Object.entries(truth).map(([k, [x, y]]) => {
            const q = applyHomography(tilted.toPhoto, x, y);
            return [k, [q.x, q.y]];
          }),
        ) as Record<Corner, [number, number]>;
        if (Object.values(corners).some(([x, y]) => x < pxPerMm || y < pxPerMm || x > img.width - pxPerMm || y > img.height - pxPerMm)) {
          skipped++;
          continue;
        }
        copies++;
        const jpeg = await sharp(tilted.data, { raw: { width: img.width, height: img.height, channels: 3 } })
          .jpeg({ quality: 92 })
          .toBuffer();
        const name = `${p.file.replace(/^images\//, '')} turned ${deg}° about the ${axis} axis`;
        try {
          const error = outlineErrorPercent((await analyseFace('front', jpeg)).checks.corners, corners)[0];
          if (error <= outlineLimitPercent) right++;
          else wrong.push(`${name}: graded, outline ${error.toFixed(1)} % off`);
        } catch (err) {
          if (!(err instanceof EngineRefusal)) throw err;
          wrong.push(`${name}: ${err.code}`);
        }
      }
  }
  console.log(
    `\nTilted further (the labelled one-card and sleeve photos turned ${TILTS_DEG.join('° and ')}° about either axis, a phone's focal length):\n` +
      `  ${right}/${copies} graded with every corner within ${outlineLimitPercent} % (${skipped} copies skipped: the card left the frame)`,
  );
  for (const w of wrong) console.log(`    ${w}`);
}

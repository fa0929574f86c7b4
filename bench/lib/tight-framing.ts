/**
 * The labelled one-card photos framed tightly (issue 22: `card_cut_off` only when a corner truly leaves the
 * frame, and a card the frame cuts is never graded). Each photo upright is cropped on one side at a time
 * so the frame's edge lies a distance from the card's outermost labelled corner on that side: 0.5 mm
 * outside it (the card whole, with a hair of table: it should be graded, outline within 1.5 %) and 0.5,
 * 1 and 2 mm inside it (the frame cuts the card: it should be refused, never graded).
 */
import sharp from 'sharp';
import { EngineRefusal, analyseFace } from '../../src/engine';
import { outlineErrorPercent, readRealPhoto, type RealPhoto } from '../../src/card-fixtures/real-photos';

const SIDES = ['left', 'top', 'right', 'bottom'] as const;
/** Where the frame's edge lies, mm inside the card's outermost corner on that side (negative: outside it). */
const IN_FRAME_MM = -0.5;
const CUT_MM = [0.5, 1, 2];
const CARD_DIAGONAL_MM = Math.hypot(63, 88);
const OUTLINE_LIMIT_PERCENT = 1.5;

export async function benchTightFraming(photos: RealPhoto[], dir: string): Promise<void> {
  let inFrame = 0,
    inFrameRight = 0,
    cut = 0,
    cutGraded = 0;
  const cutCodes: Record<string, number> = {};
  const wrong: string[] = [];
  for (const p of photos.filter((x) => x.corners && x.situation.startsWith('one card') && (x.card_long_side_px ?? 0) >= 500)) {
    const upright = await sharp(readRealPhoto(dir, p)).rotate().toBuffer({ resolveWithObject: true });
    const c = Object.values(p.corners!);
    const pxPerMm = Math.hypot(c[0][0] - c[2][0], c[0][1] - c[2][1]) / CARD_DIAGONAL_MM;
    const [xs, ys] = [c.map((q) => q[0]), c.map((q) => q[1])];
    for (const side of SIDES)
      for (const mm of [IN_FRAME_MM, ...CUT_MM]) {
        const box = { left: 0, top: 0, right: upright.info.width, bottom: upright.info.height };
        if (side === 'left') box.left = Math.round(Math.min(...xs) + mm * pxPerMm);
        if (side === 'top') box.top = Math.round(Math.min(...ys) + mm * pxPerMm);
        if (side === 'right') box.right = Math.round(Math.max(...xs) - mm * pxPerMm);
        if (side === 'bottom') box.bottom = Math.round(Math.max(...ys) - mm * pxPerMm);
        // A crop the photo cannot give (the card already that close to its edge) is left out.
        if (box.left <= 0 && side === 'left') continue;
        if (box.top <= 0 && side === 'top') continue;
        if (box.right >= upright.info.width && side === 'right') continue;
        if (box.bottom >= upright.info.height && side === 'bottom') continue;
        const buf = await sharp(upright.data)
          .extract({ left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top })
          .jpeg({ quality: 92 })
          .toBuffer();
        const shifted = Object.fromEntries(Object.entries(p.corners!).map(([k, [x, y]]) => [k, [x - box.left, y - box.top]]));
        let outcome: string;
        try {
          const a = await analyseFace('front', buf);
          outcome = `graded, outline ${outlineErrorPercent(a.checks.corners, shifted as typeof p.corners & object)[0].toFixed(1)} % off`;
        } catch (err) {
          if (!(err instanceof EngineRefusal)) throw err;
          outcome = err.code;
        }
        const graded = outcome.startsWith('graded');
        if (mm === IN_FRAME_MM) {
          inFrame++;
          const right = graded && parseFloat(outcome.slice(16)) <= OUTLINE_LIMIT_PERCENT;
          if (right) inFrameRight++;
        } else {
          cut++;
          if (graded) {
            cutGraded++;
            wrong.push(`${p.file.replace(/^images\//, '')} cut ${mm} mm at the ${side}: ${outcome}`);
          } else cutCodes[outcome] = (cutCodes[outcome] ?? 0) + 1;
        }
      }
  }
  const codes = Object.entries(cutCodes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(
    `\nTight framing (the labelled one-card photos cropped on one side at a time):\n` +
      `  0.5 mm of table beyond the card's corner: ${inFrameRight}/${inFrame} graded with every corner within ${OUTLINE_LIMIT_PERCENT} %\n` +
      `  the frame cutting 0.5, 1 or 2 mm into the card: ${cutGraded}/${cut} graded (want 0); refused ${codes}`,
  );
  for (const w of wrong) console.log(`    graded though cut: ${w}`);
}

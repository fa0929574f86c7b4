/**
 * The labelled one-card photos framed tightly (issue 22: `card_cut_off` only when a corner truly leaves the
 * frame, and a card the frame cuts is never graded). Each photo upright is cropped on one side at a time
 * so the frame's edge lies a distance from the card's outermost labelled corner on that side: 0.5 mm
 * outside it (the card whole, with a hair of table: it should be graded, outline within 1.5 %) and 0.5,
 * 1 and 2 mm inside it (the frame cuts the card: it should be refused, never graded).
 */
import { EngineRefusal, analyseFace } from '../../src/engine';
import { framedAt, isLabelled, outlineErrorPercent, type RealPhoto, type RealPhotoGoal } from '../../src/card-fixtures/real-photos';

const SIDES = ['left', 'top', 'right', 'bottom'] as const;
/** Where the frame's edge lies, mm inside the card's outermost corner on that side (negative: outside it). */
const IN_FRAME_MM = -0.5;
const CUT_MM = [0.5, 1, 2];

/** `outlineLimitPercent` and `minCardLongSide`: the real-photo bench's own goal (issue 22). */
export async function benchTightFraming(
  photos: RealPhoto[],
  dir: string,
  { outlineLimitPercent, minCardLongSide }: RealPhotoGoal,
): Promise<void> {
  let inFrame = 0,
    inFrameRight = 0,
    cut = 0,
    cutGraded = 0;
  const cutCodes: Record<string, number> = {};
  const wrong: string[] = [];
  const missed: string[] = [];
  for (const p of photos
    .filter(isLabelled)
    .filter((x) => x.situation.startsWith('one card') && (x.card_long_side_px ?? 0) >= minCardLongSide))
    for (const side of SIDES)
      for (const mm of [IN_FRAME_MM, ...CUT_MM]) {
        const framed = await framedAt(dir, p, side, mm);
        if (!framed) continue;
        // The outline's worst corner (% of the diagonal) when graded, else the refusal's code.
        let outcome: number | string;
        try {
          const a = await analyseFace('front', framed.buf);
          outcome = outlineErrorPercent(a.checks.corners, framed.corners)[0];
        } catch (err) {
          if (!(err instanceof EngineRefusal)) throw err;
          outcome = err.code;
        }
        if (mm === IN_FRAME_MM) {
          inFrame++;
          if (typeof outcome === 'number' && outcome <= outlineLimitPercent) inFrameRight++;
          else
            missed.push(
              `${p.file.replace(/^images\//, '')} framed 0.5 mm beyond the card at the ${side}: ${typeof outcome === 'number' ? `graded, outline ${outcome.toFixed(1)} % off` : outcome}`,
            );
        } else {
          cut++;
          if (typeof outcome === 'number') {
            cutGraded++;
            wrong.push(`${p.file.replace(/^images\//, '')} cut ${mm} mm at the ${side}: graded, outline ${outcome.toFixed(1)} % off`);
          } else cutCodes[outcome] = (cutCodes[outcome] ?? 0) + 1;
        }
      }
  const codes = Object.entries(cutCodes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(
    `\nTight framing (the labelled one-card photos cropped on one side at a time):\n` +
      `  0.5 mm of table beyond the card's corner: ${inFrameRight}/${inFrame} graded with every corner within ${outlineLimitPercent} %\n` +
      `  the frame cutting 0.5, 1 or 2 mm into the card: ${cutGraded}/${cut} graded (want 0); refused ${codes}`,
  );
  for (const m of missed) console.log(`    not graded within ${outlineLimitPercent} %: ${m}`);
  for (const w of wrong) console.log(`    graded though cut: ${w}`);
}

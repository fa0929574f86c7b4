/**
 * One altered copy of a labelled photo (tilted, made small, turned in the frame) analysed as grading
 * does: null when it is graded with every corner within the limit, else a line saying what came of it.
 * `noHolder`: the copy shows a bare card, so a holder named is wrong too (a listing canvas's edge read
 * as a toploader's wall).
 */
import { EngineRefusal, analyseFace } from '../../src/engine';
import { outlineErrorPercent, type Corner } from '../../src/card-fixtures/real-photos';

export async function copyOutcome(
  name: string,
  copy: { buf: Buffer; corners: Record<Corner, [number, number]> },
  outlineLimitPercent: number,
  { noHolder = false } = {},
): Promise<string | null> {
  try {
    const { checks } = await analyseFace('front', copy.buf);
    const error = outlineErrorPercent(checks.corners, copy.corners)[0];
    const holder = noHolder ? checks.holder : null;
    if (error <= outlineLimitPercent && !holder) return null;
    return `${name}: graded, outline ${error.toFixed(1)} % off${holder ? `, holder ${holder}` : ''}`;
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    return `${name}: ${err.code}${err.detail ? ` (${err.detail})` : ''}`;
  }
}

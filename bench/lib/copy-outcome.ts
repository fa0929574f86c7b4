/**
 * One altered copy of a labelled photo (tilted, made small, turned in the frame) analysed as grading
 * does: null when it is graded with every corner within the limit, else a line saying what came of it.
 */
import { EngineRefusal, analyseFace } from '../../src/engine';
import { outlineErrorPercent, type Corner } from '../../src/card-fixtures/real-photos';

export async function copyOutcome(
  name: string,
  copy: { buf: Buffer; corners: Record<Corner, [number, number]> },
  outlineLimitPercent: number,
): Promise<string | null> {
  try {
    const error = outlineErrorPercent((await analyseFace('front', copy.buf)).checks.corners, copy.corners)[0];
    return error <= outlineLimitPercent ? null : `${name}: graded, outline ${error.toFixed(1)} % off`;
  } catch (err) {
    if (!(err instanceof EngineRefusal)) throw err;
    return `${name}: ${err.code}${err.detail ? ` (${err.detail})` : ''}`;
  }
}

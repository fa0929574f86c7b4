/** Finding and tracing the card in a decoded photo: sharp-free, so the browser's capture guide runs it too. */
import type { Face } from '@contract/grading-report';
import { detectByEdges, type Quad } from './detect';
import { MAX_CLIPPED_PERCENT, MIN_WHITE_LEVEL } from './exposure';
import { EngineRefusal } from './refusal';
import type { PreparedPhoto } from './scan';
import { traceCard, type Trace, type TraceOptions } from './trace';

/**
 * Traces the card from the colour detector's quad; when that trace finds no card edge there (on a real
 * photo the colour mask can hold a shadow or miss a dark border, leaving the quad a few per cent off),
 * from the outline of strong edges instead, if there is one elsewhere. The first refusal stands otherwise.
 */
export function traceDetected(decoded: PreparedPhoto, quad: Quad, face: Face, options: TraceOptions = {}): Trace {
  try {
    return traceCard(decoded, quad, face, options);
  } catch (err) {
    if (!(err instanceof EngineRefusal) || err.code !== 'no_card_found') throw err;
    const byEdges = detectByEdges(decoded.small, face);
    if (!byEdges || byEdges.quad.every((p, i) => Math.hypot(p.x - quad[i].x, p.y - quad[i].y) < 1)) throw err;
    try {
      return traceCard(decoded, byEdges.quad, face, options);
    } catch (second) {
      // What the edges say beats the colour pass's failure only when it is a finding of its own.
      if (second instanceof EngineRefusal && second.code === 'several_cards') throw second;
      throw err;
    }
  }
}

/** Share of the card clipped to white above which a retake is advised (the surface under it is not measured). */
export const MAX_SATURATED_PERCENT = 1.5;
/** Blur limit: the 10–90% rise across the cut edge may spread over at most this many pixels. */
export const maxEdgeWidthPx = (pxPerMm: number) => Math.max(6, 0.4 * pxPerMm);

/**
 * The traced photo's own refusals: blur, overexposure, darkness. `maxEdge` is the blur limit in this
 * photo's pixels (the capture guide passes the full-resolution limit scaled down to its frame).
 */
export function checkPhotoQuality(t: Trace, face: Face, maxEdge = maxEdgeWidthPx(t.view.pxPerMm)): void {
  const { refined, exposure } = t;
  if (refined.edgeWidthPx > maxEdge) throw new EngineRefusal('too_blurry', face, `edges spread over ${refined.edgeWidthPx.toFixed(1)} px`);
  if (exposure.saturatedPercent > MAX_CLIPPED_PERCENT)
    throw new EngineRefusal('too_bright', face, `${exposure.saturatedPercent.toFixed(0)}% of the card is clipped to white`);
  if (exposure.whiteLevel < MIN_WHITE_LEVEL)
    throw new EngineRefusal(
      'too_dark',
      face,
      `the card's whitest print reaches ${Math.round((100 * exposure.whiteLevel) / 255)}% brightness`,
    );
}

import { describe, expect, it } from 'vitest';
import type { FrameReading, Quad } from '../../../engine/browser';
import {
  AUTO_CAPTURE_MS,
  evaluateChecks,
  guideStep,
  nextHint,
  SIZE_MARGIN,
  startGuide,
  traceFrom,
  WHOLE_FRAME_MS,
  type CaptureLimits,
} from './capture-checks';

const LIMITS: CaptureLimits = { minPxPerMm: 6, minShortSidePx: 600, maxSaturatedPercent: 1.5, minWhiteLevel: 85, maxTiltDeg: 25 };
const STILL = { width: 3000, height: 4000 };
const quad = (dx = 0): Quad => [
  { x: 100 + dx, y: 100 },
  { x: 400 + dx, y: 100 },
  { x: 400 + dx, y: 520 },
  { x: 100 + dx, y: 520 },
];
const good = (over: Partial<FrameReading> = {}): FrameReading => ({
  frame: { width: 480, height: 640 },
  refusal: null,
  corners: quad(),
  capturePxPerMm: 20,
  edgeWidthPx: 2,
  maxEdgeWidthPx: 3,
  saturatedPercent: 0.2,
  whiteLevel: 220,
  tiltDeg: 8,
  tracked: false,
  ...over,
});
const states = (r: FrameReading | null, still = STILL) => Object.fromEntries(evaluateChecks(r, still, LIMITS).map((c) => [c.id, c.state]));

describe('capture checks', () => {
  it('meets every check on a good reading', () => {
    expect(Object.values(states(good())).every((s) => s === 'met')).toBe(true);
  });

  it('waits for a card before judging the rest', () => {
    expect(states(null)).toEqual({
      found: 'unmet',
      inFrame: 'pending',
      size: 'pending',
      sharp: 'pending',
      glare: 'pending',
      light: 'pending',
      tilt: 'pending',
    });
    const several = evaluateChecks(good({ refusal: 'several_cards', capturePxPerMm: null }), STILL, LIMITS);
    expect(nextHint(several, false)).toBe('Show one card at a time.');
  });

  it('reads the engine refusals: cut off, blurred, washed out, dark', () => {
    expect(states(good({ refusal: 'card_cut_off', capturePxPerMm: null }))).toMatchObject({
      found: 'met',
      inFrame: 'unmet',
      size: 'pending',
    });
    expect(states(good({ refusal: 'too_blurry', edgeWidthPx: 5 }))).toMatchObject({ sharp: 'unmet', size: 'met' });
    expect(states(good({ refusal: 'too_bright', saturatedPercent: 30 }))).toMatchObject({ glare: 'unmet' });
    expect(states(good({ refusal: 'too_dark', whiteLevel: 60 }))).toMatchObject({ light: 'unmet' });
  });

  it("holds the engine's limits: glare spot, size with its margin, tilt, the still's short side", () => {
    expect(states(good({ saturatedPercent: 1.6 })).glare).toBe('unmet');
    expect(states(good({ saturatedPercent: 1.5 })).glare).toBe('met');
    expect(states(good({ capturePxPerMm: 6 * SIZE_MARGIN - 0.01 })).size).toBe('unmet');
    expect(states(good({ capturePxPerMm: 6 * SIZE_MARGIN })).size).toBe('met');
    expect(states(good({ tiltDeg: 26 })).tilt).toBe('unmet');
    expect(states(good(), { width: 480, height: 640 }).size).toBe('unmet');
    expect(states(good({ edgeWidthPx: 3.1 })).sharp).toBe('unmet');
  });

  it('says the first thing to change, in order', () => {
    const checks = evaluateChecks(good({ capturePxPerMm: 5, saturatedPercent: 4 }), STILL, LIMITS);
    expect(nextHint(checks, false)).toMatch(/^Move closer/);
    expect(nextHint(evaluateChecks(good({ saturatedPercent: 4 }), STILL, LIMITS), false)).toMatch(/^Tilt the phone to lose the glare/);
    expect(nextHint(evaluateChecks(good(), STILL, LIMITS), false)).toBe('Hold still…');
  });
});

describe('auto-capture', () => {
  /** Feeds readings every 100 ms; returns the time of the first capture, or null. */
  const run = (readings: FrameReading[], armed = true) => {
    let g = startGuide(armed);
    for (const [i, r] of readings.entries()) {
      const step = guideStep(g, r, i * 100, STILL, LIMITS);
      g = step.state;
      if (step.capture) return i * 100;
    }
    return null;
  };

  it('fires once every check has held and the card lain steady for the hold time', () => {
    const t = run(Array.from({ length: 20 }, () => good()));
    // Steady from the first reading (t = 0) on: the hold ends at 700 ms.
    expect(t).toBe(AUTO_CAPTURE_MS);
  });

  it('ignores jitter under 1 % of the diagonal, restarts on movement beyond it', () => {
    expect(run(Array.from({ length: 20 }, (_, i) => good({ corners: quad(i % 2 ? 3 : 0) })))).not.toBeNull();
    // 800 px diagonal: 10 px moves are over 1 % every other reading.
    expect(run(Array.from({ length: 20 }, (_, i) => good({ corners: quad(i % 2 ? 10 : 0) })))).toBeNull();
  });

  it('never fires on a lone good frame inside a blurred or glared stretch', () => {
    const stretch = Array.from({ length: 30 }, (_, i) => (i % 5 === 4 ? good() : good({ refusal: 'too_blurry', edgeWidthPx: 6 })));
    expect(run(stretch)).toBeNull();
    const glare = Array.from({ length: 30 }, (_, i) => good({ saturatedPercent: i % 7 === 0 ? 0.5 : 3 }));
    expect(run(glare)).toBeNull();
  });

  it('after the first face, waits for the card to move (be turned over) before firing', () => {
    expect(
      run(
        Array.from({ length: 30 }, () => good()),
        false,
      ),
    ).toBeNull();
    const turned = [
      ...Array.from({ length: 5 }, () => good()),
      good({ corners: null, refusal: 'no_card_found' }),
      ...Array.from({ length: 20 }, () => good()),
    ];
    // The card is back at 600 ms; it has lain steady for the hold time at 1300 ms.
    expect(run(turned, false)).toBe(600 + AUTO_CAPTURE_MS);
  });

  it('fires only once a whole-frame reading (with detection) held during the hold, not on traced-on readings alone', () => {
    // Read whole while the card moved in, then traced on once it lay still: detection never confirmed it in the hold.
    const traced = Array.from({ length: 20 }, (_, i) =>
      i < 3 ? good({ corners: quad(i * 20) }) : good({ corners: quad(60), tracked: true }),
    );
    expect(run(traced)).toBeNull();
    // A whole-frame reading every fourth: the hold ends at 700 ms, with whole-frame readings inside it.
    expect(run(Array.from({ length: 20 }, (_, i) => good({ tracked: i % 4 !== 0 })))).toBe(AUTO_CAPTURE_MS);
  });
});

describe('tracing on from the previous outline', () => {
  const after = (readings: FrameReading[]) => {
    let g = startGuide(true);
    for (const [i, r] of readings.entries()) g = guideStep(g, r, i * 100, STILL, LIMITS).state;
    return g;
  };

  it('traces on from a traced card, with a whole-frame reading at least every WHOLE_FRAME_MS', () => {
    const g = after([good()]);
    expect(traceFrom(startGuide(true), 0)).toBeNull();
    expect(traceFrom(g, 100)).toEqual(quad());
    expect(traceFrom(g, WHOLE_FRAME_MS)).toBeNull();
    // Traced-on readings do not renew the whole-frame reading.
    expect(traceFrom(after([good(), good({ tracked: true }), good({ tracked: true })]), WHOLE_FRAME_MS)).toBeNull();
  });

  it('reads the whole frame again after a reading that did not trace the card', () => {
    expect(traceFrom(after([good(), good({ refusal: 'card_cut_off', capturePxPerMm: null })]), 200)).toBeNull();
    expect(traceFrom(after([good(), good({ refusal: 'no_card_found', corners: null, capturePxPerMm: null })]), 200)).toBeNull();
    // A blurred frame was traced: the next traces on from it.
    expect(traceFrom(after([good(), good({ refusal: 'too_blurry', edgeWidthPx: 6 })]), 200)).toEqual(quad());
  });
});

import { describe, expect, it } from 'vitest';
import { createRandom } from '../card-fixtures/synthetic/random';
import { kthSmallest, percentile, twoCardsWhere } from './geometry';

/** The percentile a full sort gives (the definition selection must match exactly). */
function sortedPercentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const idx = (s.length - 1) * q;
  const lo = Math.floor(idx),
    hi = Math.ceil(idx);
  return s[lo] + (s[hi] - s[lo]) * (idx - lo);
}

describe('percentiles by selection', () => {
  const random = createRandom(11);
  // Gradients and colours: many ties (whole levels, zeros off the edges) as well as spread values.
  const samples = [
    Array.from({ length: 5000 }, () => random.range(-50, 300)),
    Array.from({ length: 4001 }, () => Math.round(random.range(0, 12))),
    Array.from({ length: 7 }, () => random.range(0, 1)),
    [42],
  ];

  it('gives exactly what sorting gives, ties and interpolation included', () => {
    for (const values of samples)
      for (const q of [0, 0.1, 0.5, 0.85, 0.99, 1]) expect(percentile(values, q)).toBe(sortedPercentile(values, q));
  });

  it('picks the k-th smallest of a typed array as a sort would place it', () => {
    const values = Float32Array.from(samples[0]);
    const sorted = Float32Array.from(values).sort();
    for (const k of [0, 1, 2500, 4250, 4999]) expect(kthSmallest(Float32Array.from(values), k)).toBe(sorted[k]);
  });

  it('has no percentile of nothing', () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('where two cards lie, in words', () => {
  it('names each part of the frame when they differ', () => {
    expect(twoCardsWhere({ x: 100, y: 500 }, { x: 900, y: 500 }, 1000, 1000)).toBe(
      'one card lies toward the left and another toward the right of the photo',
    );
  });
  it('says two cards share a part of the frame, side by side or one above the other', () => {
    expect(twoCardsWhere({ x: 100, y: 300 }, { x: 200, y: 700 }, 1000, 1000)).toBe(
      'two cards lie toward the left of the photo, one above the other',
    );
    expect(twoCardsWhere({ x: 300, y: 900 }, { x: 700, y: 880 }, 1000, 1000)).toBe(
      'two cards lie toward the bottom of the photo, side by side',
    );
  });
});

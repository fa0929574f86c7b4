import { describe, expect, it } from 'vitest';
import { fillMonths, labelledIndices, niceTicks, valueChange } from './chart-scale';

describe('fillMonths', () => {
  it('sorts, converts and fills the months between gradings with the value carried over', () => {
    expect(
      fillMonths([
        { month: '2026-03', value: '300.00' },
        { month: '2025-11', value: '100.50' },
        { month: '2026-01', value: '150' },
      ]),
    ).toEqual([
      { month: '2025-11', value: 100.5, graded: true },
      { month: '2025-12', value: 100.5, graded: false },
      { month: '2026-01', value: 150, graded: true },
      { month: '2026-02', value: 150, graded: false },
      { month: '2026-03', value: 300, graded: true },
    ]);
  });
  it('keeps an empty or single history as it is, and drops malformed entries', () => {
    expect(fillMonths([])).toEqual([]);
    expect(fillMonths([{ month: '2026-05', value: '12.00' }])).toEqual([{ month: '2026-05', value: 12, graded: true }]);
    expect(
      fillMonths([
        { month: 'May', value: '1' },
        { month: '2026-05', value: 'x' },
      ]),
    ).toEqual([]);
  });
});

describe('niceTicks', () => {
  it.each([
    [3260, [0, 1000, 2000, 3000, 4000]],
    [1250, [0, 500, 1000, 1500]],
    [100, [0, 25, 50, 75, 100]],
    [35, [0, 10, 20, 30, 40]],
    [8, [0, 2, 4, 6, 8]],
    [2_300_000, [0, 1_000_000, 2_000_000, 3_000_000]],
  ])('from 0 past %d in round steps', (max, ticks) => {
    expect(niceTicks(0, max)).toEqual(ticks);
  });
  it('gives 3 to 5 gridlines for any maximum, the top one at or above it', () => {
    for (let max = 1; max < 100_000; max = max * 1.37 + 1) {
      const ticks = niceTicks(0, max);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
    }
  });
  it('starts from zero even when all values are high, copes with all-zero values, and takes fewer lines when asked', () => {
    expect(niceTicks(900, 1000)[0]).toBe(0);
    expect(niceTicks(0, 0)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0, 3260, 2)).toEqual([0, 2000, 4000]);
  });
});

describe('labelledIndices', () => {
  it('labels every month when there is room', () => {
    expect(labelledIndices(6, 120, 56)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('thins labels so they never overlap, always keeping the latest month', () => {
    // a phone: 8 months over ~270 px, so ~39 px apart for 56 px labels
    const shown = labelledIndices(8, 39, 56);
    expect(shown).toEqual([1, 3, 5, 7]);
    for (let k = 1; k < shown.length; k++) expect((shown[k] - shown[k - 1]) * 39).toBeGreaterThanOrEqual(56);
    expect(labelledIndices(25, 10, 56)).toEqual([0, 12, 24]); // yearly
  });
  it('handles one and no points', () => {
    expect(labelledIndices(1, 0, 56)).toEqual([0]);
    expect(labelledIndices(0, 0, 56)).toEqual([]);
  });
});

describe('valueChange', () => {
  it('is the change from the first to the latest month, in dollars and percent', () => {
    expect(valueChange([{ value: 1250 }, { value: 1500 }, { value: 3260 }])).toEqual({ delta: 2010, percent: 160.8 });
    expect(valueChange([{ value: 200 }, { value: 150 }])).toEqual({ delta: -50, percent: -25 });
  });
  it('has no percent from a zero start', () => {
    expect(valueChange([{ value: 0 }, { value: 10 }])).toEqual({ delta: 10, percent: null });
  });
});

import { describe, expect, it } from 'vitest';
import { moveItem, pageCountOf, placeOf, pocketsOf, spreadStartOf } from './binder-pages';

describe('binder pages', () => {
  it('fills 9 pockets a page, with empty sleeves after the last card', () => {
    expect([0, 1, 9, 10, 18, 19].map(pageCountOf)).toEqual([1, 1, 1, 2, 2, 3]);
    const cards = Array.from({ length: 11 }, (_, i) => i);
    expect(pocketsOf(cards, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pocketsOf(cards, 1)).toEqual([9, 10, null, null, null, null, null, null, null]);
    expect(placeOf(9)).toEqual({ page: 1, pocket: 1 });
    expect(placeOf(8)).toEqual({ page: 0, pocket: 9 });
  });

  it('moves one card and keeps the others in order; clamps and no-ops', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 0, -1)).toBe(list);
    expect(moveItem(list, 2, 2)).toBe(list);
  });

  it('opens facing pages in pairs on a wide screen, one page on a phone', () => {
    expect([0, 1, 2, 3].map((p) => spreadStartOf(p, 2))).toEqual([0, 0, 2, 2]);
    expect([0, 1, 2].map((p) => spreadStartOf(p, 1))).toEqual([0, 1, 2]);
  });
});

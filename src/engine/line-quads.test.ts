import { describe, expect, it } from 'vitest';
import { card, greyTable, paint } from '../card-fixtures/drawn-scenes';
import { cardOutlinesApart } from './line-quads';

describe('two cards from their straight edges', () => {
  it('finds two cards lying apart, each where it lies', () => {
    const img = greyTable();
    card(img, { x: 120, y: 180 }, 0.15);
    card(img, { x: 350, y: 170 }, -0.2);
    const found = cardOutlinesApart(img);
    expect(found).toHaveLength(2);
    const centres = found.map((q) => q.reduce((s, p) => s + p.x, 0) / 4).sort((a, b) => a - b);
    expect(centres[0]).toBeCloseTo(120, -1);
    expect(centres[1]).toBeCloseTo(350, -1);
  });

  it('finds one card alone, not its own print panel as a second', () => {
    const img = greyTable();
    card(img, { x: 240, y: 180 }, 0.1);
    expect(cardOutlinesApart(img)).toHaveLength(1);
  });

  it('takes no card-shaped box far larger than the card for a second card', () => {
    const img = greyTable();
    // A dark tray three times the card's size, its edges drawn all round, beside one card.
    paint(img, { x: 330, y: 180 }, 0, (u, v) => (Math.abs(u) > 70 || Math.abs(v) > 100 ? [40, 40, 40] : [190, 190, 190]), 150, 210);
    card(img, { x: 90, y: 180 }, 0.1);
    expect(cardOutlinesApart(img)).toHaveLength(1);
  });
});

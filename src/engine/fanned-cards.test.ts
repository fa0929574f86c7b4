import { describe, expect, it } from 'vitest';
import { card, greyTable } from '../card-fixtures/drawn-scenes';
import { fannedCards } from './fanned-cards';

/** Cards held in a fan: each turned `stepRad` from the next about a pivot below them, drawn left to right. */
function fan(count: number, stepRad: number) {
  const img = greyTable(480, 360);
  const pivot = { x: 240, y: 420 };
  for (let k = 0; k < count; k++) {
    const turn = (k - (count - 1) / 2) * stepRad;
    card(img, { x: pivot.x + 200 * Math.sin(turn), y: pivot.y - 200 * Math.cos(turn) }, turn);
  }
  return img;
}

describe('cards fanned in a hand', () => {
  it('shows corners of one kind turned from each other by about the turn between the cards', () => {
    const found = fannedCards(fan(4, 0.2));
    expect(found).not.toBeNull();
    // Neighbouring cards are turned 11.5° from each other; the pair found may be any two of them.
    expect(found!.turnDeg).toBeGreaterThan(8);
    expect(found!.turnDeg).toBeLessThan(40);
  });

  it('is not found in one card, upright or turned: its print lies square to its edge', () => {
    for (const turn of [0, 0.12, -0.3]) {
      const img = greyTable(480, 360);
      card(img, { x: 240, y: 180 }, turn);
      expect(fannedCards(img)).toBeNull();
    }
  });

  it('is not found in two cards lying apart, turned alike (other-cards.ts and line-quads.ts answer those)', () => {
    const img = greyTable(480, 360);
    card(img, { x: 130, y: 180 }, 0.05);
    card(img, { x: 340, y: 175 }, 0.05);
    expect(fannedCards(img)).toBeNull();
  });
});

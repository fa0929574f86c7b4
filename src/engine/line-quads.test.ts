import { describe, expect, it } from 'vitest';
import { card, greyTable, paint } from '../card-fixtures/drawn-scenes';
import type { RgbImage } from './image';
import { cardOutlinesApart } from './line-quads';
import { traceLocated } from './locate';
import { EngineRefusal } from './refusal';

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

/** The code traceLocated refuses with, given the detector's refusal `code` on the working copy `small`. */
function refusalAfter(small: RgbImage, code: 'no_card_found' | 'card_cut_off'): string | undefined {
  try {
    traceLocated({ full: small, small, scale: 1, scan: false, offsetPx: 0 }, null, new EngineRefusal(code, 'front'), 'front');
  } catch (err) {
    return (err as EngineRefusal).code;
  }
  return undefined;
}

describe('a refusal of the detector over several cards', () => {
  // The colour pass's region ran off the frame (a playmat's art merging with the cards, say): the two
  // cards' straight outlines still make it a photo of several cards, not of one cut off.
  it('turns card_cut_off into several_cards when two cards lie apart', () => {
    const small = greyTable();
    // A dark stroke of the playmat's art runs from frame to frame, under both cards.
    paint(small, { x: 240, y: 180 }, 0, () => [25, 25, 25], 480, 8);
    card(small, { x: 120, y: 180 }, 0.15);
    card(small, { x: 350, y: 170 }, -0.2);
    expect(refusalAfter(small, 'card_cut_off')).toBe('several_cards');
  });

  it('leaves one card cut off by the frame cut off', () => {
    const small = greyTable();
    card(small, { x: 30, y: 180 }, 0.1);
    expect(refusalAfter(small, 'card_cut_off')).toBe('card_cut_off');
  });

  it('turns no_card_found into several_cards when one card lies whole and a neighbour is cut by the frame', () => {
    const small = greyTable();
    card(small, { x: 240, y: 180 }, 0.1);
    card(small, { x: 450, y: 320 }, -0.3);
    expect(refusalAfter(small, 'no_card_found')).toBe('several_cards');
  });

  it('leaves no_card_found standing for one card alone', () => {
    const small = greyTable();
    card(small, { x: 240, y: 180 }, 0.1);
    expect(refusalAfter(small, 'no_card_found')).toBe('no_card_found');
  });
});

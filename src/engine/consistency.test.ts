import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { EngineRefusal, gradeCard } from './index';
import { checkFaceConsistency } from './consistency';
import type { Quad } from './detect';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';
import { generateTwoCardPhoto } from '../card-fixtures/synthetic/layouts';

const rect = (w: number, h: number, x = 100, y = 100): Quad => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

describe('front and back are the same card', () => {
  it('accepts two square-on outlines of one card at different distances', () => {
    expect(checkFaceConsistency({ corners: rect(630, 880), scan: false }, { corners: rect(500, 698), scan: false }).warning).toBeNull();
  });

  it('refuses a square-on back whose proportions are another card size (jumbo-like 9 % narrower)', () => {
    expect(() => checkFaceConsistency({ corners: rect(630, 880), scan: false }, { corners: rect(575, 880), scan: false })).toThrow(
      EngineRefusal,
    );
  });

  it('only warns when a strongly tilted photo could explain the difference', () => {
    // Back seen tilted (top side 5 % shorter than the bottom) and 4 % narrower than the front.
    const tilted: Quad = [
      { x: 115, y: 100 },
      { x: 715, y: 100 },
      { x: 730, y: 994 },
      { x: 100, y: 994 },
    ];
    const result = checkFaceConsistency({ corners: rect(630, 880), scan: false }, { corners: tilted, scan: false });
    expect(result.warning).toMatch(/tilt may explain/);
    expect(result.confidencePenalty).toBeGreaterThan(0);
  });

  it('compares size between two scans of one resolution', () => {
    expect(() => checkFaceConsistency({ corners: rect(630, 880), scan: true }, { corners: rect(560, 800), scan: true })).toThrow(
      /faces_mismatch|same card/,
    );
  });

  it('refuses a pair whose back photo is of a differently shaped card (faces_mismatch)', async () => {
    const card = await generateSyntheticCard(7201, { conditions: { tiltDeg: 1, fill: 0.7, offsetX: 0, offsetY: 0 } });
    const meta = await sharp(card.back).metadata();
    // The back squeezed 10 % across: a card of other proportions, photographed square-on.
    const narrower = await sharp(card.back)
      .resize(Math.round(meta.width * 0.9), meta.height, { fit: 'fill' })
      .jpeg({ quality: 92 })
      .toBuffer();
    const err = await gradeCard({ front: card.front, back: narrower }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EngineRefusal);
    expect((err as EngineRefusal).code).toBe('faces_mismatch');
  });

  it('grades an ordinary pair without a mismatch warning', async () => {
    const card = await generateSyntheticCard(7202);
    const { report } = await gradeCard({ front: card.front, back: card.back });
    expect(report.limitations.join(' ')).not.toMatch(/do not quite match/);
  });
});

describe('one card per photo', () => {
  it('refuses a generator photo of two cards side by side as several_cards, naming where the other lies', async () => {
    const two = await generateTwoCardPhoto(7203);
    const err = await gradeCard({ front: two.photo, back: two.left.back }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as EngineRefusal).code).toBe('several_cards');
    expect((err as EngineRefusal).message).toMatch(/toward the (right|left)/);
  });
});

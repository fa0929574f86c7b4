import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gradeCard, MATCH_THRESHOLD } from './index';
import { generateSyntheticCard, renderReferenceImage } from '../card-fixtures/synthetic/generator';
import type { Defect } from '../card-fixtures/synthetic/card';

// Seeds differ from the benchmark's (900000+). Every front carries the hard artwork: outlines, light
// highlights, coloured strokes, sparkle and caption glyphs, all thin lines brighter than their sides.
// How often the stricter detector alone finds something on such fronts is a rate over many cards:
// `npm run bench:grading` measures it ("undamaged fronts, false findings per face"); here, one card.
const CLEAN_SEED = 71;

describe('surface against the catalogue image', () => {
  it('an undamaged front with hard artwork: no findings with the reference; without it, less sure and saying why', async () => {
    const card = await generateSyntheticCard(CLEAN_SEED, { defectRate: 0 });
    const reference = await renderReferenceImage(card.truth.front);
    const compared = (await gradeCard({ front: card.front, back: card.back, reference })).report;
    expect(compared.surfaceDecisionLog.frontIssues).toEqual([]);
    expect(compared.surfaceDecisionLog.basis).toMatchObject({ referenceGiven: true, matched: true });
    const alone = (await gradeCard({ front: card.front, back: card.back })).report;
    expect(alone.surfaceDecisionLog.basis).toEqual({ referenceGiven: false });
    expect(alone.surfaceDecisionLog.confidence).toBeLessThan(compared.surfaceDecisionLog.confidence);
    expect(alone.limitations.join(' ')).toMatch(/No catalogue image of this card was compared/);
  }, 60_000);

  it('still finds real scratches and a print line, with and without the reference (recall)', async () => {
    const front: Defect[] = [
      { kind: 'scratch', x0: 12, y0: 58, x1: 40, y1: 70, widthMm: 0.16, strength: 0.75 },
      { kind: 'scratch', x0: 20, y0: 16, x1: 44, y1: 34, widthMm: 0.18, strength: 0.8 },
      { kind: 'printLine', orientation: 'vertical', atMm: 52, widthMm: 0.15, delta: 0.35 },
    ];
    const card = await generateSyntheticCard(81, {
      defectRate: 0,
      conditions: { background: { kind: 'plain', color: [40, 40, 45] } },
      defects: { front, back: [] },
    });
    const reference = await renderReferenceImage(card.truth.front);
    for (const ref of [reference, undefined]) {
      const issues = (await gradeCard({ front: card.front, back: card.back, reference: ref })).report.surfaceDecisionLog.frontIssues;
      const near = (x: number, y: number) => issues.some((i) => i.type === 'scratch' && Math.hypot(i.xMm - x, i.yMm - y) < 6);
      expect(near(26, 64), `lower scratch ${ref ? 'with' : 'without'} reference`).toBe(true);
      if (ref) expect(near(32, 25), 'scratch across the art with reference').toBe(true);
      expect(issues.some((i) => i.type === 'print line' && Math.abs(i.xMm - 52) < 1)).toBe(true);
    }
  }, 180_000);

  it("estimates the print's shift on the cut card against the catalogue copy", async () => {
    const card = await generateSyntheticCard(82, { defectRate: 0 });
    const b = card.truth.front.borders;
    // The reference copy is printed centred; the photographed copy sits (left - right) / 2 off it.
    const { report } = await gradeCard({ front: card.front, back: card.back, reference: await renderReferenceImage(card.truth.front) });
    const shift = report.surfaceDecisionLog.basis.printShiftMm!;
    expect(Math.abs(shift.x - (b.left - b.right) / 2)).toBeLessThan(0.15);
    expect(Math.abs(shift.y - (b.top - b.bottom) / 2)).toBeLessThan(0.15);
  }, 120_000);

  it('warns when the photo is not the card the collector picked, and judges the surface without that image', async () => {
    const card = await generateSyntheticCard(83, { defectRate: 0 });
    const other = await generateSyntheticCard(84, { defectRate: 0 });
    const { report } = await gradeCard({ front: card.front, back: card.back, reference: await renderReferenceImage(other.truth.front) });
    const basis = report.surfaceDecisionLog.basis;
    expect(basis.referenceGiven).toBe(true);
    expect(basis.matched).toBe(false);
    expect(basis.matchScore!).toBeLessThan(MATCH_THRESHOLD);
    expect(report.limitations.join(' ')).toMatch(/does not look like the catalogue image of the card you picked/);
  }, 120_000);

  it('compares a card photographed upside down with its image turned half a turn', async () => {
    const card = await generateSyntheticCard(86, { defectRate: 0 });
    const turned = await sharp(card.front).rotate(180).jpeg({ quality: 92 }).toBuffer();
    const { report } = await gradeCard({ front: turned, back: card.back, reference: await renderReferenceImage(card.truth.front) });
    expect(report.surfaceDecisionLog.basis).toMatchObject({ referenceGiven: true, matched: true, upsideDown: true });
    expect(report.surfaceDecisionLog.frontIssues).toEqual([]);
  }, 120_000);

  it('ignores a reference that is not a card image', async () => {
    const card = await generateSyntheticCard(85, { defectRate: 0 });
    const { report } = await gradeCard({ front: card.front, back: card.back, reference: Buffer.from('<html>') });
    expect(report.surfaceDecisionLog.basis).toEqual({ referenceGiven: false });
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { EngineRefusal, gradeCard } from './index';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';
import { generateSyntheticScan } from '../card-fixtures/synthetic/layouts';

async function refusalOf(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof EngineRefusal) return err.code;
    throw err;
  }
}

describe('flatbed scans', () => {
  it('grades a scan cropped to the card outline (no margin) with its centering within a point', async () => {
    const card = await generateSyntheticScan(7101, { marginMm: 0, rotationDeg: 0.5 });
    const { report, faces } = await gradeCard({ front: card.front, back: card.back });
    // Corners are given in the scan's own pixels (the backdrop band added for tracing is not reported).
    faces.front.checks.corners.forEach((p, i) =>
      expect(Math.hypot(p.x - card.truth.front.corners[i].x, p.y - card.truth.front.corners[i].y)).toBeLessThan(2),
    );
    expect(faces.front.checks.scan).toBe(true);
    const front = report.centeringDecisionLog.front;
    expect(front.measurable).toBe(true);
    if (front.measurable) {
      expect(Math.abs(front.horizontal - card.truth.front.horizontal)).toBeLessThan(1);
      expect(Math.abs(front.vertical - card.truth.front.vertical)).toBeLessThan(1);
    }
  });

  it('grades a scan with a thin margin on a black lid, slightly rotated', async () => {
    const card = await generateSyntheticScan(7102, { marginMm: 1.5, rotationDeg: -0.9, backdrop: [18, 18, 20] });
    const { report } = await gradeCard({ front: card.front, back: card.back });
    expect(report.centeringDecisionLog.back.measurable).toBe(true);
  });

  it('grades a phone photo cropped tight to the card, tilted, under uneven light (not mistaken for a cut-off card)', async () => {
    const card = await generateSyntheticScan(
      7106,
      { marginMm: 3, rotationDeg: 2, backdrop: [200, 200, 196] },
      { conditions: { lightGradient: 0.35, tiltDeg: 4, noiseSigma: 3 } },
    );
    expect(await refusalOf(gradeCard({ front: card.front, back: card.back }))).toBeNull();
  });

  it('still refuses a scan that crops the card itself as card_cut_off', async () => {
    const card = await generateSyntheticScan(7103, { marginMm: 1, rotationDeg: 0 });
    const meta = await sharp(card.front).metadata();
    // Cut 4 mm off the bottom and keep the card's proportions by trimming the sides a little.
    const cut = Math.round((meta.height * 4) / 90),
      side = Math.round((cut * 63) / 88 / 2);
    const cropped = await sharp(card.front)
      .extract({ left: side, top: 0, width: meta.width - 2 * side, height: meta.height - cut })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(await refusalOf(gradeCard({ front: cropped, back: card.back }))).toBe('card_cut_off');
  });

  it('still refuses a phone photo whose card runs off the frame', async () => {
    const card = await generateSyntheticCard(7104, { conditions: { fill: 0.8, offsetX: 0, offsetY: 0, tiltDeg: 2 } });
    const meta = await sharp(card.front).metadata();
    const cropped = await sharp(card.front)
      .extract({ left: 0, top: 0, width: meta.width, height: Math.round(meta.height * 0.88) })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(await refusalOf(gradeCard({ front: cropped, back: card.back }))).toBe('card_cut_off');
  });
});

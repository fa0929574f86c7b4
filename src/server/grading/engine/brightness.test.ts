import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gradeCard, EngineRefusal } from './index';

// too_bright is covered by exposure.test.ts.
import { generateSyntheticCard } from './synthetic/generator';

// Darkening is a pure gain on the encoded photo, as a dimmer room with the same camera settings gives.
const dim = (photo: Buffer, factor: number) =>
  factor === 1 ? Promise.resolve(photo) : sharp(photo).linear(factor, 0).jpeg({ quality: 92 }).toBuffer();
type Report = Awaited<ReturnType<typeof gradeCard>>['report'];
const subGrades = (r: Report) => ({ centering: r.centeringScore, corners: r.cornersScore, edges: r.edgesScore, surface: r.surfaceScore });

describe('brightness', () => {
  it('a sweep of one damaged photo (100, 60, 45, 25, 18 %) never raises a sub-grade; what cannot be measured is refused as too dark', async () => {
    const card = await generateSyntheticCard(91, { defectRate: 0.8 });
    let full: Report | null = null;
    for (const factor of [1, 0.6, 0.45, 0.25, 0.18]) {
      const result = await gradeCard({ front: await dim(card.front, factor), back: await dim(card.back, factor) }).catch((e: unknown) => e);
      if (result instanceof EngineRefusal) {
        // Only darkness may stop it, and only below full light.
        expect(result.code, `${factor * 100}%`).toBe('too_dark');
        expect(factor).toBeLessThan(0.45);
        continue;
      }
      const { report } = result as Awaited<ReturnType<typeof gradeCard>>;
      full ??= report;
      const measured = subGrades(report),
        reference = subGrades(full);
      for (const k of Object.keys(reference) as (keyof typeof reference)[])
        expect(measured[k], `${k} at ${factor * 100}%`).toBeLessThanOrEqual(reference[k]);
      expect(report.psaGrade, `PSA at ${factor * 100}%`).toBeLessThanOrEqual(full.psaGrade);
      if (factor < 1) expect(report.confidence).toBeLessThanOrEqual(full.confidence);
    }
  }, 300_000);

  it('a whitened corner scores below a clean one in good light and at 60 % brightness', async () => {
    const card = await generateSyntheticCard(92, {
      defectRate: 0,
      defects: { front: [], back: [{ kind: 'cornerWhitening', corner: 'BottomLeft', sizeMm: 1.1, intensity: 0.85 }] },
    });
    for (const factor of [1, 0.6]) {
      const { report } = await gradeCard({ front: await dim(card.front, factor), back: await dim(card.back, factor) });
      const corners = report.cornersDecisionLog.details;
      for (const clean of ['backTopLeft', 'backTopRight', 'backBottomRight'])
        expect(corners.backBottomLeft.score, `${clean} at ${factor * 100}%`).toBeLessThan(corners[clean].score);
    }
  }, 180_000);
});

import sharp from 'sharp';
import { ZEngineReport } from '@contract/grading-report';
import { expect, it } from 'vitest';
import { gradeCard, renderEvidence } from './index';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';

it("puts each face's outline in the report (photo pixels) and draws it on an evidence image", async () => {
  const card = await generateSyntheticCard(41, { defects: { front: [], back: [] } });
  const { report, faces } = await gradeCard({ front: card.front, back: card.back });
  expect(ZEngineReport.safeParse(report).error).toBeUndefined();
  for (const face of ['front', 'back'] as const) {
    const outline = report.photoChecks[face].cardOutline!;
    expect(outline).toHaveLength(4);
    // The generator knows where it put the card: the reported corners are within a pixel or two of it.
    const truth = card.truth[face].corners;
    outline.forEach((p, i) => expect(Math.hypot(p.x - truth[i].x, p.y - truth[i].y)).toBeLessThan(3));
    const steps = report.analysisSteps.filter((s) => s.stepName === `${face}: detect card` || s.stepName === `${face}: refine edges`);
    expect(steps.map((s) => (s.stepResults.outline as unknown[]).length)).toEqual([4, 4]);
    expect(report.imageAdjustments.some((a) => a.evidenceName === `${face}Outline`)).toBe(true);
  }
  const evidence = await renderEvidence([faces.front]);
  const meta = await sharp(evidence.frontOutline).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(1000);
});

import { describe, expect, it } from 'vitest';
import { gradeCard } from './index';
import { generateSyntheticCard } from '../card-fixtures/synthetic/generator';
import type { Defect } from '../card-fixtures/synthetic/card';

// Seeds differ from the benchmark's (900000+). Without the catalogue image, the strict detector alone.
describe('a scratch crossing other thin lines of the card', () => {
  it('is found where it touches a print line, judged along its own line and not the piece they form together', async () => {
    // Once missed: the scratch's ridge and the print line's were one connected piece, fitted as one
    // line that lay on neither, and the strict test judged it along that chord.
    const scratch: Defect = { kind: 'scratch', x0: 18, y0: 52, x1: 44, y1: 64, widthMm: 0.18, strength: 0.8 };
    const front: Defect[] = [scratch, { kind: 'printLine', orientation: 'vertical', atMm: 31, widthMm: 0.15, delta: 0.35 }];
    const card = await generateSyntheticCard(91, { defectRate: 0, defects: { front, back: [] } });
    const issues = (await gradeCard({ front: card.front, back: card.back })).report.surfaceDecisionLog.frontIssues;
    const scratches = issues.filter((i) => i.type === 'scratch');
    expect(scratches).toHaveLength(1);
    expect(Math.hypot(scratches[0].xMm - 31, scratches[0].yMm - 58)).toBeLessThan(2);
    expect(scratches[0].lengthMm).toBeGreaterThan(20);
    expect(issues.some((i) => i.type === 'print line' && Math.abs(i.xMm - 31) < 1)).toBe(true);
  }, 60_000);
});

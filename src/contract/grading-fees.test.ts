import { expect, it } from 'vitest';
import { GRADING_FEES, gradingAdvice } from './grading-fees';

it('is a versioned, dated fee table with its source', () => {
  expect(GRADING_FEES.version).toMatch(/^fees-\d{4}\.\d{2}$/);
  expect(GRADING_FEES.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(GRADING_FEES.source.length).toBeGreaterThan(20);
});

it("recommends by value net of each company's fee, and says grading a cheap card is not worth it (issue 24.4, Pikachu)", () => {
  const a = gradingAdvice({ PSA: 2.45, BGS: 2.58, CGC: 2.18 }, 1.2);
  expect(a.rows.map((r) => [r.platform, r.valueUsd, r.feeUsd, r.netUsd])).toEqual([
    ['PSA', 2.45, 25, -22.55],
    ['BGS', 2.58, 30, -27.42],
    ['CGC', 2.18, 20, -17.82],
  ]);
  expect(a.recommended).toBe('CGC');
  expect(a.worthGrading).toBe(false);
});

it('says grading is not worth it when every value after fees is below the raw value (Base Charizard)', () => {
  const a = gradingAdvice({ PSA: 246.9, BGS: 211.63, CGC: 211.63 }, 352.72);
  expect(a.recommended).toBe('PSA');
  expect(a.bestNetUsd).toBe(221.9);
  expect(a.worthGrading).toBe(false);
});

it('recommends grading when a company keeps more than the raw value after its fee; PSA wins a tie', () => {
  const a = gradingAdvice({ PSA: 1000, BGS: 1005, CGC: 900 }, 300);
  expect(a.recommended).toBe('PSA');
  expect(a.worthGrading).toBe(true);
  expect(gradingAdvice({ PSA: 10, BGS: 10, CGC: 10 }, null).worthGrading).toBeNull();
});

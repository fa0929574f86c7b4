import { describe, expect, it } from 'vitest';
import { bgsGrade, cgcGrade, halfStep, psaGrade, subGrades, valuesAndRecommendation } from './grades';

const perfect = { centering: 10, corners: 10, edges: 10, surface: 10 };
const centred = { front: { h: 50, v: 50 }, back: { h: 50, v: 50 } };

describe('PSA', () => {
  it('needs 55/45 on the front and 75/25 on the back for a 10', () => {
    expect(psaGrade(perfect, centred).grade).toBe(10);
    expect(psaGrade(perfect, { ...centred, front: { h: 55, v: 50 } }).grade).toBe(10);
    expect(psaGrade(perfect, { ...centred, front: { h: 55.4, v: 50 } }).grade).toBe(9);
    expect(psaGrade(perfect, { ...centred, back: { h: 50, v: 76 } }).grade).toBe(9);
    expect(psaGrade(perfect, { ...centred, front: { h: 50, v: 36 } }).grade).toBe(8);
    expect(psaGrade(perfect, centred).label).toBe('GEM MT 10');
  });
  it('is limited by the weakest condition sub-grade', () => {
    expect(psaGrade({ ...perfect, corners: 8.5 }, centred).grade).toBe(8);
    expect(psaGrade({ ...perfect, surface: 9.5 }, centred).grade).toBe(10);
  });
});

describe('BGS', () => {
  it('gives a Black Label only when all four sub-grades are 10', () => {
    expect(bgsGrade(perfect)).toMatchObject({ grade: 10, blackLabel: true });
    expect(bgsGrade({ ...perfect, centering: 9.5 })).toMatchObject({ grade: 9.5, blackLabel: false, label: 'Gem Mint' });
  });
  it('keeps the overall grade within one of the lowest sub-grade', () => {
    expect(bgsGrade({ centering: 10, corners: 10, edges: 10, surface: 7 }).grade).toBe(8);
  });
});

describe('CGC', () => {
  it('tells Pristine 10 from Gem Mint 10', () => {
    expect(cgcGrade(perfect, centred)).toMatchObject({ grade: 10, pristine: true, label: 'Pristine 10' });
    expect(cgcGrade(perfect, { ...centred, front: { h: 54, v: 50 } })).toMatchObject({ grade: 10, pristine: false, label: 'Gem Mint' });
  });
});

describe('sub-grades and recommendation', () => {
  it('rounds down to half steps and lets one bad corner weigh', () => {
    expect(halfStep(9.74)).toBe(9.5);
    const sub = subGrades({
      centering: centred,
      cornerScores: [10, 10, 10, 10, 10, 10, 10, 5],
      edgeScores: Array(8).fill(10),
      surfaceScores: [10, 10],
    });
    expect(sub.corners).toBeLessThanOrEqual(8);
    expect(sub.centering).toBe(10);
  });
  it('recommends the platform with the best value after fees', () => {
    const r = valuesAndRecommendation(100, { psa: 10, bgs: 9, cgc: 9, bgsBlackLabel: false, cgcPristine: false });
    expect(r.recommended).toBe('PSA');
    expect(r.values.PSA).toBeGreaterThan(r.values.CGC);
    const cheap = valuesAndRecommendation(5, { psa: 8, bgs: 8, cgc: 8, bgsBlackLabel: false, cgcPristine: false });
    expect(cheap.recommended).toBe('CGC');
  });
});

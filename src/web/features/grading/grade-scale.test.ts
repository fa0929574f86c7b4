import { describe, expect, it } from 'vitest';
import { displayedGrade, formatGrade, gradeAndValue, gradeTone, specGradeLabel, textGradeTone } from './grade-scale';

describe('spec §9 grade colour scale', () => {
  it.each([
    [0, 'slate'],
    [1, 'red'],
    [1.5, 'red'],
    [2, 'orange-7'],
    [2.5, 'orange-7'],
    [3, 'orange-5'],
    [4, 'yellow'],
    [5, 'amber'],
    [6, 'lime'],
    [7, 'green'],
    [7.5, 'green'],
    [8, 'emerald'],
    [8.5, 'emerald'],
    [9, 'cyan'],
    [9.5, 'blue'],
    [10, 'purple'],
    [10.5, 'gold'],
  ])('grade %s is %s', (grade, colour) => {
    expect(gradeTone(grade).ring).toContain(colour);
  });
  it('greys out a missing grade and colours word grades', () => {
    expect(gradeTone(null).ring).toContain('slate');
    expect(textGradeTone('Raw').ring).toContain('slate');
    expect(textGradeTone('Gem Mint').ring).toContain('blue');
    expect(textGradeTone('Pristine').ring).toContain('gold');
  });
});

describe('spec §9 labels and numbers', () => {
  it('names PSA 10 GEM MT, BGS/CGC 10 PRISTINE and 9.5 GEM MINT, and nothing else', () => {
    expect(specGradeLabel('PSA', 10)).toBe('GEM MT');
    expect(specGradeLabel('PSA', 9.5)).toBeNull();
    expect(specGradeLabel('BGS', 10)).toBe('PRISTINE');
    expect(specGradeLabel('BGS', 9.5)).toBe('GEM MINT');
    expect(specGradeLabel('CGC', 9.5)).toBe('GEM MINT');
    expect(specGradeLabel('CGC', 9)).toBeNull();
  });
  it('shows whole grades without decimals and others with one', () => {
    expect([formatGrade(9), formatGrade(9.5), formatGrade(null)]).toEqual(['9', '9.5', '—']);
  });
  it('shows the recommended platform, PSA when missing or other', () => {
    const g = {
      psaGrade: 9,
      bgsGrade: 8.5,
      cgcGrade: 9.5,
      psaEstimatedValue: '100.00',
      bgsEstimatedValue: '80.00',
      cgcEstimatedValue: '120.00',
    };
    expect(displayedGrade({ ...g, recommendedPlatform: 'CGC' })).toEqual({ platform: 'CGC', grade: 9.5, value: 120 });
    expect(displayedGrade({ ...g, recommendedPlatform: 'SGC' })).toEqual({ platform: 'PSA', grade: 9, value: 100 });
    expect(displayedGrade({ ...g, recommendedPlatform: null })).toMatchObject({ platform: 'PSA' });
  });
});

describe('one platform’s grade with its own value', () => {
  const g = {
    recommendedPlatform: 'CGC',
    psaGrade: 4,
    bgsGrade: 4.5,
    cgcGrade: 5,
    psaEstimatedValue: '246.90',
    bgsEstimatedValue: '229.27',
    cgcEstimatedValue: '246.90',
  };
  it('takes grade and value from the same platform, the displayed one unless asked', () => {
    expect(gradeAndValue(g)).toEqual({ platform: 'CGC', grade: 5, value: 246.9 });
    expect(gradeAndValue(g, 'BGS')).toEqual({ platform: 'BGS', grade: 4.5, value: 229.27 });
    expect(gradeAndValue({ ...g, recommendedPlatform: null })).toEqual({ platform: 'PSA', grade: 4, value: 246.9 });
  });
  it('gives a card list’s single value only to the displayed platform', () => {
    const latest = { recommendedPlatform: 'CGC', psaGrade: 4, bgsGrade: 4.5, cgcGrade: 5, estimatedValue: '21.68' };
    expect(gradeAndValue(latest)).toEqual({ platform: 'CGC', grade: 5, value: 21.68 });
    expect(gradeAndValue(latest, 'PSA')).toEqual({ platform: 'PSA', grade: 4, value: null });
  });
});

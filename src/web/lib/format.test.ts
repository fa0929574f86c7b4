import { describe, expect, it } from 'vitest';
import {
  CREDIT,
  formatCompactDollars,
  formatCount,
  formatDollars,
  formatMonth,
  formatSignedDollars,
  formatSignedPercent,
  pluralNoun,
} from './format';

describe('format', () => {
  it('puts a count with its noun in the right form', () => {
    expect([0, 1, 2, 1250].map((n) => formatCount(n, CREDIT))).toEqual(['0 credits', '1 credit', '2 credits', '1,250 credits']);
    expect(pluralNoun(1, CREDIT)).toBe('credit');
  });
  it('formats dollars in full and compact', () => {
    expect(formatDollars('1234.5')).toBe('$1,234.50');
    expect(formatDollars(1234.5, true)).toBe('$1,235');
    expect(formatDollars(null)).toBe('—');
    expect([0, 500, 1000, 1500, 2_300_000].map(formatCompactDollars)).toEqual(['$0', '$500', '$1K', '$1.5K', '$2.3M']);
  });
  it('signs changes with + and a real minus sign', () => {
    expect(formatSignedDollars(2010)).toBe('+$2,010.00');
    expect(formatSignedDollars(-3)).toBe('\u2212$3.00');
    expect(formatSignedDollars(0)).toBe('$0.00');
    expect(formatSignedPercent(160.8)).toBe('+160.8%');
    expect(formatSignedPercent(-25)).toBe('\u221225.0%');
    expect(formatSignedPercent(0.01)).toBe('0.0%');
  });
  it('names months', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('2025-12', true)).toBe('December 2025');
    expect(formatMonth('nonsense')).toBe('nonsense');
  });
});

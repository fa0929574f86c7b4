import { describe, expect, it } from 'vitest';
import { ZPurchasePrice } from './binders';
import { PLAIN_DECIMAL, plainDecimalToCents } from './decimal';

describe('purchase price: plain decimal text only', () => {
  it('takes digits with at most two decimals, and JSON numbers, as exact cents', () => {
    expect(ZPurchasePrice.parse('16')).toBe(1600);
    expect(ZPurchasePrice.parse(' 12.5 ')).toBe(1250);
    expect(ZPurchasePrice.parse('0.07')).toBe(7);
    expect(ZPurchasePrice.parse('9999999.99')).toBe(999_999_999);
    expect(ZPurchasePrice.parse(45.5)).toBe(4550);
    expect(ZPurchasePrice.parse(0.29)).toBe(29);
    expect(ZPurchasePrice.parse('')).toBeNull();
    expect(ZPurchasePrice.parse(null)).toBeNull();
  });

  it('refuses what Number() would quietly turn into an amount', () => {
    for (const bad of [
      '0x10',
      '0b11',
      '0o7',
      '1e3',
      '1E2',
      '+5',
      '-1',
      '.5',
      '5.',
      '1,000',
      'Infinity',
      'NaN',
      '12.345',
      '10000000',
      '١٢',
    ]) {
      const r = ZPurchasePrice.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message, bad).toMatch(/digits and at most two decimals/);
    }
    for (const bad of [-1, 1.234, 10_000_000, Number.NaN]) expect(ZPurchasePrice.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('converts without floating-point drift', () => {
    for (let cents = 0; cents < 100_000; cents += 7) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(PLAIN_DECIMAL.test(text)).toBe(true);
      expect(plainDecimalToCents(text)).toBe(cents);
    }
  });
});

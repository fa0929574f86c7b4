import { describe, expect, it } from 'vitest';
import { valueSourceLabel } from '@contract/pricing';
import { valuesAndRecommendation } from '../../engine/index';
import { createEmbeddedPricing, rarityEstimateUsd } from './embedded';
import { gradeMultiplier, VALUE_MULTIPLIERS } from '@contract/grade-multipliers';
import type { MarketPriceSource } from './port';
import { createSnapshotMarketPrices } from './snapshot-prices';
import { chooseVariant } from './variant';

const snapshot = createSnapshotMarketPrices();
const pricing = createEmbeddedPricing(snapshot);

describe('the bundled price snapshot', () => {
  it('holds the dated TCGplayer market prices of the spot checks', async () => {
    expect(snapshot.asOf()).toBe('2024-08-02');
    expect(await snapshot.marketPrice({ cardId: 'base1-4', rarity: 'Rare Holo' })).toEqual({
      usd: 352.72,
      provider: 'TCGplayer market',
      asOf: '2024-08-02',
      variant: 'holofoil',
    });
    expect(await snapshot.marketPrice({ cardId: 'base1-2', rarity: 'Rare Holo' })).toMatchObject({ usd: 134.1, variant: 'holofoil' });
    expect(await snapshot.marketPrice({ cardId: 'swsh7-215', rarity: 'Rare Secret' })).toMatchObject({ usd: 841.98, variant: 'holofoil' });
    expect(await snapshot.marketPrice({ cardId: 'base1-58', rarity: 'Common' })).toMatchObject({ usd: 2.72, variant: 'normal' });
  });

  it('knows nothing of cards it has no price for, nor of a variant without a market price', async () => {
    expect(await snapshot.marketPrice({ cardId: 'base1-8', rarity: 'Rare Holo' })).toBeNull(); // not in the snapshot
    expect(await snapshot.marketPrice({ cardId: 'basep-41', rarity: 'Rare Holo' })).toBeNull(); // low/mid/high, no market
    // bw3-68: the reverse holofoil has no market price, the normal print has.
    expect(await snapshot.marketPrice({ cardId: 'bw3-68', rarity: 'Common' })).toMatchObject({ usd: 0.27, variant: 'normal' });
  });

  it('picks the unlimited print where the collector did not say 1st edition', async () => {
    expect(await snapshot.marketPrice({ cardId: 'base2-1', rarity: 'Rare Holo' })).toMatchObject({
      usd: 17.66,
      variant: 'unlimitedHolofoil',
    });
    expect(await snapshot.marketPrice({ cardId: 'base2-17', rarity: 'Rare' })).toMatchObject({ usd: 2.73, variant: 'unlimited' });
  });
});

describe('choosing the variant', () => {
  it('takes holofoil for holo cards, normal for others, else the first listed with reverse holofoil last', () => {
    expect(chooseVariant('Rare Holo', ['normal', 'holofoil'])).toBe('holofoil');
    expect(chooseVariant('Rare Ultra', ['holofoil', 'reverseHolofoil'])).toBe('holofoil');
    expect(chooseVariant('Common', ['normal', 'reverseHolofoil'])).toBe('normal');
    expect(chooseVariant('Rare', ['1stEdition', 'unlimited'])).toBe('unlimited');
    expect(chooseVariant('Rare Holo', ['1stEditionHolofoil', 'unlimitedHolofoil'])).toBe('unlimitedHolofoil');
    expect(chooseVariant('Common', ['reverseHolofoil', 'holofoil'])).toBe('holofoil');
    expect(chooseVariant(null, ['reverseHolofoil'])).toBe('reverseHolofoil');
    expect(chooseVariant('Common', [])).toBeNull();
  });
});

describe('the embedded pricing', () => {
  it('starts from the market price and says so', async () => {
    const raw = await pricing.rawValueUsd({ cardId: 'base1-4', cardName: 'Charizard', rarity: 'Rare Holo' });
    expect(raw).toEqual({
      usd: 352.72,
      source: { kind: 'market', provider: 'TCGplayer market', asOf: '2024-08-02', variant: 'holofoil', marketUsd: 352.72 },
    });
    expect(valueSourceLabel(raw.source)).toBe('TCGplayer market, 2024-08-02, holofoil');
  });

  it('falls back to the rarity guess without a price, and says so', async () => {
    for (const card of [
      { cardId: 'base1-8', cardName: 'Machamp', rarity: 'Rare Holo' },
      { cardId: null, cardName: 'Promo Pikachu', rarity: null },
    ]) {
      const raw = await pricing.rawValueUsd(card);
      expect(raw).toEqual({ usd: rarityEstimateUsd(card), source: { kind: 'estimate', method: 'rarity' } });
      expect(valueSourceLabel(raw.source)).toBe('estimate from rarity');
    }
    expect(valueSourceLabel(null)).toBe('estimate from rarity');
  });

  it('takes its prices from any MarketPriceSource', async () => {
    const synced: MarketPriceSource = {
      marketPrice: async (c) => (c.cardId === 'x-1' ? { usd: 10, provider: 'Synced', asOf: '2026-11-01', variant: 'normal' } : null),
    };
    expect((await createEmbeddedPricing(synced).rawValueUsd({ cardId: 'x-1', cardName: 'X', rarity: 'Rare' })).usd).toBe(10);
  });

  it('values a PSA 4 Base Set Charizard credibly: the market price × 0.7', async () => {
    const raw = await pricing.rawValueUsd({ cardId: 'base1-4', cardName: 'Charizard', rarity: 'Rare Holo' });
    const money = valuesAndRecommendation(raw.usd, { psa: 4, bgs: 4.5, cgc: 4, bgsBlackLabel: false, cgcPristine: false });
    expect(money.values.PSA).toBe(246.9);
    expect(money.multipliers).toEqual({ PSA: 0.7, BGS: 0.65, CGC: 0.6 });
  });
});

describe('the grade multipliers', () => {
  it('never fall as the grade rises, and take the row of the highest grade reached', () => {
    for (const [platform, rows] of Object.entries(VALUE_MULTIPLIERS)) {
      const values = [...rows].reverse().map(([, m]) => m);
      expect([platform, values]).toEqual([platform, [...values].sort((a, b) => a - b)]);
    }
    expect(gradeMultiplier('PSA', 8.5)).toBe(1.4);
    expect(gradeMultiplier('BGS', 9.5)).toBe(3.5);
    expect(gradeMultiplier('CGC', 10, true)).toBeCloseTo(7.2);
  });
});

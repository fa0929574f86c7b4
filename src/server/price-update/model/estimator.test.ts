import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { eraOf, gradeMultiplier, MODERN_VALUE_MULTIPLIERS } from '@contract/grade-multipliers';
import { createEstimatorModel, estimateQuote } from './estimator';
import type { QuoteRequest } from './port';

const req = (o: Partial<QuoteRequest> = {}): QuoteRequest => ({
  groupKey: 'k',
  cardKey: 'sv1-1',
  cardId: 'sv1-1',
  cardName: 'Sprigatito',
  cardSet: 'Scarlet & Violet',
  cardNumber: '1',
  rarity: 'Common',
  grades: { PSA: 10, BGS: 10, CGC: 10 },
  lastValues: { PSA: null, BGS: null, CGC: null },
  holders: [],
  releaseDate: '2023/03/31',
  market: { usd: 10, provider: 'TCGplayer market', asOf: '2024-08-02', variant: 'normal' },
  ...o,
});

describe('the estimator price model', () => {
  it('uses the published modern ratios: PSA 7 0.65×, 8 0.84×, 9 1.1×, 10 3.3× raw; BGS 10 1.1× and CGC 10 0.7× a PSA 10', () => {
    const m = (p: 'PSA' | 'BGS' | 'CGC', g: number) => gradeMultiplier(p, g, false, 'modern');
    expect([7, 8, 9, 10].map((g) => m('PSA', g))).toEqual([0.65, 0.84, 1.1, 3.3]);
    expect(m('BGS', 9.5)).toBe(1.37);
    expect(m('BGS', 10) / m('PSA', 10)).toBeCloseTo(1.1);
    expect(m('CGC', 10) / m('PSA', 10)).toBeCloseTo(0.7);
    for (const rows of Object.values(MODERN_VALUE_MULTIPLIERS)) {
      const values = [...rows].reverse().map(([, x]) => x);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
    // The vintage table, which gradings are valued with, is unchanged by default.
    expect(gradeMultiplier('PSA', 10)).toBe(6.5);
  });

  it('tells the era from the set release date; cards entered by hand take the vintage rows', () => {
    expect(eraOf('1999/01/09')).toBe('vintage');
    expect(eraOf('2017/02/03')).toBe('modern');
    expect(eraOf(null)).toBe('vintage');
  });

  it('prices from the market price when there is one, else the rarity estimate, deterministically', async () => {
    expect(estimateQuote(req())).toEqual({
      rawUsd: 10,
      graded: { PSA: 33, BGS: 36.3, CGC: 23.1 },
      confidence: 0.8,
      basis: 'TCGplayer market 2024-08-02 (normal) × modern grade multipliers',
    });
    const noMarket = estimateQuote(req({ market: null, releaseDate: '1999/01/09', grades: { PSA: 9, BGS: 9, CGC: 9 } }));
    expect(noMarket.basis).toBe('rarity estimate × vintage grade multipliers');
    expect(noMarket.graded.PSA).toBeCloseTo(noMarket.rawUsd * 2.2, 1);
    const model = createEstimatorModel();
    expect(await model.quote([req(), req()], { remaining: 0, used: 0 })).toEqual([
      { ok: true, quote: estimateQuote(req()) },
      { ok: true, quote: estimateQuote(req()) },
    ]);
  });

  it('configuration: openai needs a URL and a model; the schedule is off by default', () => {
    expect(loadConfig({}).priceModel.provider).toBe('estimator');
    expect(loadConfig({}).priceUpdateSchedule).toBeNull();
    expect(loadConfig({ PRICE_UPDATE_SCHEDULE: 'mon-03:00' }).priceUpdateSchedule).toEqual({ day: 1, hour: 3, minute: 0 });
    expect(() => loadConfig({ PRICE_MODEL_PROVIDER: 'openai' })).toThrow(/PRICE_MODEL_URL[\s\S]*PRICE_MODEL:/);
    expect(() => loadConfig({ PRICE_UPDATE_SCHEDULE: 'monday 3am' })).toThrow(/PRICE_UPDATE_SCHEDULE must be off or <day>-<HH:MM>/);
  });
});

/**
 * The embedded price model (the default): deterministic and offline. The ungraded price is the card's
 * market price (synced prices, the bundled snapshot before any sync) or else the rarity estimate; each
 * platform's value is that price times the grade multiplier of the one versioned table, with the modern
 * rows for sets of the modern era. Makes no API calls.
 */
import { rarityEstimateUsd } from '../../pricing/embedded';
import { eraOf, gradeMultiplier, VALUE_MULTIPLIERS_VERSION } from '@contract/grade-multipliers';
import { PLATFORMS, type PriceModel, type PriceQuote, type QuoteOutcome, type QuoteRequest } from './port';

const cents = (usd: number) => Math.round(usd * 100) / 100;

export function estimateQuote(r: QuoteRequest): PriceQuote {
  const rawUsd = r.market?.usd ?? rarityEstimateUsd({ cardId: r.cardId, cardName: r.cardName, rarity: r.rarity });
  const era = eraOf(r.releaseDate);
  const graded = Object.fromEntries(
    PLATFORMS.map((p) => [p, cents(rawUsd * gradeMultiplier(p, r.grades[p], false, era))]),
  ) as PriceQuote['graded'];
  return {
    rawUsd: cents(rawUsd),
    graded,
    confidence: r.market ? 0.8 : 0.4,
    basis: r.market
      ? `${r.market.provider} ${r.market.asOf} (${r.market.variant}) × ${era} grade multipliers`
      : `rarity estimate × ${era} grade multipliers`,
  };
}

export function createEstimatorModel(): PriceModel {
  return {
    source: `estimator:${VALUE_MULTIPLIERS_VERSION}`,
    batchSize: 200,
    secondsPerGroup: 0.01,
    async quote(requests: QuoteRequest[]): Promise<QuoteOutcome[]> {
      return requests.map((r) => ({ ok: true, quote: estimateQuote(r) }));
    },
  };
}

/**
 * Typical grading fees and the one rule that recommends where to submit (issue 24.4). Shared by the
 * server (which stores the recommendation with each grading) and the web (which shows the arithmetic),
 * so the platform named "Recommended" is always the one the shown figures favour.
 *
 * Versioned and dated like the value multipliers: a grading records the fee table version it was
 * recommended with (report.valueBasis.feesVersion).
 */
import type { TPlatform } from './common';
import { PLATFORMS } from './common';

export const GRADING_FEES = {
  version: 'fees-2026.11',
  asOf: '2026-11-01',
  source:
    "Each company's published price list, its lowest regular per-card service (PSA Value, BGS Base, CGC Bulk), rounded to whole dollars; shipping, insurance and declared-value upcharges not included.",
  usd: { PSA: 25, BGS: 30, CGC: 20 } satisfies Record<TPlatform, number>,
} as const;

export interface PlatformNet {
  platform: TPlatform;
  /** Estimated value graded by this company. */
  valueUsd: number;
  feeUsd: number;
  /** value − fee: what the collector keeps after paying for the grading. */
  netUsd: number;
}

export interface GradingAdvice {
  /** Per company, in PSA, BGS, CGC order. */
  rows: PlatformNet[];
  /** The company with the highest value after its fee (PSA first on a tie). */
  recommended: TPlatform;
  bestNetUsd: number;
  /** The ungraded value the graded ones are compared with; null when unknown. */
  rawValueUsd: number | null;
  /** Net of the best company above the raw value; null when the raw value is unknown. */
  worthGrading: boolean | null;
}

const cents = (v: number) => Math.round(v * 100) / 100;

/** The one function that decides the recommendation: highest expected value net of the typical fee. */
export function gradingAdvice(valuesUsd: Record<TPlatform, number>, rawValueUsd: number | null | undefined): GradingAdvice {
  const rows = PLATFORMS.map((platform) => {
    const valueUsd = cents(valuesUsd[platform]);
    const feeUsd = GRADING_FEES.usd[platform];
    return { platform, valueUsd, feeUsd, netUsd: cents(valueUsd - feeUsd) };
  });
  const best = rows.reduce((a, b) => (b.netUsd > a.netUsd ? b : a));
  const raw = rawValueUsd == null ? null : cents(rawValueUsd);
  return {
    rows,
    recommended: best.platform,
    bestNetUsd: best.netUsd,
    rawValueUsd: raw,
    worthGrading: raw == null ? null : best.netUsd > raw,
  };
}

/**
 * What a graded copy is worth against the card's ungraded market price, per platform and grade: the one
 * table every value is computed with. Versioned: a grading records the version it was valued with, so a
 * later table (an admin-edited one, issue 14) never silently changes what an old report says.
 *
 * The base price is TCGplayer's market price, which is what raw copies sold for, and those sales are
 * mostly listed as Near Mint — roughly a PSA 7–8 card. So:
 * - 7 and up: the slab and the certainty of condition add value (PSA 10 ×6.5 … PSA 7 ×1.1);
 * - below 7 the card is a played copy, and a slab does not make a played card worth more than a Near
 *   Mint raw one. TCGplayer prices played copies at about 80–90 % (lightly), 65–75 % (moderately) and
 *   50 % (heavily played) of Near Mint, so each grade below 7 takes off about a tenth: PSA 6 ×0.9 …
 *   PSA 4 (VG-EX, a moderately played card) ×0.7 … PSA 1 ×0.4. A Base Set Charizard at $352.72 market
 *   is $246.90 at PSA 4, in line with 2024 sales of PSA 4 unlimited Charizards ($250–350).
 * - BGS and CGC sell below PSA at the same low grade (collectors of played cards prefer PSA slabs), and
 *   above 9 each has its own premium (BGS 10 and CGC Pristine are rarer than a PSA 10).
 * Rows are "from this grade up"; a grade takes the row of the highest grade it reaches.
 */
export const VALUE_MULTIPLIERS_VERSION = 'multipliers-2026.11';

type Platform = 'PSA' | 'BGS' | 'CGC';
export const VALUE_MULTIPLIERS: Record<Platform, ReadonlyArray<readonly [grade: number, multiplier: number]>> = {
  PSA: [
    [10, 6.5],
    [9, 2.2],
    [8, 1.4],
    [7, 1.1],
    [6, 0.9],
    [5, 0.8],
    [4, 0.7],
    [3, 0.6],
    [2, 0.5],
    [1, 0.4],
  ],
  BGS: [
    [10, 9],
    [9.5, 3.5],
    [9, 1.8],
    [8.5, 1.3],
    [8, 1.1],
    [7, 0.95],
    [6, 0.85],
    [5, 0.75],
    [4, 0.65],
    [3, 0.55],
    [2, 0.45],
    [1, 0.35],
  ],
  CGC: [
    [10, 4.5],
    [9.5, 2.2],
    [9, 1.6],
    [8.5, 1.2],
    [8, 1.0],
    [7, 0.9],
    [6, 0.8],
    [5, 0.7],
    [4, 0.6],
    [3, 0.5],
    [2, 0.4],
    [1, 0.3],
  ],
};
/**
 * The same table for MODERN cards (sets released from MODERN_FROM on), used by the weekly price update
 * (issue 14). A modern card's raw copies are pack-fresh, so its raw market price is already close to a
 * PSA 8–9 copy and the published ratios to raw are lower than the vintage rows above: PSA 7 ≈ 0.65×,
 * 8 ≈ 0.84×, 9 ≈ 1.1×, 10 ≈ 3.3×; a 9.5 (BGS, CGC) ≈ 1.37×; BGS 10 ≈ 1.1× a PSA 10, CGC 10 ≈ 0.7×.
 * Between grades the two tables agree (PSA 9 is about a third of a PSA 10 in both; CGC 10 ≈ 0.7× PSA 10
 * in both). Below 7 each grade takes off about a tenth of the PSA 7 figure, as the vintage rows do.
 * Part of the same version: a change to either table is a new VALUE_MULTIPLIERS_VERSION.
 */
export const MODERN_FROM = '2017/02/03'; // Sun & Moon: the start of the pack-fresh modern era.
export const MODERN_VALUE_MULTIPLIERS: Record<Platform, ReadonlyArray<readonly [grade: number, multiplier: number]>> = {
  PSA: [
    [10, 3.3],
    [9, 1.1],
    [8, 0.84],
    [7, 0.65],
    [6, 0.58],
    [5, 0.52],
    [4, 0.46],
    [3, 0.4],
    [2, 0.34],
    [1, 0.28],
  ],
  BGS: [
    [10, 3.63],
    [9.5, 1.37],
    [9, 1.0],
    [8.5, 0.88],
    [8, 0.78],
    [7, 0.6],
    [6, 0.53],
    [5, 0.47],
    [4, 0.41],
    [3, 0.35],
    [2, 0.3],
    [1, 0.24],
  ],
  CGC: [
    [10, 2.31],
    [9.5, 1.3],
    [9, 0.95],
    [8.5, 0.85],
    [8, 0.75],
    [7, 0.58],
    [6, 0.51],
    [5, 0.45],
    [4, 0.39],
    [3, 0.33],
    [2, 0.28],
    [1, 0.22],
  ],
};
export type CardEra = 'vintage' | 'modern';
/** A set's era from its release date (the catalogue's 'YYYY/MM/DD'); unknown (cards entered by hand): vintage rows. */
export const eraOf = (releaseDate: string | null | undefined): CardEra =>
  releaseDate && releaseDate.replace(/-/g, '/') >= MODERN_FROM ? 'modern' : 'vintage';

/** A BGS Black Label (every sub-grade 10) or a CGC Pristine 10 on top of its platform's 10. */
export const SPECIAL_TEN_PREMIUM = 1.6;

/** The multiplier for a platform's grade (a special ten: Black Label or Pristine). */
export function gradeMultiplier(platform: Platform, grade: number, specialTen = false, era: CardEra = 'vintage'): number {
  const rows = (era === 'modern' ? MODERN_VALUE_MULTIPLIERS : VALUE_MULTIPLIERS)[platform];
  const m = rows.find(([from]) => grade >= from)?.[1] ?? rows[rows.length - 1][1];
  return specialTen ? m * SPECIAL_TEN_PREMIUM : m;
}

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
  PSA: [[10, 6.5], [9, 2.2], [8, 1.4], [7, 1.1], [6, 0.9], [5, 0.8], [4, 0.7], [3, 0.6], [2, 0.5], [1, 0.4]],
  BGS: [[10, 9], [9.5, 3.5], [9, 1.8], [8.5, 1.3], [8, 1.1], [7, 0.95], [6, 0.85], [5, 0.75], [4, 0.65], [3, 0.55], [2, 0.45], [1, 0.35]],
  CGC: [[10, 4.5], [9.5, 2.2], [9, 1.6], [8.5, 1.2], [8, 1.0], [7, 0.9], [6, 0.8], [5, 0.7], [4, 0.6], [3, 0.5], [2, 0.4], [1, 0.3]],
};
/** A BGS Black Label (every sub-grade 10) or a CGC Pristine 10 on top of its platform's 10. */
export const SPECIAL_TEN_PREMIUM = 1.6;

/** The multiplier for a platform's grade (a special ten: Black Label or Pristine). */
export function gradeMultiplier(platform: Platform, grade: number, specialTen = false): number {
  const rows = VALUE_MULTIPLIERS[platform];
  const m = rows.find(([from]) => grade >= from)?.[1] ?? rows[rows.length - 1]![1];
  return specialTen ? m * SPECIAL_TEN_PREMIUM : m;
}

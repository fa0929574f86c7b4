/**
 * The grading companies' published standards, as versioned data. When a company changes its
 * rules, add a new version; reports record the version they were graded with.
 * Centering limits are the larger share allowed (55 means 55/45 or better).
 */
export const GRADE_TABLES_VERSION = 'psa-2024.1+bgs-2024.1+cgc-2024.1';

/** PSA: whole grades (and 1.5 steps below 9 are not used here); front/back centering caps per grade. */
export const PSA_CENTERING: { grade: number; front: number; back: number }[] = [
  { grade: 10, front: 55, back: 75 },
  { grade: 9, front: 60, back: 90 },
  { grade: 8, front: 65, back: 90 },
  { grade: 7, front: 70, back: 90 },
  { grade: 6, front: 80, back: 90 },
  { grade: 5, front: 85, back: 90 },
  { grade: 4, front: 85, back: 90 },
  { grade: 3, front: 90, back: 90 },
  { grade: 2, front: 90, back: 90 },
];
export const PSA_LABELS: Record<number, string> = {
  10: 'GEM MT 10',
  9: 'MINT 9',
  8: 'NM-MT 8',
  7: 'NM 7',
  6: 'EX-MT 6',
  5: 'EX 5',
  4: 'VG-EX 4',
  3: 'VG 3',
  2: 'GOOD 2',
  1: 'PR 1',
};

/** BGS centering sub-grade: front and back limits per sub-grade (half steps). */
export const BGS_CENTERING: { grade: number; front: number; back: number }[] = [
  { grade: 10, front: 50.5, back: 55 },
  { grade: 9.5, front: 55, back: 60 },
  { grade: 9, front: 55, back: 70 },
  { grade: 8.5, front: 60, back: 80 },
  { grade: 8, front: 65, back: 80 },
  { grade: 7.5, front: 70, back: 90 },
  { grade: 7, front: 75, back: 95 },
  { grade: 6, front: 80, back: 100 },
  { grade: 5, front: 85, back: 100 },
];
export const BGS_LABELS: [number, string][] = [
  [10, 'Pristine'],
  [9.5, 'Gem Mint'],
  [9, 'Mint'],
  [8.5, 'NM-MT+'],
  [8, 'NM-MT'],
  [7.5, 'NM+'],
  [7, 'NM'],
  [6, 'EX-MT'],
  [5, 'EX'],
  [4, 'VG-EX'],
  [3, 'VG'],
  [2, 'Good'],
  [1, 'Poor'],
];

/** CGC: half steps; Pristine 10 needs perfect centering and flawless sub-grades, Gem Mint 10 a 55/45 front. */
export const CGC_CENTERING: { grade: number; front: number; back: number }[] = [
  { grade: 10, front: 55, back: 75 },
  { grade: 9.5, front: 60, back: 80 },
  { grade: 9, front: 62.5, back: 85 },
  { grade: 8.5, front: 65, back: 90 },
  { grade: 8, front: 70, back: 90 },
  { grade: 7, front: 75, back: 90 },
  { grade: 6, front: 80, back: 95 },
];
export const CGC_PRISTINE_CENTERING = { front: 52, back: 55 };
export const CGC_LABELS: [number, string][] = [
  [10, 'Gem Mint'],
  [9.5, 'Mint+'],
  [9, 'Mint'],
  [8.5, 'NM/Mint+'],
  [8, 'NM/Mint'],
  [7.5, 'Near Mint+'],
  [7, 'Near Mint'],
  [6, 'Excellent/NM'],
  [5, 'Excellent'],
  [4, 'VG/Excellent'],
  [3, 'Very Good'],
  [2, 'Good'],
  [1, 'Poor'],
];

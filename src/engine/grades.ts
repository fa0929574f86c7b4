/** Sub-grades from measurements, and PSA-, BGS- and CGC-style grades from the versioned tables. */
import { BGS_CENTERING, BGS_LABELS, CGC_CENTERING, CGC_LABELS, CGC_PRISTINE_CENTERING, PSA_CENTERING, PSA_LABELS } from './grade-tables';
import type { TValueSource } from '@contract/pricing';
import { gradeMultiplier, VALUE_MULTIPLIERS_VERSION } from '@contract/grade-multipliers';
import { GRADING_FEES, gradingAdvice } from '@contract/grading-fees';

export type Platform = 'PSA' | 'BGS' | 'CGC';
export type SubGrades = { centering: number; corners: number; edges: number; surface: number };
export type CenteringShares = { front: { h: number; v: number } | null; back: { h: number; v: number } | null };

export const halfStep = (v: number) => Math.max(1, Math.min(10, Math.floor(v * 2 + 1e-9) / 2));
/** The worse axis, as the larger share (55.2 for 55.2/44.8 or 44.8/55.2). */
export const worstShare = (f: { h: number; v: number }) => Math.max(f.h, 100 - f.h, f.v, 100 - f.v);

/** Highest grade whose limits both faces meet; unmeasurable faces do not limit. */
function centeringGrade(table: { grade: number; front: number; back: number }[], c: CenteringShares, floor: number): number {
  const front = c.front ? worstShare(c.front) : 50,
    back = c.back ? worstShare(c.back) : 50;
  for (const row of table) if (front <= row.front && back <= row.back) return row.grade;
  return floor;
}

export function subGrades(input: {
  centering: CenteringShares;
  cornerScores: number[];
  edgeScores: number[];
  surfaceScores: number[];
}): SubGrades {
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const min = (xs: number[]) => Math.min(...xs);
  return {
    centering: centeringGrade(BGS_CENTERING, input.centering, 4),
    // One bad corner pulls the grade down more than an average would: blend mean and minimum.
    corners: halfStep(0.5 * mean(input.cornerScores) + 0.5 * min(input.cornerScores) + 0.25),
    edges: halfStep(0.5 * mean(input.edgeScores) + 0.5 * min(input.edgeScores) + 0.25),
    surface: halfStep(min(input.surfaceScores) + 0.25),
  };
}

export function psaGrade(sub: SubGrades, c: CenteringShares) {
  const cap = centeringGrade(PSA_CENTERING, c, 1);
  const condition = Math.min(sub.corners, sub.edges, sub.surface);
  // PSA 10 needs condition of 9.5 or better; below that, whole grades.
  const fromCondition = condition >= 9.5 ? 10 : Math.floor(condition);
  const grade = Math.max(1, Math.min(cap, fromCondition));
  return { grade, label: PSA_LABELS[grade], centeringCap: cap };
}

export function bgsGrade(sub: SubGrades) {
  const values = [sub.centering, sub.corners, sub.edges, sub.surface];
  const lowest = Math.min(...values);
  const avg = values.reduce((s, v) => s + v, 0) / 4;
  if (values.every((v) => v === 10)) return { grade: 10, label: 'Pristine 10 (Black Label)', blackLabel: true };
  // Overall: the average rounded down to a half, never more than one grade above the lowest sub-grade.
  let grade = Math.min(halfStep(avg), lowest + 1);
  if (grade === 10 && values.some((v) => v < 9.5)) grade = 9.5;
  const label = BGS_LABELS.find(([g]) => grade >= g)![1];
  return { grade, label: grade === 10 ? 'Pristine 10' : label, blackLabel: false };
}

export function cgcGrade(sub: SubGrades, c: CenteringShares) {
  const cap = centeringGrade(CGC_CENTERING, c, 5);
  const condition = Math.min(sub.corners, sub.edges, sub.surface);
  const grade = Math.min(cap, halfStep(0.7 * condition + 0.3 * ((sub.corners + sub.edges + sub.surface) / 3) + 0.2));
  const pristine =
    grade === 10 &&
    sub.corners === 10 &&
    sub.edges === 10 &&
    sub.surface === 10 &&
    (!c.front || worstShare(c.front) <= CGC_PRISTINE_CENTERING.front) &&
    (!c.back || worstShare(c.back) <= CGC_PRISTINE_CENTERING.back);
  return { grade, label: pristine ? 'Pristine 10' : CGC_LABELS.find(([g]) => grade >= g)![1], pristine };
}

/** Estimated graded values (USD) and the platform with the best expected value after fees. */
export function valuesAndRecommendation(
  rawValueUsd: number,
  grades: { psa: number; bgs: number; cgc: number; bgsBlackLabel: boolean; cgcPristine: boolean },
) {
  const multipliers = {
    PSA: gradeMultiplier('PSA', grades.psa),
    BGS: gradeMultiplier('BGS', grades.bgs, grades.bgsBlackLabel),
    CGC: gradeMultiplier('CGC', grades.cgc, grades.cgcPristine),
  };
  const values = { PSA: rawValueUsd * multipliers.PSA, BGS: rawValueUsd * multipliers.BGS, CGC: rawValueUsd * multipliers.CGC };
  const round = (v: number) => Math.round(v * 100) / 100;
  const rounded = { PSA: round(values.PSA), BGS: round(values.BGS), CGC: round(values.CGC) };
  // The recommendation is decided by the shared rule the pages show the arithmetic of (contract/grading-fees.ts).
  const advice = gradingAdvice(rounded, rawValueUsd);
  return {
    values: rounded,
    multipliers: { PSA: round(multipliers.PSA), BGS: round(multipliers.BGS), CGC: round(multipliers.CGC) },
    netAfterFees: Object.fromEntries(advice.rows.map((n) => [n.platform, n.netUsd])) as Record<Platform, number>,
    recommended: advice.recommended,
  };
}

/** The grades, sub-grades and values every report starts with, engine-measured or entered by hand. */
export function gradeSummary(a: {
  sub: SubGrades;
  psa: { grade: number; label: string };
  bgs: { grade: number; label: string };
  cgc: { grade: number; label: string };
  money: ReturnType<typeof valuesAndRecommendation>;
  rawValueUsd: number;
  /** What the raw value rests on (a dated market price, a rarity estimate, or a value handed in). */
  valueSource: TValueSource;
}) {
  return {
    psaGrade: a.psa.grade,
    psaLabel: a.psa.label,
    bgsGrade: a.bgs.grade,
    bgsLabel: a.bgs.label,
    cgcGrade: a.cgc.grade,
    cgcLabel: a.cgc.label,
    centeringScore: a.sub.centering,
    cornersScore: a.sub.corners,
    edgesScore: a.sub.edges,
    surfaceScore: a.sub.surface,
    recommendedPlatform: a.money.recommended,
    psaEstimatedValue: a.money.values.PSA.toFixed(2),
    bgsEstimatedValue: a.money.values.BGS.toFixed(2),
    cgcEstimatedValue: a.money.values.CGC.toFixed(2),
    valueBasis: {
      rawValueUsd: a.rawValueUsd,
      netAfterFeesUsd: a.money.netAfterFees,
      source: a.valueSource,
      multipliersVersion: VALUE_MULTIPLIERS_VERSION,
      multipliers: a.money.multipliers,
      feesVersion: GRADING_FEES.version,
    },
  };
}
export type GradeSummary = ReturnType<typeof gradeSummary>;

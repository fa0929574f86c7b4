import type { TPlatform } from '@contract/common';

type Tone = { ring: string; text: string };

/**
 * The grade colour scale of spec §9, as ring (circle) and text classes. Ranges are half-open: "2 to 3"
 * is 2 up to below 3. Text shades are dark enough for AA contrast on white.
 */
const SCALE: { from: number; tone: Tone }[] = [
  { from: 9.5, tone: { ring: 'ring-blue-600', text: 'text-blue-800' } },
  { from: 9, tone: { ring: 'ring-cyan-500', text: 'text-cyan-800' } },
  { from: 8, tone: { ring: 'ring-emerald-500', text: 'text-emerald-800' } },
  { from: 7, tone: { ring: 'ring-green-500', text: 'text-green-800' } },
  { from: 6, tone: { ring: 'ring-lime-500', text: 'text-lime-800' } },
  { from: 5, tone: { ring: 'ring-amber-500', text: 'text-amber-800' } },
  { from: 4, tone: { ring: 'ring-yellow-400', text: 'text-yellow-800' } },
  { from: 3, tone: { ring: 'ring-orange-500', text: 'text-orange-800' } },
  { from: 2, tone: { ring: 'ring-orange-700', text: 'text-orange-900' } },
  { from: 1, tone: { ring: 'ring-red-600', text: 'text-red-800' } },
];
const GREY: Tone = { ring: 'ring-slate-300', text: 'text-slate-700' };
const PURPLE: Tone = { ring: 'ring-purple-600', text: 'text-purple-800' };
const GOLD: Tone = { ring: 'ring-gold-400', text: 'text-amber-800' };

export function gradeTone(grade: number | null | undefined): Tone {
  if (grade == null || !(grade >= 1)) return GREY;
  if (grade === 10) return PURPLE;
  if (grade > 10) return GOLD;
  return SCALE.find((s) => grade >= s.from)!.tone;
}

/** Grades given as words (spec §9): Raw grey, Gem Mint blue, Pristine gold. */
export function textGradeTone(text: string): Tone {
  const t = text.trim().toLowerCase();
  if (t.startsWith('pristine')) return GOLD;
  if (t.startsWith('gem mint')) return SCALE[0].tone;
  return GREY;
}

/**
 * The label of spec §9 where it names one (PSA 10 'GEM MT'; BGS and CGC 10 'PRISTINE', 9.5 'GEM MINT');
 * otherwise null, and the grading report's own label (e.g. 'NM-MT 8') is shown instead.
 */
export function specGradeLabel(platform: string, grade: number | null | undefined): string | null {
  if (grade == null) return null;
  if (platform === 'PSA') return grade >= 10 ? 'GEM MT' : null;
  if (platform === 'BGS' || platform === 'CGC') return grade >= 10 ? 'PRISTINE' : grade >= 9.5 ? 'GEM MINT' : null;
  return null;
}

/** Whole-number grades without decimals, others with one (spec §9). */
export const formatGrade = (grade: number | null | undefined): string =>
  grade == null ? '—' : Number.isInteger(grade) ? String(grade) : grade.toFixed(1);

/** The platform a card is shown by: the recommended one, PSA when missing or other (spec §3). */
export const displayedPlatform = (recommended: string | null | undefined): TPlatform =>
  recommended === 'BGS' || recommended === 'CGC' ? recommended : 'PSA';

/** One platform's grade of a grading. */
export const gradeOn = (platform: TPlatform, g: { psaGrade: number | null; bgsGrade: number | null; cgcGrade: number | null }) =>
  platform === 'BGS' ? g.bgsGrade : platform === 'CGC' ? g.cgcGrade : g.psaGrade;

type Grades = { recommendedPlatform: string | null; psaGrade: number | null; bgsGrade: number | null; cgcGrade: number | null };
/** A grading with every platform's value (card profile, binder entries). */
type WithValues = Grades & { psaEstimatedValue: string | null; bgsEstimatedValue: string | null; cgcEstimatedValue: string | null };
/** A card list's latest grading: only the displayed platform's value travels (`estimatedValue`). */
type WithDisplayedValue = Grades & { estimatedValue: string | null };

export type GradeAndValue = { platform: TPlatform; grade: number | null; value: number | null };

/**
 * The one place a grade meets a value: both are platform X's, never one platform's grade beside
 * another's value. X is the displayed platform unless asked otherwise (the recommended one, PSA when
 * missing or other: spec §3). A card list's grading knows only the displayed platform's value, so for
 * any other platform its value is null rather than a wrong one.
 */
export function gradeAndValue(
  g: WithValues | WithDisplayedValue,
  platform: TPlatform = displayedPlatform(g.recommendedPlatform),
): GradeAndValue {
  const grade = gradeOn(platform, g);
  let value: string | null;
  if ('estimatedValue' in g) value = platform === displayedPlatform(g.recommendedPlatform) ? g.estimatedValue : null;
  else value = platform === 'BGS' ? g.bgsEstimatedValue : platform === 'CGC' ? g.cgcEstimatedValue : g.psaEstimatedValue;
  return { platform, grade, value: value == null ? null : Number(value) };
}

/** The grade and value shown for a graded card: the displayed platform's (spec §3). */
export const displayedGrade = (g: WithValues) => gradeAndValue(g);

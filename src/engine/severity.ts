/**
 * One rule for what a finding's severity means on the 1–10 scale, used wherever a severity and a score
 * sit side by side (surface findings and their sub-grade, corner and edge annotations), so the words
 * and the numbers of a report cannot disagree: a major finding belongs to a score below 7, a moderate
 * one to a score below 9, a minor one to a score of 9 or more.
 */
export type Severity = 'major' | 'moderate' | 'minor';

/** A score below this is major damage; below MODERATE_BELOW, moderate; otherwise minor. */
export const MAJOR_BELOW = 7;
export const MODERATE_BELOW = 9;

/** The severity band a score lies in. */
export const severityOfScore = (score: number): Severity => (score < MAJOR_BELOW ? 'major' : score < MODERATE_BELOW ? 'moderate' : 'minor');

/** The highest score a face with a finding of this severity can have: the top half-step of its band. */
export const SEVERITY_CAP: Record<Severity, number> = { major: MAJOR_BELOW - 0.5, moderate: MODERATE_BELOW - 0.5, minor: 9.5 };
/** What each finding takes off the score, so several findings weigh more than one. */
export const SEVERITY_PENALTY: Record<Severity, number> = { major: 2, moderate: 1, minor: 0.5 };

/** The lowest score a face whose worst finding has this severity gets: the bottom of its band. */
export const SEVERITY_FLOOR: Record<Severity, number> = { major: 1, moderate: MAJOR_BELOW, minor: MODERATE_BELOW };

/**
 * A face's score from its findings: 10 less their penalties, kept inside its worst finding's band, so
 * the score and the findings under it say the same (many minor findings never read as moderate damage,
 * one major finding never as light wear).
 */
export function scoreFromFindings(findings: { severity: Severity }[]): number {
  if (!findings.length) return 10;
  const penalty = findings.reduce((sum, f) => sum + SEVERITY_PENALTY[f.severity], 0);
  const worst = severityOfScore(Math.min(...findings.map((f) => SEVERITY_CAP[f.severity])));
  return Math.max(SEVERITY_FLOOR[worst], Math.min(SEVERITY_CAP[worst], Math.round((10 - penalty) * 10) / 10));
}

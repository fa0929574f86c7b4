/** Grade colours (10 down to 1) used for grade circles and tiles, with text that meets AA contrast. */
export function gradeTone(grade: number | null | undefined): { ring: string; text: string; label: string } {
  if (grade == null) return { ring: 'ring-slate-300', text: 'text-slate-700', label: 'Not graded' };
  if (grade >= 9.5) return { ring: 'ring-emerald-600', text: 'text-emerald-800', label: 'Gem Mint' };
  if (grade >= 9) return { ring: 'ring-green-600', text: 'text-green-800', label: 'Mint' };
  if (grade >= 8) return { ring: 'ring-lime-600', text: 'text-lime-800', label: 'Near Mint–Mint' };
  if (grade >= 7) return { ring: 'ring-yellow-500', text: 'text-yellow-800', label: 'Near Mint' };
  if (grade >= 5) return { ring: 'ring-orange-500', text: 'text-orange-800', label: 'Excellent' };
  return { ring: 'ring-red-600', text: 'text-red-800', label: 'Worn' };
}

/** The grade and value shown for a graded card: the recommended platform's, PSA when missing or other (spec §3). */
export function displayedGrade(s: { recommendedPlatform: string | null; psaGrade: number | null; bgsGrade: number | null; cgcGrade: number | null; psaEstimatedValue: string | null; bgsEstimatedValue: string | null; cgcEstimatedValue: string | null }) {
  const platform = s.recommendedPlatform === 'BGS' || s.recommendedPlatform === 'CGC' ? s.recommendedPlatform : 'PSA';
  const grade = platform === 'BGS' ? s.bgsGrade : platform === 'CGC' ? s.cgcGrade : s.psaGrade;
  const value = platform === 'BGS' ? s.bgsEstimatedValue : platform === 'CGC' ? s.cgcEstimatedValue : s.psaEstimatedValue;
  return { platform, grade, value: value == null ? null : Number(value) };
}

/**
 * What a graded card shows (spec §3): the grade and value of its recommended platform, PSA when the
 * recommendation is missing or another platform. One definition for SQL and one for rows in memory.
 */
import { sql } from 'drizzle-orm';
import { gradings } from '../db/schema';

const rp = gradings.recommendedPlatform;
/** The columns a grade and its values are read from: every platform's, and the recommendation. */
export const gradeAndValueColumns = {
  recommendedPlatform: gradings.recommendedPlatform,
  psaGrade: gradings.psaGrade,
  bgsGrade: gradings.bgsGrade,
  cgcGrade: gradings.cgcGrade,
  psaEstimatedValue: gradings.psaEstimatedValue,
  bgsEstimatedValue: gradings.bgsEstimatedValue,
  cgcEstimatedValue: gradings.cgcEstimatedValue,
};
export const displayedPlatformSql = sql<string>`case when ${rp} in ('BGS', 'CGC') then ${rp} else 'PSA' end`;
export const displayedGradeSql = sql<
  number | null
>`case ${rp} when 'BGS' then ${gradings.bgsGrade} when 'CGC' then ${gradings.cgcGrade} else ${gradings.psaGrade} end`;
export const displayedValueSql = sql<
  string | null
>`case ${rp} when 'BGS' then ${gradings.bgsEstimatedValue} when 'CGC' then ${gradings.cgcEstimatedValue} else ${gradings.psaEstimatedValue} end`;

type Platformed = { recommendedPlatform: string | null };
export const displayedPlatform = (g: Platformed): 'PSA' | 'BGS' | 'CGC' =>
  g.recommendedPlatform === 'BGS' || g.recommendedPlatform === 'CGC' ? g.recommendedPlatform : 'PSA';
export const displayedGrade = (g: Platformed & { psaGrade: number | null; bgsGrade: number | null; cgcGrade: number | null }) =>
  g.recommendedPlatform === 'BGS' ? g.bgsGrade : g.recommendedPlatform === 'CGC' ? g.cgcGrade : g.psaGrade;
/** The value as the numeric column's string ("120.00"), or null. */
export const displayedValue = (
  g: Platformed & { psaEstimatedValue: string | null; bgsEstimatedValue: string | null; cgcEstimatedValue: string | null },
) => (g.recommendedPlatform === 'BGS' ? g.bgsEstimatedValue : g.recommendedPlatform === 'CGC' ? g.cgcEstimatedValue : g.psaEstimatedValue);

/**
 * A changed printing re-values the card (issue 15): its latest completed grading's three values are
 * worked out again from the new printing's raw value with the same multipliers a fresh grading uses
 * (valuesAndRecommendation), and the report's value basis says what they now rest on. Runs inside the
 * caller's transaction; the raw value is looked up before it (a remote pricing adapter must not hold
 * a transaction open).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { gradings } from '../db/schema';
import { valuesAndRecommendation } from '../../engine/index';
import { VALUE_MULTIPLIERS_VERSION } from '@contract/grade-multipliers';
import type { RawValue } from '../pricing/port';
import { GRADING_FEES } from '@contract/grading-fees';

export async function revalueLatestGrading(tx: Tx, userCardId: string, raw: RawValue): Promise<void> {
  const [g] = await tx
    .select({ id: gradings.id, psa: gradings.psaGrade, bgs: gradings.bgsGrade, cgc: gradings.cgcGrade, report: gradings.report })
    .from(gradings)
    .where(and(eq(gradings.userCardId, userCardId), eq(gradings.status, 'completed')))
    .orderBy(sql`coalesce(${gradings.completedAt}, ${gradings.createdAt}) desc`, desc(gradings.id))
    .limit(1)
    .for('update');
  if (!g || g.psa === null || g.bgs === null || g.cgc === null) return;
  const report = (g.report ?? {}) as { bgsLabel?: string; cgcLabel?: string };
  const money = valuesAndRecommendation(raw.usd, {
    psa: g.psa,
    bgs: g.bgs,
    cgc: g.cgc,
    // The special tens are read back from the labels the grading wrote (grades.ts).
    bgsBlackLabel: /black label/i.test(report.bgsLabel ?? ''),
    cgcPristine: report.cgcLabel === 'Pristine 10',
  });
  const basis = {
    rawValueUsd: raw.usd,
    netAfterFeesUsd: money.netAfterFees,
    source: raw.source,
    multipliersVersion: VALUE_MULTIPLIERS_VERSION,
    multipliers: money.multipliers,
    feesVersion: GRADING_FEES.version,
  };
  await tx
    .update(gradings)
    .set({
      psaEstimatedValue: money.values.PSA.toFixed(2),
      bgsEstimatedValue: money.values.BGS.toFixed(2),
      cgcEstimatedValue: money.values.CGC.toFixed(2),
      recommendedPlatform: money.recommended,
      report: sql`jsonb_set(coalesce(${gradings.report}, '{}'::jsonb), '{valueBasis}', ${JSON.stringify(basis)}::jsonb)`,
    })
    .where(eq(gradings.id, g.id));
}

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { binderCards, gradings } from '../db/schema';

/**
 * A grading the engine measured from photos, as opposed to grades the collector typed in. Binders are
 * what collectors show others (public links), so they only ever show measured grades.
 */
export const isMeasuredGrading = sql`coalesce(${gradings.report}->>'source', 'engine') <> 'manual'`;

/**
 * A binder shows each card with its newest measured grading: when the engine completes a grading of a
 * card, every binder entry of that card moves to it. A manual grading leaves binders as they are. Call
 * it in the transaction that completes the grading, so a binder never points at one that is not final.
 */
export async function showNewGradingInBinders(tx: DbOrTx, userCardId: string, gradingRowId: string): Promise<void> {
  await tx.update(binderCards).set({ submissionId: gradingRowId }).where(eq(binderCards.userCardId, userCardId));
}

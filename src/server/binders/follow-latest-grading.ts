import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { binderCards } from '../db/schema';

/**
 * A binder shows each card with its newest grading, as the collection does: when a grading of a card
 * completes (from photos or by hand), every binder entry of that card moves to it. Call it in the
 * transaction that completes the grading, so a binder never points at a grading that is not final.
 */
export async function showNewGradingInBinders(tx: DbOrTx, userCardId: string, gradingRowId: string): Promise<void> {
  await tx.update(binderCards).set({ submissionId: gradingRowId }).where(eq(binderCards.userCardId, userCardId));
}

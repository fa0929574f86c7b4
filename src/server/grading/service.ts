/**
 * Grading jobs. Starting one spends a credit (starter accounts) in the same transaction that queues
 * the job, with a conditional UPDATE so concurrent requests can never spend more than the balance.
 * The `gradings` table is the queue: a worker claims rows with FOR NO KEY UPDATE SKIP LOCKED, so any number
 * of worker processes share it without double work (see worker.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { NO_CREDITS_MESSAGE, type TGrading } from '@contract/gradings';
import { parseStoredReport, type TGradingReportResponse } from '@contract/grading-report';
import type { Db } from '../db/client';
import { creditLedger, gradings, userCards, users } from '../db/schema';
import { toGrading } from './grading-mapper';
import { invalid, paymentRequired, missing, conflicting } from '../domain-errors';

export const newGradingId = () => `GV-${randomBytes(5).toString('hex').toUpperCase()}`;

export function createGradingService(db: Db, hooks: { creditsChanged(userId: string): void; queued(): void }) {
  return {
    /** Queues a grading of the caller's card; 404 for anyone else's card, 402 without credits. */
    async start(userId: string, userCardId: string): Promise<TGrading> {
      const row = await db.transaction(async (tx) => {
        // Locked as the manual save locks it, so a manual grading never slips in beside a queued one.
        const [card] = await tx
          .select()
          .from(userCards)
          .where(and(eq(userCards.id, userCardId), eq(userCards.userId, userId)))
          .limit(1)
          .for('update');
        if (!card) throw missing('No such card in your collection.');
        if (!card.images.front || !card.images.back) throw invalid('Add a front and a back photo before grading this card.', 'front');
        const [user] = await tx.select({ accountType: users.accountType }).from(users).where(eq(users.id, userId)).limit(1);
        const gradingId = newGradingId();
        let creditsSpent = 0;
        if (user.accountType !== 'pro') {
          // The balance check and the spend are one statement: two requests cannot both see the last credit.
          const spent = await tx
            .update(users)
            .set({ credits: sql`${users.credits} - 1` })
            .where(and(eq(users.id, userId), sql`${users.credits} >= 1`))
            .returning({ credits: users.credits });
          if (!spent.length) throw paymentRequired(NO_CREDITS_MESSAGE, 'credits', 'insufficient_credits');
          creditsSpent = 1;
        }
        const [g] = await tx
          .insert(gradings)
          .values({ gradingId, userCardId, userId, creditsSpent, currentStep: 'Waiting in the queue' })
          .returning();
        if (creditsSpent) await tx.insert(creditLedger).values({ userId, delta: -1, reason: 'grading', gradingId: g.id });
        return g;
      });
      if (row.creditsSpent) hooks.creditsChanged(userId);
      hooks.queued();
      return toGrading(row);
    },

    async get(userId: string, gradingId: string, asAdmin = false): Promise<TGrading> {
      const where = asAdmin ? eq(gradings.gradingId, gradingId) : and(eq(gradings.gradingId, gradingId), eq(gradings.userId, userId));
      const [g] = await db.select().from(gradings).where(where).limit(1);
      if (!g) throw missing('No such grading.');
      return toGrading(g);
    },

    /** Gradings of one of the caller's cards, newest first. */
    async listForCard(userId: string, userCardId: string): Promise<TGrading[]> {
      // Someone else's card answers 404 like every other card route, not an empty list.
      const [card] = await db
        .select({ id: userCards.id })
        .from(userCards)
        .where(and(eq(userCards.id, userCardId), eq(userCards.userId, userId)));
      if (!card) throw missing('No such card in your collection.');
      const rows = await db
        .select()
        .from(gradings)
        .where(and(eq(gradings.userCardId, userCardId), eq(gradings.userId, userId)))
        .orderBy(desc(gradings.createdAt));
      return rows.map(toGrading);
    },

    /** Storage key of one evidence image of the caller's completed grading, without loading the report. */
    async evidenceKey(userId: string, gradingId: string, name: string): Promise<string | null> {
      const [row] = await db
        .select({ key: sql<string | null>`${gradings.report}->'evidenceKeys'->>${name}` })
        .from(gradings)
        .where(and(eq(gradings.gradingId, gradingId), eq(gradings.userId, userId), eq(gradings.status, 'completed')))
        .limit(1);
      return row?.key ?? null;
    },

    /** The full report of a completed grading (owner only), upgraded to the current report version. */
    async report(userId: string, gradingId: string): Promise<TGradingReportResponse> {
      const [g] = await db
        .select()
        .from(gradings)
        .where(and(eq(gradings.gradingId, gradingId), eq(gradings.userId, userId)))
        .limit(1);
      if (!g) throw missing('No such grading.');
      if (g.status !== 'completed' || !g.report) throw conflicting('This grading has no report yet.');
      return parseStoredReport(g.report);
    },
  };
}
export type GradingService = ReturnType<typeof createGradingService>;

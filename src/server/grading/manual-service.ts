/**
 * Manual grading: the collector enters or adjusts sub-grades, and the platform grades are recomputed
 * with the engine's own tables (grades.ts). Saving one writes a completed grading of the card, with
 * values and the recommended platform from the same pricing path as the worker, and a report marked
 * `source: 'manual'` (no photos were measured, so there is no evidence and no confidence). It is free.
 */
import { pricedCard } from '../pricing/priced-card';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { GRADING_REPORT_VERSION, MANUAL_GRADING_STEP, manualDecisionLogs, type TManualGradingReport } from '@contract/grading-report';
import { MANUAL_GRADING_BUSY_MESSAGE, type TManualGradeRequest } from '@contract/manual-grade';
import type { TGrading } from '@contract/gradings';
import type { Db } from '../db/client';
import { gradings, userCards } from '../db/schema';
import type { Clock } from '../deps';
import { missing, conflicting } from '../domain-errors';
import type { PricingPort } from '../pricing/port';
import {
  GRADE_TABLES_VERSION,
  bgsGrade,
  cgcGrade,
  gradeSummary,
  psaGrade,
  subGrades,
  valuesAndRecommendation,
  type CenteringShares,
} from '../../engine/index';
import { gradingColumns } from './grading-columns';
import { toGrading } from './grading-mapper';
import { newGradingId } from './service';

/** PSA, BGS and CGC grades of entered sub-grades, by the engine's tables. */
export function computeManualGrades(input: TManualGradeRequest) {
  // Shares are per face's worse axis; the tables only need the larger share.
  const centering: CenteringShares = {
    front: input.frontCentering == null ? null : { h: input.frontCentering, v: 50 },
    back: input.backCentering == null ? null : { h: input.backCentering, v: 50 },
  };
  const sub = {
    ...subGrades({ centering, cornerScores: [input.corners], edgeScores: [input.edges], surfaceScores: [input.surface] }),
    corners: input.corners,
    edges: input.edges,
    surface: input.surface,
  };
  return { centering, sub, psa: psaGrade(sub, centering), bgs: bgsGrade(sub), cgc: cgcGrade(sub, centering) };
}

const ratio = (share: number) => `${share}/${Math.round((100 - share) * 10) / 10}`;

export function createManualGradingService(deps: { db: Db; pricing: PricingPort; clock: Clock }) {
  const { db, pricing, clock } = deps;
  return {
    /**
     * Saves a manual grading of the caller's card: 404 for anyone else's card (as for a missing one),
     * 409 while an engine grading of it is still queued or running.
     */
    async save(userId: string, userCardId: string, input: TManualGradeRequest): Promise<TGrading> {
      const [card] = await db
        .select()
        .from(userCards)
        .where(and(eq(userCards.id, userCardId), eq(userCards.userId, userId)))
        .limit(1);
      if (!card) throw missing("That card isn't in your collection.");
      // Before the transaction: a remote pricing adapter must not hold it open.
      const raw = await pricing.rawValueUsd(pricedCard(card));
      const rawValueUsd = raw.usd;
      const { centering, sub, psa, bgs, cgc } = computeManualGrades(input);
      const money = valuesAndRecommendation(rawValueUsd, {
        psa: psa.grade,
        bgs: bgs.grade,
        cgc: cgc.grade,
        bgsBlackLabel: bgs.blackLabel,
        cgcPristine: cgc.pristine,
      });

      const row = await db.transaction(async (tx) => {
        // Lock the card so a concurrent delete or a second save waits for this one.
        const [locked] = await tx
          .select({ id: userCards.id })
          .from(userCards)
          .where(and(eq(userCards.id, userCardId), eq(userCards.userId, userId)))
          .for('update');
        if (!locked) throw missing("That card isn't in your collection.");
        const [busy] = await tx
          .select({ id: gradings.id })
          .from(gradings)
          .where(and(eq(gradings.userCardId, userCardId), inArray(gradings.status, ['pending', 'processing'])))
          .limit(1);
        if (busy) throw conflicting(MANUAL_GRADING_BUSY_MESSAGE);
        const [basedOn] = await tx
          .select()
          .from(gradings)
          .where(and(eq(gradings.userCardId, userCardId), eq(gradings.status, 'completed')))
          .orderBy(desc(gradings.createdAt))
          .limit(1);
        const was = (v: number | null | undefined) =>
          basedOn && v != null ? ` The previous grading, ${basedOn.gradingId}, had ${v}.` : '';
        const byHand = 'Entered by hand by the collector, not measured from photos.';

        const now = clock.now();
        const faces = [
          centering.front && `front ${ratio(input.frontCentering!)}`,
          centering.back && `back ${ratio(input.backCentering!)}`,
        ].filter(Boolean);
        const report: TManualGradingReport = {
          schemaVersion: GRADING_REPORT_VERSION,
          source: 'manual',
          gradeTablesVersion: GRADE_TABLES_VERSION,
          input,
          ...(basedOn && { basedOnGradingId: basedOn.gradingId }),
          ...gradeSummary({ sub, psa, bgs, cgc, money, rawValueUsd, valueSource: raw.source }),
          confidence: null,
          ...manualDecisionLogs({
            centering: {
              score: sub.centering,
              summary: faces.length
                ? `Worse axis ${faces.join(', ')}, entered by the collector.`
                : 'Not measurable on either face, as entered by the collector.',
              reasoning: `${byHand} The centering sub-grade is the highest whose limits both faces meet; PSA caps this card at ${psa.centeringCap}.${was(basedOn?.centeringScore)}`,
              horizontalRatio: input.frontCentering == null ? null : ratio(input.frontCentering),
            },
            corners: {
              score: sub.corners,
              summary: `Corners ${sub.corners}, entered by the collector.`,
              reasoning: `${byHand}${was(basedOn?.cornersScore)}`,
            },
            edges: {
              score: sub.edges,
              summary: `Edges ${sub.edges}, entered by the collector.`,
              reasoning: `${byHand}${was(basedOn?.edgesScore)}`,
            },
            surface: {
              score: sub.surface,
              summary: `Surface ${sub.surface}, entered by the collector.`,
              reasoning: `${byHand}${was(basedOn?.surfaceScore)}`,
            },
          }),
          imageAdjustments: [],
          analysisSteps: [
            {
              stepNumber: 1,
              stepName: MANUAL_GRADING_STEP,
              stepDescription: `Sub-grades entered by the collector; PSA, BGS and CGC grades recomputed with the engine's tables (${GRADE_TABLES_VERSION}).${basedOn ? ` Started from grading ${basedOn.gradingId}.` : ''}`,
              status: 'completed',
              stepResults: { ...input },
              startTime: now.toISOString(),
              endTime: now.toISOString(),
            },
          ],
        };
        const [g] = await tx
          .insert(gradings)
          .values({
            gradingId: newGradingId(),
            userCardId,
            userId,
            status: 'completed',
            progress: 100,
            currentStep: MANUAL_GRADING_STEP,
            creditsSpent: 0,
            startedAt: now,
            completedAt: now,
            ...gradingColumns(report),
            confidence: null,
            report: report,
          })
          .returning();
        // Binders keep showing the last measured grading (see binders/follow-latest-grading.ts).
        return g;
      });
      return toGrading(row);
    },
  };
}
export type ManualGradingService = ReturnType<typeof createManualGradingService>;

/**
 * Card submissions and the Detailed Grading Report (spec §2.7, §3, §7.3). The report's parts are read
 * from the grading's stored report (engine or manual) and its evidence images; nothing is made up here.
 */
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REPORT_CORNER_KEYS,
  REPORT_EDGE_KEYS,
  type TAdjustmentsGroupedResponse,
  type TAdminGradingReportResponse,
  type TAdminSubmissionsResponse,
  type TAnalysisStep,
  type TImageAdjustment,
  type ZAdminSubmissionsRequest,
} from '@contract/admin';
import type { Db } from '../db/client';
import { gradings, userCards, users } from '../db/schema';
import { missing } from '../domain-errors';
import { userCardImageUrl } from '../cards/image-urls';
import { gradingFigures } from '../grading/grading-mapper';

type Row = { g: typeof gradings.$inferSelect; card: typeof userCards.$inferSelect; username: string | null; email: string | null };
type StoredReport = {
  valueBasis?: { rawValueUsd?: number };
  evidenceKeys?: Record<string, string>;
  imageAdjustments?: {
    adjustmentStep: number;
    adjustmentType: string;
    adjustmentDescription: string;
    originalImageType: string;
    evidenceName?: string;
    createdAt?: string;
    annotations?: { severity: string; annotationText: string }[];
  }[];
  analysisSteps?: {
    stepNumber: number;
    stepName: string;
    stepDescription: string;
    status: string;
    stepResults: unknown;
    startTime?: string;
    endTime?: string;
  }[];
  [log: string]: unknown;
};

const isGradingCode = (id: string) => /^GV-/i.test(id);
const FACES = ['front', 'back'] as const;

export function createAdminSubmissionService(db: Db, prefix: string) {
  /** The grading by its GV- code or, as §7.3's fallback, by the submission's own id. */
  async function load(id: string): Promise<Row> {
    const [row] = await db
      .select({ g: gradings, card: userCards, username: users.username, email: users.email })
      .from(gradings)
      .innerJoin(userCards, eq(userCards.id, gradings.userCardId))
      .leftJoin(users, eq(users.id, gradings.userId))
      .where(isGradingCode(id) ? eq(gradings.gradingId, id.toUpperCase()) : eq(gradings.id, id.toLowerCase()))
      .limit(1);
    if (!row) throw missing('No grading details available');
    return row;
  }
  const stored = (row: Row) => (row.g.report ?? {}) as StoredReport;
  const evidenceUrl = (row: Row, name: string) =>
    stored(row).evidenceKeys?.[name] ? `${prefix}/grading/${row.g.gradingId}/images/${name}` : null;
  const photoUrl = (row: Row, key: string | undefined) => userCardImageUrl(row.card.id, key);

  function adjustments(row: Row): TImageAdjustment[] {
    const report = stored(row);
    const out: TImageAdjustment[] = [];
    for (const face of FACES) {
      const steps = (report.imageAdjustments ?? []).filter((a) => a.originalImageType === face);
      const original = row.card.images[face];
      if (!original && steps.length === 0) continue;
      if (original) {
        out.push({
          id: `${row.g.id}:${face}:0`,
          adjustmentStep: 0,
          adjustmentType: 'original',
          adjustmentDescription: `The ${face} photo as uploaded (metadata removed, re-encoded).`,
          originalImageType: face,
          adjustedImageUrl: photoUrl(row, original),
          // The photo entered the record when this grading was submitted with it: a later edit of the
          // card (notes, price) moves updatedAt and must not move the evidence's time (issue 24.8).
          createdAt: row.g.createdAt.toISOString(),
          annotations: [],
        });
      }
      for (const a of steps) {
        const id = `${row.g.id}:${face}:${a.adjustmentStep}`;
        // Gradings made before the engine named its images: the annotation step's image is {face}Annotated.
        const evidenceName = a.evidenceName ?? (a.adjustmentType === 'annotation' ? `${face}Annotated` : undefined);
        out.push({
          id,
          adjustmentStep: a.adjustmentStep,
          adjustmentType: a.adjustmentType,
          adjustmentDescription: a.adjustmentDescription,
          originalImageType: face,
          adjustedImageUrl: evidenceName ? evidenceUrl(row, evidenceName) : null,
          createdAt: a.createdAt ?? (row.g.completedAt ?? row.g.createdAt).toISOString(),
          annotations: (a.annotations ?? []).map((n, i) => ({
            id: `${id}:${i + 1}`,
            severity: n.severity,
            annotationText: n.annotationText,
          })),
        });
      }
    }
    return out;
  }

  function analysisSteps(row: Row): TAnalysisStep[] {
    return (stored(row).analysisSteps ?? []).map((s) => ({
      id: `${row.g.id}:step:${s.stepNumber}`,
      stepNumber: s.stepNumber,
      stepName: s.stepName,
      stepDescription: s.stepDescription,
      status: s.status,
      stepResults: s.stepResults ?? null,
      startTime: s.startTime ?? null,
      endTime: s.endTime ?? null,
    }));
  }

  const log = (report: StoredReport, name: string) => {
    const value = report[name];
    return typeof value === 'string' || (value && typeof value === 'object' && !Array.isArray(value))
      ? (value as string | Record<string, unknown>)
      : null;
  };

  return {
    /** Newest first, optionally one status; keyset-friendly indexes (status, created_at, id). */
    async list(query: z.infer<typeof ZAdminSubmissionsRequest>): Promise<TAdminSubmissionsResponse> {
      const { page, pageSize, status } = query;
      // The page's ids first, from the gradings index alone; then only those rows are joined. Joining
      // before the offset made page 200 join 5,000 rows to throw them away.
      const ids = db
        .select({ id: gradings.id, createdAt: gradings.createdAt })
        .from(gradings)
        .where(status ? eq(gradings.status, status) : undefined)
        .orderBy(desc(gradings.createdAt), desc(gradings.id))
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize)
        .as('page_ids');
      const rows = await db
        .select({
          id: gradings.id,
          gradingId: gradings.gradingId,
          status: gradings.status,
          createdAt: gradings.createdAt,
          cardName: userCards.cardName,
          rarity: userCards.rarity,
          cardSet: userCards.cardSet,
          cardNumber: userCards.cardNumber,
          username: users.username,
        })
        .from(ids)
        .innerJoin(gradings, eq(gradings.id, ids.id))
        .innerJoin(userCards, eq(userCards.id, gradings.userCardId))
        .leftJoin(users, eq(users.id, gradings.userId))
        .orderBy(desc(ids.createdAt), desc(ids.id));
      return {
        items: rows
          .slice(0, pageSize)
          .map(({ username, createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString(), user: username ? { username } : null })),
        page,
        pageSize,
        hasMore: rows.length > pageSize,
      };
    },

    async report(id: string): Promise<TAdminGradingReportResponse> {
      const row = await load(id);
      const { g, card } = row;
      const report = stored(row);
      const corners = card.images.corners ?? {};
      return {
        id: g.id,
        gradingId: g.gradingId,
        status: g.status,
        cardName: card.cardName,
        cardSet: card.cardSet,
        cardNumber: card.cardNumber,
        rarity: card.rarity,
        ...gradingFigures(g),
        user: row.username ?? row.email,
        createdAt: g.createdAt.toISOString(),
        rawValueUsd: stored(row).valueBasis?.rawValueUsd ?? null,
        frontImageUrl: photoUrl(row, card.images.front),
        backImageUrl: photoUrl(row, card.images.back),
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
        cornerImageUrls: Object.fromEntries(
          REPORT_CORNER_KEYS.map((k) => [k, photoUrl(row, corners[k])]),
        ) as TAdminGradingReportResponse['cornerImageUrls'],
        detailImages: (card.images.details ?? []).map((k) => photoUrl(row, k)!),
        frontAnnotatedImageUrl: evidenceUrl(row, 'frontAnnotated'),
        backAnnotatedImageUrl: evidenceUrl(row, 'backAnnotated'),
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
        annotatedCornerUrls: Object.fromEntries(
          REPORT_CORNER_KEYS.map((k) => [k, evidenceUrl(row, `${k}Corner`)]),
        ) as TAdminGradingReportResponse['annotatedCornerUrls'],
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
        annotatedEdgeUrls: Object.fromEntries(
          REPORT_EDGE_KEYS.map((k) => [k, evidenceUrl(row, `${k}Edge`)]),
        ) as TAdminGradingReportResponse['annotatedEdgeUrls'],
        centeringDecisionLog: log(report, 'centeringDecisionLog'),
        cornersDecisionLog: log(report, 'cornersDecisionLog'),
        edgesDecisionLog: log(report, 'edgesDecisionLog'),
        surfaceDecisionLog: log(report, 'surfaceDecisionLog'),
      };
    },

    async adjustments(id: string) {
      return adjustments(await load(id));
    },
    async adjustmentsGrouped(id: string): Promise<TAdjustmentsGroupedResponse> {
      const grouped: TAdjustmentsGroupedResponse = {};
      for (const a of adjustments(await load(id))) (grouped[a.originalImageType] ??= []).push(a);
      return grouped;
    },
    async analysisSteps(id: string) {
      return analysisSteps(await load(id));
    },
    async auditTrail(id: string) {
      const row = await load(id);
      return { adjustments: adjustments(row), analysisSteps: analysisSteps(row) };
    },
    /** Storage key of one evidence image of a grading, or null. */
    async evidenceKey(id: string, name: string): Promise<string | null> {
      const row = await load(id);
      return stored(row).evidenceKeys?.[name] ?? null;
    },
  };
}
export type AdminSubmissionService = ReturnType<typeof createAdminSubmissionService>;

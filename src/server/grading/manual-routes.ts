import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { Clock } from '../deps';
import { requireUser } from '../http/access';
import type { PricingPort } from '../pricing/port';
import { GRADE_TABLES_VERSION } from '../../engine/index';
import { computeManualGrades, createManualGradingService } from './manual-service';
import { contractRoute } from '../http/contract-route';

/** Manual grading: the same tables as the engine, applied to sub-grades a person chose; saved to the card on request. */
export const manualGradeRoutes: FastifyPluginAsyncZod<{ db: Db; pricing: PricingPort; clock: Clock }> = async (app, deps) => {
  const manual = createManualGradingService(deps);

  /** Preview: grades only, nothing saved. */
  contractRoute(app, 'POST /api/grading/manual-grade', {
    tags: ['gradings'],
    summary: 'Platform grades for sub-grades entered by hand (nothing saved)',
    handler: async (request) => {
      const { sub, psa, bgs, cgc } = computeManualGrades(request.body);
      return {
        centering: sub.centering,
        psaGrade: psa.grade,
        psaLabel: psa.label,
        bgsGrade: bgs.grade,
        bgsLabel: bgs.label,
        cgcGrade: cgc.grade,
        cgcLabel: cgc.label,
        gradeTablesVersion: GRADE_TABLES_VERSION,
      };
    },
  });

  /** Save: a new completed grading of the caller's card, free of charge; 404 for anyone else's card, 409 while it is being graded. */
  contractRoute(app, 'POST /api/user-cards/:id/manual-grading', {
    tags: ['gradings'],
    summary: 'Save a manual grading of a card',
    handler: async (request, reply) => reply.status(201).send(await manual.save(requireUser(request).id, request.params.id, request.body)),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZManualGradeRequest, ZManualGradeResult } from '@contract/manual-grade';
import { GRADE_TABLES_VERSION } from './engine/grade-tables';
import { bgsGrade, cgcGrade, psaGrade, subGrades } from './engine/grades';

/** Manual grading: the same tables as the engine, applied to sub-grades a person chose. */
export const manualGradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/grading/manual-grade', {
    config: { access: 'user' },
    schema: { body: ZManualGradeRequest, response: { 200: ZManualGradeResult } },
    handler: async (request) => {
      const b = request.body;
      // Shares are per face's worse axis; the tables only need the larger share.
      const centering = { front: b.frontCentering == null ? null : { h: b.frontCentering, v: 50 }, back: b.backCentering == null ? null : { h: b.backCentering, v: 50 } };
      const sub = { ...subGrades({ centering, cornerScores: [b.corners], edgeScores: [b.edges], surfaceScores: [b.surface] }), corners: b.corners, edges: b.edges, surface: b.surface };
      const psa = psaGrade(sub, centering), bgs = bgsGrade(sub), cgc = cgcGrade(sub, centering);
      return { centering: sub.centering, psaGrade: psa.grade, psaLabel: psa.label, bgsGrade: bgs.grade, bgsLabel: bgs.label, cgcGrade: cgc.grade, cgcLabel: cgc.label, gradeTablesVersion: GRADE_TABLES_VERSION };
    },
  });
};

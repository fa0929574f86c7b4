/** A report stored before the report contract (no schemaVersion) is still served, upgraded to the current version. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GRADING_REPORT_VERSION, type TEngineGradingReport } from '@contract/grading-report';
import v1 from '@contract/fixtures/grading-report-v1.json' with { type: 'json' };
import { buildGrading, buildUserCard } from '../test/factories';
import { createTestApp, json, signedInClient, type TestContext } from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'false', DATA_DIR: `.tmp/test-data-${process.pid}` });
}, 60_000);
afterAll(() => ctx.close());

it('serves a version-less stored report through the current schema', async () => {
  const { client, user } = await signedInClient(ctx);
  const card = await buildUserCard(ctx.database.db, user.id);
  const grading = await buildGrading(ctx.database.db, card, { report: structuredClone(v1) });
  const res = await client.get(`/api/gradings/${grading.gradingId}/report`);
  expect(res.statusCode, res.body).toBe(200);
  const report = json<TEngineGradingReport>(res);
  expect(report.schemaVersion).toBe(GRADING_REPORT_VERSION);
  expect(report.limitations).toEqual([]);
  expect(report.psaGrade).toBe(v1.psaGrade);
  expect(report.surfaceDecisionLog.frontIssues).toEqual(v1.surfaceDecisionLog.frontIssues);
});

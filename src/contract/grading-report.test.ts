import { describe, expect, it } from 'vitest';
import { GRADING_REPORT_VERSION, isManualReport, parseStoredReport, ZGradingReportResponse } from './grading-report';
import v1 from './fixtures/grading-report-v1.json' with { type: 'json' };

// A report as the engine stored it before the contract (engine 0.9): no schemaVersion, no
// `limitations`, no `whiteLevelPercent`, a value basis without source or multipliers.
describe('stored grading reports', () => {
  it('upgrades a version-less engine report and keeps its fields', () => {
    const report = parseStoredReport(structuredClone(v1));
    expect(report.schemaVersion).toBe(GRADING_REPORT_VERSION);
    expect(isManualReport(report)).toBe(false);
    if (isManualReport(report)) return;
    expect(report.limitations).toEqual([]);
    expect(report.evidenceKeys.frontAnnotated).toBe('gradings/gv-0000000001/front-annotated.jpg');
    expect(report.surfaceDecisionLog.frontIssues[0]?.lengthMm).toBe(5);
    expect(report.centeringDecisionLog.back).toEqual({ measurable: false, reason: 'no border' });
  });

  it('keeps fields the contract does not name yet (the engine may add measurements)', () => {
    const stored = {
      ...structuredClone(v1),
      schemaVersion: 2,
      limitations: [],
      surfaceDecisionLog: { ...v1.surfaceDecisionLog, detector: 'ridge' },
    };
    const report = ZGradingReportResponse.parse(stored);
    expect((report.surfaceDecisionLog as Record<string, unknown>).detector).toBe('ridge');
  });

  it('rejects JSON that is not a report', () => {
    expect(() => parseStoredReport({ psaGrade: 9 })).toThrow();
    expect(() => parseStoredReport(null)).toThrow();
  });
});

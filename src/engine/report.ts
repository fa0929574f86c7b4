/**
 * The grading report the engine returns: its shape is the contract's (src/contract/grading-report.ts),
 * so the engine, the worker that stores it and the screens that read it cannot drift apart.
 */
import type { TEngineReport, TFaceCenteringLog, TSurfaceBasis, TSurfaceIssue } from '@contract/grading-report';

export type FaceCenteringLog = TFaceCenteringLog;
export type ReportSurfaceIssue = TSurfaceIssue;
/** What this engine returns: the contract's report, with the surface basis always set (older stored reports lack it). */
export type GradingReport = TEngineReport & { surfaceDecisionLog: TEngineReport['surfaceDecisionLog'] & { basis: TSurfaceBasis } };

/** One line found on a card's surface; its own module so the scratch tests and the surface step share it without importing each other. */
import type { Severity } from './severity';

export type SurfaceIssueType = 'scratch' | 'print line';
export type SurfaceIssue = {
  type: SurfaceIssueType;
  severity: Severity;
  /** Centre and end points in card millimetres from the top-left corner. */
  xMm: number;
  yMm: number;
  from: { xMm: number; yMm: number };
  to: { xMm: number; yMm: number };
  lengthMm: number;
  widthMm: number;
  contrast: number;
};

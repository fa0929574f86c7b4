import type { TAdminGradingReportResponse } from '@contract/admin';
import { JsonBlock } from '@web/components/ui/json-block';
import { camelWords, percent, Section } from './parts';

const LOGS = [
  ['Centering Analysis', 'centeringDecisionLog'],
  ['Corners Analysis', 'cornersDecisionLog'],
  ['Edges Analysis', 'edgesDecisionLog'],
  ['Surface Analysis', 'surfaceDecisionLog'],
] as const;
/** The figures §3 names for each log, shown as label/value pairs; the rest of `details` as data. */
const FIGURES = [
  'horizontalRatio',
  'verticalRatio',
  'score',
  'averageScore',
  'perfectCorners',
  'frontEdgeWear',
  'backEdgeWear',
  'averageWear',
  'totalIssues',
  'majorIssues',
  'moderateIssues',
  'minorIssues',
];

function Structured({ log }: { log: Record<string, unknown> }) {
  const figures = FIGURES.filter((k) => log[k] !== undefined && log[k] !== null);
  return (
    <div className="grid gap-2 text-sm">
      {figures.length > 0 && (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {figures.map((k) => (
            <div key={k}>
              <dt className="text-slate-600">{camelWords(k)}</dt>
              <dd className="font-semibold">{k === 'perfectCorners' ? `${String(log[k])}/8` : String(log[k])}</dd>
            </div>
          ))}
          {log.confidence !== undefined && (
            <div>
              <dt className="text-slate-600">Confidence</dt>
              <dd className="font-semibold">{percent(log.confidence)}</dd>
            </div>
          )}
        </dl>
      )}
      {typeof log.summary === 'string' && (
        <p>
          <span className="font-medium">Summary: </span>
          {log.summary}
        </p>
      )}
      {typeof log.reasoning === 'string' && (
        <p>
          <span className="font-medium">Reasoning: </span>
          {log.reasoning}
        </p>
      )}
      {log.details !== undefined && (
        <details>
          <summary className="cursor-pointer font-medium">Details</summary>
          <JsonBlock value={log.details} label="Decision details" className="mt-1 max-h-64" />
        </details>
      )}
    </div>
  );
}

/** Decision Logs tab: each log as plain text or structured (§2.7). */
export function DecisionLogs({ report }: { report: TAdminGradingReportResponse }) {
  return (
    <div className="grid gap-5">
      {LOGS.map(([title, key]) => {
        const log = report[key];
        return (
          <Section key={key} title={title}>
            {log === null ? (
              <p className="text-sm text-slate-600">No decision log recorded.</p>
            ) : typeof log === 'string' ? (
              <p className="text-sm">{log}</p>
            ) : (
              <Structured log={log} />
            )}
          </Section>
        );
      })}
    </div>
  );
}

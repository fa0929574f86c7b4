import { REPORT_CORNER_KEYS, REPORT_EDGE_KEYS, type TAdminGradingReportResponse } from '@contract/admin';
import { Badge } from '@web/components/ui/badge';
import { camelWords, Figure, Section, type OpenImage } from './parts';

type Issue = { severity?: string; type?: string; lengthMm?: number; xMm?: number; yMm?: number };
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const issueText = (i: Issue) =>
  [i.severity, i.type, i.lengthMm !== undefined ? `${i.lengthMm} mm` : null, i.xMm !== undefined ? `at ${i.xMm}, ${i.yMm} mm` : null]
    .filter(Boolean)
    .join(' ');

function Face({
  side,
  url,
  issues,
  centering,
  onImage,
}: {
  side: 'front' | 'back';
  url: string | null;
  issues: Issue[];
  centering: boolean;
  onImage: OpenImage;
}) {
  return (
    <div className="grid gap-2">
      <Figure url={url} alt={`${side === 'front' ? 'Front' : 'Back'} markers`} onImage={onImage} className="h-72" />
      {centering && <Badge variant="blue">Centering marker: Left/Right</Badge>}
      {issues.length ? (
        <ol className="list-decimal pl-5 text-sm">
          {issues.map((i, n) => (
            <li key={n}>{issueText(i)}</li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No significant issues detected on {side} side</p>
      )}
    </div>
  );
}

/** Visual Markers tab (§2.7): annotated faces with issue lists, issue summary, annotated corners and edges, corner grid. */
export function VisualMarkers({ report: r, onImage }: { report: TAdminGradingReportResponse; onImage: OpenImage }) {
  const surface = asRecord(r.surfaceDecisionLog);
  const centering = asRecord(r.centeringDecisionLog);
  const cornerDetails = asRecord(asRecord(r.cornersDecisionLog).details);
  const showCentering = typeof centering.reasoning === 'string' && /left|right/i.test(centering.reasoning);
  const count = (k: string) => (typeof surface[k] === 'number' ? surface[k] : 0);
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Face
          side="front"
          url={r.frontAnnotatedImageUrl ?? r.frontImageUrl}
          issues={(surface.frontIssues as Issue[]) ?? []}
          centering={showCentering}
          onImage={onImage}
        />
        <Face
          side="back"
          url={r.backAnnotatedImageUrl ?? r.backImageUrl}
          issues={(surface.backIssues as Issue[]) ?? []}
          centering={false}
          onImage={onImage}
        />
      </div>
      <Section title="Issue Summary">
        <dl className="grid grid-cols-4 gap-2 text-sm">
          {(['Major', 'Moderate', 'Minor', 'Total'] as const).map((k) => (
            <div key={k}>
              <dt className="text-slate-600">{k}</dt>
              <dd className="text-lg font-semibold">{count(`${k.toLowerCase()}Issues`)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Annotated Corners">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {REPORT_CORNER_KEYS.map((k) => (
            <Figure key={k} url={r.annotatedCornerUrls[k]} alt={`${camelWords(k)} corner`} onImage={onImage} className="h-28" />
          ))}
        </div>
      </Section>
      <Section title="Annotated Edges">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {REPORT_EDGE_KEYS.map((k) => (
            <Figure key={k} url={r.annotatedEdgeUrls[k]} alt={`${camelWords(k)} edge`} onImage={onImage} className="h-20" />
          ))}
        </div>
      </Section>
      {Object.keys(cornerDetails).length > 0 && (
        <Section title="Corner Details">
          <div className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {Object.entries(cornerDetails).map(([name, d]) => {
              const detail = asRecord(d);
              return (
                <div key={name} className="rounded-md border border-slate-200 p-2">
                  <p className="font-medium">{camelWords(name)}</p>
                  <p>Score: {String(detail.score ?? 'N/A')}</p>
                  <p>Condition: {String(detail.condition ?? 'N/A')}</p>
                  <p>Issues: {Array.isArray(detail.issues) && detail.issues.length ? detail.issues.join(', ') : 'None'}</p>
                </div>
              );
            })}
          </div>
        </Section>
      )}
    </div>
  );
}

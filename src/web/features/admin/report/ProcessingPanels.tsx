import type { TAdjustmentsGroupedResponse, TAnalysisStep, TAuditTrailResponse } from '@contract/admin';
import { Badge } from '@web/components/ui/badge';
import { JsonBlock } from '@web/components/ui/json-block';
import { formatDateTime } from '@web/lib/format';
import { camelWords, Figure, Section, type OpenImage } from './parts';

const Loading = () => (
  <p role="status" className="text-slate-600">
    Loading…
  </p>
);
const SEVERITY = { major: 'red', moderate: 'orange', minor: 'yellow', info: 'blue' } as const;

/** Audit Trail tab: counts, then each processing step with its annotations. */
export function AuditTrailPanel({ trail, loading }: { trail: TAuditTrailResponse | undefined; loading: boolean }) {
  if (loading) return <Loading />;
  if (!trail || (trail.adjustments.length === 0 && trail.analysisSteps.length === 0))
    return <p className="text-slate-600">No audit trail data available</p>;
  const annotations = trail.adjustments.reduce((n, a) => n + a.annotations.length, 0);
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Image Adjustments</dt>
          <dd className="text-lg font-semibold">{trail.adjustments.length}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Defect Annotations</dt>
          <dd className="text-lg font-semibold">{annotations}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Analysis Steps</dt>
          <dd className="text-lg font-semibold">{trail.analysisSteps.length}</dd>
        </div>
      </dl>
      <Section title="Processing Steps">
        <ol className="grid gap-2">
          {trail.adjustments.map((a) => (
            <li key={a.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-medium">
                {camelWords(a.originalImageType)} · step {a.adjustmentStep}: {a.adjustmentType}
              </p>
              <p className="text-slate-600">{a.adjustmentDescription}</p>
              {a.annotations.length > 0 && (
                <ul className="mt-1 grid gap-1">
                  {a.annotations.map((n) => (
                    <li key={n.id} className="flex items-center gap-2">
                      <Badge variant={SEVERITY[n.severity as keyof typeof SEVERITY] ?? 'gray'}>{n.severity}</Badge> {n.annotationText}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** Image Adjustments tab: per image type, every processing version left to right (§2.7). */
export function ImageAdjustmentsPanel({
  grouped,
  loading,
  onImage,
}: {
  grouped: TAdjustmentsGroupedResponse | undefined;
  loading: boolean;
  onImage: OpenImage;
}) {
  if (loading) return <Loading />;
  const types = Object.entries(grouped ?? {}).filter(([, list]) => list.length > 0);
  if (types.length === 0) return <p className="text-slate-600">No image adjustments found for this grading</p>;
  return (
    <div className="grid gap-6">
      {types.map(([type, list]) => (
        <Section key={type} title={camelWords(type)}>
          <ol className="flex gap-3 overflow-x-auto pb-2">
            {[...list]
              .sort((a, b) => a.adjustmentStep - b.adjustmentStep)
              .map((a) => (
                <li key={a.id} className="grid w-48 shrink-0 content-start gap-1 text-xs">
                  {a.adjustedImageUrl ? (
                    <Figure
                      url={a.adjustedImageUrl}
                      alt={`${camelWords(type)} ${a.adjustmentStep === 0 ? 'original' : `step ${a.adjustmentStep}`}`}
                      onImage={onImage}
                    />
                  ) : (
                    <div className="h-40 rounded-md bg-slate-100" />
                  )}
                  <p className="font-semibold">{a.adjustmentStep === 0 ? 'Original' : `Step ${a.adjustmentStep}`}</p>
                  <p>{a.adjustmentDescription}</p>
                  <p className="text-slate-600">{formatDateTime(a.createdAt)}</p>
                  <p className="text-slate-600">Type: {a.adjustmentType}</p>
                </li>
              ))}
          </ol>
        </Section>
      ))}
    </div>
  );
}

/** Seconds between two instants with 2 decimals (§2.7), or N/A. */
export const durationSeconds = (start: string | null, end: string | null) =>
  start && end ? `${((Date.parse(end) - Date.parse(start)) / 1000).toFixed(2)}s` : 'N/A';

/** Analysis Steps tab. */
export function AnalysisStepsPanel({ steps, loading }: { steps: TAnalysisStep[] | undefined; loading: boolean }) {
  if (loading) return <Loading />;
  if (!steps?.length) return <p className="text-slate-600">No analysis steps found for this grading</p>;
  return (
    <ol className="grid gap-3">
      {steps.map((s) => (
        <li key={s.id} className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span>#{s.stepNumber}</span> {s.stepName} <Badge variant={s.status === 'completed' ? 'green' : 'gray'}>{s.status}</Badge>
          </p>
          <p className="text-slate-600">{s.stepDescription}</p>
          {s.stepResults !== null && s.stepResults !== undefined && (
            <JsonBlock value={s.stepResults} label={`Results of step ${s.stepNumber}, ${s.stepName}`} className="max-h-40" />
          )}
          <p className="text-slate-600">
            Start: {s.startTime ? formatDateTime(s.startTime) : 'N/A'} · End: {s.endTime ? formatDateTime(s.endTime) : 'N/A'} · Duration:{' '}
            {durationSeconds(s.startTime, s.endTime)}
          </p>
        </li>
      ))}
    </ol>
  );
}

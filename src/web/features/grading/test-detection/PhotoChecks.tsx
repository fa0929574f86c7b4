import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { TCheckStatus, TTestDetectionResponse } from '@contract/test-detection';
import { MAX_RECTIFIED_TILT_DEG } from '@contract/photo-limits';

type Row = { name: string; value: string; status: TCheckStatus | 'info'; note: string };

const ICON = {
  good: { Icon: CircleCheck, className: 'text-green-700', label: 'Good' },
  fair: { Icon: TriangleAlert, className: 'text-amber-700', label: 'Could be better' },
  info: { Icon: Info, className: 'text-slate-500', label: 'For information' },
} as const;

const fmt = (v: number, digits = 1) => v.toFixed(digits);

/** The figures the engine checks before it measures anything, each with the limit it is held to. */
export function photoCheckRows(checks: TTestDetectionResponse['checks']): Row[] {
  const { resolution: r, sharpness: s, glare: g, edgeTrace: e } = checks;
  const turn = Math.abs(checks.rotationDeg);
  return [
    {
      name: 'Resolution',
      value: `${fmt(r.pxPerMm)} px per mm`,
      status: r.status,
      note:
        r.status === 'good'
          ? 'Plenty of detail for corners, edges and surface.'
          : `Gradable (the minimum is ${r.minPxPerMm}), but fine wear shows best from ${r.goodPxPerMm} px per mm: move closer.`,
    },
    {
      name: 'Sharpness',
      value: `Edges ${fmt(s.edgeWidthPx)} px wide (${fmt(s.edgeWidthMm, 2)} mm)`,
      status: s.status,
      note:
        s.status === 'good'
          ? `Sharp. Refused above ${fmt(s.maxEdgeWidthPx)} px.`
          : `Slightly soft, so the grade will be a little less certain. Refused above ${fmt(s.maxEdgeWidthPx)} px; tap to focus and hold still.`,
    },
    {
      name: 'Glare',
      value: `${fmt(g.saturatedPercent, 2)}% washed out`,
      status: g.status,
      note:
        g.status === 'good'
          ? `No glare to speak of. Refused above ${g.maxSaturatedPercent}%.`
          : `Some glare. Refused above ${g.maxSaturatedPercent}%: soften the light or move away from it.`,
    },
    {
      name: 'Edge trace',
      value: `Straight to ${fmt(e.residualPx, 2)} px`,
      status: e.status,
      note:
        e.status === 'good'
          ? 'The cut edges stand out clearly from the background.'
          : `The edges were hard to follow (refused above ${e.maxResidualPx} px). A plainer, contrasting background helps.`,
    },
    {
      name: 'Rotation',
      value: turn < 0.05 ? 'Straight' : `${fmt(turn)}° ${checks.rotationDeg > 0 ? 'clockwise' : 'anticlockwise'}`,
      status: 'info',
      note: 'Straightened automatically.',
    },
    {
      name: 'Perspective',
      value: `${fmt(checks.perspectivePercent)}% keystone`,
      status: checks.perspectivePercent <= 12 ? 'info' : 'fair',
      note:
        checks.perspectivePercent <= 12
          ? 'Corrected automatically.'
          : `Corrected, but hold the phone more squarely above the card (up to ${MAX_RECTIFIED_TILT_DEG}° of tilt is straightened).`,
    },
    ...(checks.holder
      ? [
          {
            name: 'Holder',
            value: `In a ${checks.holder}`,
            status: 'fair' as const,
            note: `Measured through the plastic, by the card's own outline (drawn in green), not the ${checks.holder}'s. Reflections on it can hide or mimic surface marks, so the grade is less certain: take the card out for a surer one.`,
          },
        ]
      : []),
    {
      name: 'Card in frame',
      value: `${Math.round(checks.cardAreaPercent)}% of the photo`,
      status: 'info',
      note: checks.cardAreaPercent < 25 ? 'Move closer: a bigger card means more detail.' : 'Leave a little background on every side.',
    },
  ];
}

export function PhotoChecks({ checks }: { checks: TTestDetectionResponse['checks'] }) {
  return (
    <section aria-labelledby="checks-title" className="grid content-start gap-3">
      <h2 id="checks-title" className="text-lg font-semibold text-slate-900">
        Photo checks
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {photoCheckRows(checks).map((row) => {
          const { Icon, className, label } = ICON[row.status];
          return (
            <li key={row.name} className="flex gap-3 p-3">
              <Icon role="img" aria-label={label} className={`mt-0.5 size-5 shrink-0 ${className}`} />
              <div className="min-w-0">
                <p className="text-sm text-slate-900">
                  <span className="font-medium">{row.name}:</span> <span className="tabular-nums">{row.value}</span>
                </p>
                <p className="text-sm text-slate-600">{row.note}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

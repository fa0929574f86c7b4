import { TriangleAlert } from 'lucide-react';
import type { TDetectionCentering, TTestDetectionFace } from '@contract/test-detection';

const SIDES = ['left', 'right', 'top', 'bottom'] as const;

/** Centering as the engine measured it on this photo: the two ratios and the four border widths. */
export function CenteringPanel({ centering, face }: { centering: TDetectionCentering; face: TTestDetectionFace }) {
  if (!centering.measurable)
    return (
      <section aria-labelledby="centering-title" className="grid content-start gap-2">
        <h2 id="centering-title" className="text-lg font-semibold text-slate-900">
          Centering
        </h2>
        <div className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <div>
            <p className="font-semibold">Not measurable on this photo</p>
            <p className="mt-0.5">{centering.reason}</p>
            <p className="mt-1">
              Full-art and borderless cards have no border to measure: then centering does not limit the grade. On a bordered card, a
              contrasting background and even light help.
            </p>
          </div>
        </div>
      </section>
    );
  const { horizontalRatio, verticalRatio, uncertainty, bordersMm, psaCenteringCap, psaTenLimit } = centering;
  return (
    <section aria-labelledby="centering-title" className="grid content-start gap-3">
      <h2 id="centering-title" className="text-lg font-semibold text-slate-900">
        Centering
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        {[
          ['Left / right', horizontalRatio, uncertainty.horizontal],
          ['Top / bottom', verticalRatio, uncertainty.vertical],
        ].map(([name, ratio, u]) => (
          <div key={name} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{name}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">{ratio}</dd>
            <dd className="text-xs text-slate-600">± {Number(u).toFixed(1)} points</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        On its own, this {face}&apos;s centering allows up to <span className="font-semibold text-slate-900">PSA {psaCenteringCap}</span>
        {psaCenteringCap === 10 ? '.' : `: PSA 10 needs ${psaTenLimit} or better on the ${face}.`}
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">Border widths, cut edge to print frame</caption>
        <thead>
          <tr className="text-left text-slate-700">
            {SIDES.map((s) => (
              <th key={s} scope="col" className="font-medium capitalize">
                {s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="tabular-nums text-slate-900">
            {SIDES.map((s) => (
              <td key={s}>{bordersMm[s].toFixed(2)} mm</td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="text-xs text-slate-600">
        Border widths from the cut edge to the print frame. A grading uses the worse of the front and back.
      </p>
    </section>
  );
}

import { formatDollars, formatInteger } from '@web/lib/format';

const NONE = '—';
const formatGrade = (g: number) => g.toFixed(1);

/**
 * Spec §2.4's four summary tiles (Total Cards, Avg Value, Avg Grade, Highest Grade), shared by the
 * owner's binder screen and the public share page so both count the same way.
 */
export function BinderSummaryTiles({ cardCount, total, grades }: { cardCount: number; total: number; grades: number[] }) {
  // An empty binder has no average and no highest grade: "—", not a made-up 0.0 (issue 24).
  const tiles = [
    ['Total Cards', formatInteger(cardCount)],
    ['Avg Value', cardCount ? formatDollars(total / cardCount, true) : NONE],
    ['Avg Grade', grades.length ? formatGrade(grades.reduce((s, g) => s + g, 0) / grades.length) : NONE],
    ['Highest Grade', grades.length ? formatGrade(Math.max(...grades)) : NONE],
  ];
  return (
    <dl className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map(([k, v]) => (
        <div key={k} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{k}</dt>
          <dd className="text-2xl font-bold text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

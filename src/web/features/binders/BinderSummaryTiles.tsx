import { formatDollars } from '@web/lib/format';

/**
 * Spec §2.4's four summary tiles (Total Cards, Avg Value, Avg Grade, Highest Grade), shared by the
 * owner's binder screen and the public share page so both count the same way.
 */
export function BinderSummaryTiles({ cardCount, total, grades }: { cardCount: number; total: number; grades: number[] }) {
  const tiles = [
    ['Total Cards', String(cardCount)],
    ['Avg Value', formatDollars(cardCount ? total / cardCount : 0, true)],
    ['Avg Grade', (grades.length ? grades.reduce((s, g) => s + g, 0) / grades.length : 0).toFixed(1)],
    ['Highest Grade', (grades.length ? Math.max(...grades) : 0).toFixed(1)],
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

import { formatDollars } from '@web/lib/format';

/** Collection value over time as a small SVG area chart (no chart library: a few dozen points). */
export function ValueChart({ points }: { points: { month: string; value: string }[] }) {
  if (points.length < 2) return <p className="text-sm text-slate-600">The chart appears once you have gradings in two different months.</p>;
  const values = points.map((p) => Number(p.value));
  const max = Math.max(...values) || 1;
  const W = 600, H = 160, pad = 4;
  const x = (i: number) => pad + (i * (W - 2 * pad)) / (points.length - 1);
  const y = (v: number) => H - pad - (v / max) * (H - 2 * pad);
  const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-40 w-full" role="img" aria-label={`Collection value from ${formatDollars(values[0]!)} in ${points[0]!.month} to ${formatDollars(values.at(-1)!)} in ${points.at(-1)!.month}`}>
        <path d={`${line} L${x(values.length - 1)},${H} L${x(0)},${H} Z`} fill="#e0e7ff" />
        <path d={line} fill="none" stroke="#4338ca" strokeWidth="3" />
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-600">
        <span>{points[0]!.month}</span>
        <span>{points.at(-1)!.month}</span>
      </figcaption>
    </figure>
  );
}

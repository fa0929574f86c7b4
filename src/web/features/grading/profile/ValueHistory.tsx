import { PLATFORMS, type TPlatform } from '@contract/common';
import type { TPriceHistoryEntry } from '@contract/price-update';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useApiQuery } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api';
import { formatCompactDollars, formatDate, formatDollars } from '@web/lib/format';
import { niceTicks } from '@web/features/collection/chart-scale';
import { formatGrade } from '../grade-scale';

/** Who priced a point, in words: the history's source is `estimator:<multipliers version>` or `openai:<model>`. */
export function sourceLabel(source: string): string {
  const [kind, ...rest] = source.split(':');
  const detail = rest.join(':');
  if (kind === 'estimator') return `Weekly price update, built-in estimator${detail ? ` (${detail})` : ''}`;
  if (kind === 'openai') return `Weekly price update, model ${detail || 'unknown'}`;
  return `Weekly price update (${source})`;
}

// The chart is drawn in a fixed box and scaled as a whole, so circles stay round at any width.
const W = 600,
  H = 180,
  LEFT = 56,
  RIGHT = 16,
  TOP = 16,
  BOTTOM = 28;

/** One platform's values over time: a line with a dot per update; the table below carries the same facts as text. */
function Line({ points, label }: { points: TPriceHistoryEntry[]; label: string }) {
  const values = points.map((p) => Number(p.value));
  const ticks = niceTicks(Math.min(...values), Math.max(...values), 3);
  const lo = ticks[0],
    hi = ticks.at(-1)!;
  const n = points.length;
  const plotW = W - LEFT - RIGHT,
    plotH = H - TOP - BOTTOM;
  const x = (i: number) => (n > 1 ? LEFT + (i * plotW) / (n - 1) : LEFT + plotW / 2);
  const y = (v: number) => TOP + (1 - (v - lo) / (hi - lo || 1)) * plotH;
  const path = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const first = points[0],
    last = points[n - 1];
  const summary =
    n === 1
      ? `${label} value on ${formatDate(last.recordedAt)}: ${formatDollars(last.value)}`
      : `${label} value from ${formatDollars(first.value)} on ${formatDate(first.recordedAt)} to ${formatDollars(last.value)} on ${formatDate(last.recordedAt)}`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={summary}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={LEFT} x2={W - RIGHT} y1={y(t)} y2={y(t)} className="stroke-slate-200" strokeDasharray="3 4" />
          <text x={LEFT - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-slate-600 text-xs tabular-nums">
            {formatCompactDollars(t)}
          </text>
        </g>
      ))}
      {[0, n - 1]
        .filter((i, k, a) => a.indexOf(i) === k)
        .map((i) => (
          <text key={i} x={x(i)} y={H - 6} textAnchor={n === 1 ? 'middle' : i === 0 ? 'start' : 'end'} className="fill-slate-600 text-xs">
            {formatDate(points[i].recordedAt)}
          </text>
        ))}
      {n > 1 && <path d={path} fill="none" className="stroke-brand-700" strokeWidth={2.5} strokeLinejoin="round" />}
      {values.map((v, i) => (
        <circle key={i} cx={x(i)} cy={y(v)} r={4} className="fill-brand-700 stroke-white" strokeWidth={2} />
      ))}
    </svg>
  );
}

/**
 * The card's value history from the weekly price update, one platform at a time (the shown one first).
 * Empty until the first update prices the card: grading-time values are not history rows.
 */
export function ValueHistory({ cardId, initialPlatform }: { cardId: string; initialPlatform: TPlatform }) {
  const history = useApiQuery('GET /api/user-cards/:id/price-history', {
    params: { id: cardId },
    queryKey: ['/api/user-cards', cardId, 'price-history'],
  });
  const [platform, setPlatform] = useState<TPlatform>(initialPlatform);
  const entries = history.data?.entries ?? [];
  const points = entries.filter((e) => e.platform === platform);
  const label = points.length ? `${platform} ${formatGrade(points[0].grade)}` : platform;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Value history</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {history.isPending ? (
          <p className="text-sm text-slate-600">Loading value history…</p>
        ) : history.isError ? (
          <p className="text-sm text-red-700" role="alert">
            {errorMessage(history.error, 'The value history could not be loaded.')}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-700">
            No price updates yet: values are set at grading time and refreshed by the weekly price update.
          </p>
        ) : (
          <>
            <div role="group" aria-label="Platform" className="flex flex-wrap gap-2">
              {PLATFORMS.map((p) => (
                <Button
                  key={p}
                  type="button"
                  size="sm"
                  variant={p === platform ? 'default' : 'outline'}
                  aria-pressed={p === platform}
                  onClick={() => setPlatform(p)}
                >
                  {p}
                </Button>
              ))}
            </div>
            {points.length === 0 ? (
              <p className="text-sm text-slate-700">No price updates for {platform} yet.</p>
            ) : (
              <>
                <Line points={points} label={label} />
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">{label} value by weekly price update, oldest first</caption>
                    <thead className="text-slate-600">
                      <tr>
                        <th scope="col" className="py-1 pr-4 font-medium">
                          Date
                        </th>
                        <th scope="col" className="py-1 pr-4 font-medium">
                          {label} value
                        </th>
                        <th scope="col" className="py-1 font-medium">
                          Source
                        </th>
                      </tr>
                    </thead>
                    <tbody className="text-slate-900">
                      {points.map((p) => (
                        <tr key={p.recordedAt} className="border-t border-slate-200">
                          <td className="py-1 pr-4 whitespace-nowrap">{formatDate(p.recordedAt)}</td>
                          <td className="py-1 pr-4 tabular-nums">{formatDollars(p.value)}</td>
                          <td className="py-1">{sourceLabel(p.source)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

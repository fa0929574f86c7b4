import { useId, useState } from 'react';
import type { TSetCompletion } from '@contract/set-completion';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useApiQuery } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { formatInteger } from '@web/lib/format';

/** Enough to see where one stands without pushing the cards below the fold; the rest on demand. */
const FIRST_SETS = 6;

/**
 * Set completion on the collection page (issue 15): for each set the collector owns catalogue cards
 * of, how many distinct cards out of the set's total, most complete first. Nothing is shown until the
 * collection has a catalogue card: an empty card saying "0 sets" would only be noise.
 */
export function SetCompletion() {
  const sets = useApiQuery('GET /api/collection/set-completion', { queryKey: ['/api/collection/set-completion'], staleTime: 0 });
  const [all, setAll] = useState(false);
  const titleId = useId();
  const rows = sets.data ?? [];
  if (rows.length === 0) return null;
  const shown = all ? rows : rows.slice(0, FIRST_SETS);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Set completion</CardTitle>
        <CardDescription>
          Different cards you own out of each set, counted once whatever their copies or printings. Cards entered by hand are not counted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-x-8 gap-y-4 md:grid-cols-2" aria-label="Sets, most complete first">
          {shown.map((s) => (
            <SetRow key={s.setId} s={s} />
          ))}
        </ul>
        {rows.length > FIRST_SETS && (
          <Button variant="ghost" size="sm" className="justify-self-start" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? 'Show fewer sets' : `Show all ${formatInteger(rows.length)} sets`}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function SetRow({ s }: { s: TSetCompletion }) {
  const complete = s.owned >= s.total;
  const label = `${s.setName}: ${formatInteger(s.owned)} of ${formatInteger(s.total)} cards`;
  // Rounded down, one card of 130 would read 0 %, as if nothing were owned.
  const percent = s.owned > 0 && s.percent === 0 ? '<1' : String(s.percent);
  return (
    <li className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 truncate">
          <span className="font-medium text-slate-900">{s.setName}</span>{' '}
          <span className="text-sm text-slate-600">
            {s.series} · {s.releaseDate.slice(0, 4)}
          </span>
        </p>
        <p className="shrink-0 text-sm tabular-nums text-slate-700">
          {formatInteger(s.owned)} / {formatInteger(s.total)} <span className="font-semibold text-slate-900">{percent}%</span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={s.total}
        aria-valuenow={s.owned}
        aria-valuetext={`${formatInteger(s.owned)} of ${formatInteger(s.total)} (${percent}%)`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {/* At least a sliver: one card of 250 is under half a percent but is a start worth seeing. */}
        <div
          className={cn('h-full rounded-full', complete ? 'bg-green-600' : 'bg-brand-600')}
          style={{ width: `${Math.max((s.owned / s.total) * 100, 1.5)}%` }}
        />
      </div>
    </li>
  );
}

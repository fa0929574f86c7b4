import type { TCollectionSummaryResponse } from '@contract/collection';
import { cn } from '@web/lib/cn';
import { formatDollars, formatInteger, formatSignedDollars, formatSignedPercent } from '@web/lib/format';

/** The collection at a glance: cards, value, what was paid, and gain or loss over the cards with a price. */
export function SummaryTiles({ s }: { s: TCollectionSummaryResponse }) {
  const gain = Number(s.gainLoss);
  // Without a single purchase price there is no gain to show: say how to get one instead of "+$0.00".
  const hasCost = s.roiPercent !== null;
  const tiles: { label: string; value: string; hint?: string; tone?: string }[] = [
    { label: 'Cards', value: `${formatInteger(s.totalCards)} (${formatInteger(s.gradedCards)} graded)` },
    { label: 'Estimated value', value: formatDollars(s.estimatedValue) },
    { label: 'Cost', value: formatDollars(s.totalCost), hint: hasCost ? undefined : 'Enter what you paid on a card' },
    hasCost
      ? {
          label: 'Gain / loss',
          value: `${formatSignedDollars(gain)} (${formatSignedPercent(s.roiPercent!)})`,
          tone: gain >= 0 ? 'text-green-800' : 'text-red-800',
        }
      : { label: 'Gain / loss', value: '—', hint: 'Shown once a graded card has a purchase price' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{t.label}</dt>
          <dd className={cn('text-lg font-bold', t.tone ?? 'text-slate-900')}>{t.value}</dd>
          {t.hint && <dd className="mt-0.5 text-xs text-slate-600">{t.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

import type { TCollectionSummaryResponse } from '@contract/collection';
import { InfoTip } from '@web/components/ui/info-tip';
import { cn } from '@web/lib/cn';
import { CARD, formatCount, formatDollars, formatInteger, formatSignedDollars, formatSignedPercent } from '@web/lib/format';

const n = formatInteger;
const cardsWord = (k: number) => formatCount(k, CARD);

/**
 * The collection at a glance. Each figure is defined once on the server (collection/figures.ts); each
 * tile says what it counts in its "i" popover.
 */
export function SummaryTiles({ s }: { s: TCollectionSummaryResponse }) {
  const gain = Number(s.gainLoss);
  // Without a card that has both a value and a price there is no gain to show: say how to get one.
  const hasGain = s.roiPercent !== null;
  const tiles: { label: string; value: string; hint?: string; tone?: string; about: string }[] = [
    {
      label: 'Cards',
      value: `${n(s.totalCards)} (${n(s.gradedCards)} graded)`,
      hint: s.totalCopies !== s.totalCards ? `${n(s.totalCopies)} copies` : undefined,
      about: `Cards as the grid lists them: ${cardsWord(s.totalCards)}, ${n(s.gradedCards)} with a completed grading. A card held in several copies counts once here (${n(s.totalCopies)} copies in all); its value and cost count every copy.`,
    },
    {
      label: 'Estimated value',
      value: formatDollars(s.estimatedValue),
      hint: s.unvaluedCards ? `${cardsWord(s.unvaluedCards)} without a value` : undefined,
      about: `Each card's value × its copies: the graded value of its latest grading when graded (${n(s.gradedCards)}), else the market price of its printing ungraded (${n(s.marketValuedCards)}).${
        s.unvaluedCards ? ` ${cardsWord(s.unvaluedCards)} with neither ${s.unvaluedCards === 1 ? 'is' : 'are'} left out.` : ''
      }`,
    },
    {
      label: 'Cost',
      value: formatDollars(s.totalCost),
      hint: s.pricedCards ? undefined : 'Enter what you paid on a card',
      about: `What you paid × copies, over the ${cardsWord(s.pricedCards)} you entered a purchase price for.`,
    },
    hasGain
      ? {
          label: 'Gain / loss',
          value: `${formatSignedDollars(gain)} (${formatSignedPercent(s.roiPercent!)})`,
          tone: gain >= 0 ? 'text-green-800' : 'text-red-800',
          about: `Value minus cost over the ${cardsWord(s.gainLossCards)} that have both a value and a purchase price; the percent is that difference over their cost.`,
        }
      : {
          label: 'Gain / loss',
          value: '—',
          hint: 'Shown once a card with a value has a purchase price',
          about: 'Value minus cost over the cards that have both a value and a purchase price. None has both yet.',
        },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
          <dt className="flex items-center justify-between gap-1 text-sm text-slate-600">
            {t.label}
            <InfoTip label={`About ${t.label}`}>{t.about}</InfoTip>
          </dt>
          <dd className={cn('text-lg font-bold', t.tone ?? 'text-slate-900')}>{t.value}</dd>
          {t.hint && <dd className="mt-0.5 text-xs text-slate-600">{t.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

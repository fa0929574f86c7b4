import { PLATFORMS } from '@contract/common';
import type { TGrading } from '@contract/gradings';
import type { TValueBasis } from '@contract/grading-report';
import { premiumPhrase, variantLabel } from '@contract/pricing';
import { formatDollars } from '@web/lib/format';
import { formatGrade, gradeAndValue } from '../grade-scale';

type Basis = TValueBasis;

/** What the values rest on, in a sentence. No source: a grading valued before market prices were bundled. */
function basisSentence(basis: Basis | undefined): string {
  const s = basis?.source;
  if (s?.kind === 'market' && s.premium)
    return `Each value is a raw value of ${formatDollars(basis!.rawValueUsd)} (${premiumPhrase(s.variant, s.premium)}: the ${s.provider} price of ${formatDollars(s.marketUsd)} on ${s.asOf} × ${s.premium.multiplier}) times that grade's multiplier.`;
  if (s?.kind === 'market')
    return `Each value is the ${s.provider} price of ${formatDollars(s.marketUsd)} on ${s.asOf} (${variantLabel(s.variant)} print, ungraded) times that grade's multiplier.`;
  if (s?.kind === 'given')
    return `Each value is a raw value of ${formatDollars(basis!.rawValueUsd)}, given by hand, times that grade's multiplier.`;
  if (s?.kind === 'estimate')
    return "No market price is known for this card, so each value is an estimate from its rarity times that grade's multiplier.";
  return 'These values are estimates from the card’s rarity: they were worked out before market prices were added. Re-grade the card for values from its market price.';
}

/** The three platforms' values, each beside its own platform's grade, with the multiplier used. */
export function ValueTiles({ grading, basis }: { grading: TGrading; basis: Basis | undefined }) {
  return PLATFORMS.map((p) => {
    const shown = gradeAndValue(grading, p);
    const multiplier = basis?.multipliers?.[p];
    return (
      <div key={p} className="rounded-lg bg-slate-50 p-3">
        <dt className="text-slate-600">
          {p} {formatGrade(shown.grade)} value
        </dt>
        <dd className="text-lg font-semibold text-slate-900">{formatDollars(shown.value)}</dd>
        {multiplier != null && (
          <dd className="text-xs text-slate-600">
            ×{multiplier} for {p} {formatGrade(shown.grade)}
          </dd>
        )}
      </div>
    );
  });
}

/** Where the values come from, in a sentence across the row. */
export function ValueBasisRow({ basis }: { basis: Basis | undefined }) {
  return (
    <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-4">
      <dt className="text-slate-600">Where the values come from</dt>
      <dd className="text-slate-900">{basisSentence(basis)}</dd>
    </div>
  );
}

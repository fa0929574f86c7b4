import { premiumPhrase, variantLabel, type TValueSource } from '@contract/pricing';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useApiQuery } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api';
import { formatDollars } from '@web/lib/format';

export const rawValueKey = (id: string) => ['/api/user-cards', id, 'raw-value'] as const;

/** What the raw value rests on, in a sentence: a listing, an estimate from one, or the rarity guess. */
function rawBasis(source: TValueSource): string {
  if (source.kind === 'market') {
    const listed = `${source.provider} price of ${formatDollars(source.marketUsd)} on ${source.asOf}`;
    return source.premium
      ? `${premiumPhrase(source.variant, source.premium)}: the ${listed} (TCGplayer does not price this printing on its own).`
      : `The ${listed} for the ${variantLabel(source.variant)} print, ungraded.`;
  }
  if (source.kind === 'given') return 'A raw value given by hand.';
  return 'No market price is known for this card: an estimate from its rarity.';
}

/**
 * The card profile's raw value (issue 15): one ungraded copy of the owned printing now, its basis, and
 * the copies held with their total. Shown for every card, graded or not.
 */
export function RawValuePanel({ cardId }: { cardId: string }) {
  const raw = useApiQuery('GET /api/user-cards/:id/raw-value', { params: { id: cardId }, queryKey: rawValueKey(cardId), staleTime: 0 });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Raw value</CardTitle>
      </CardHeader>
      <CardContent>
        {raw.isPending ? (
          <p className="text-sm text-slate-600">Loading the raw value…</p>
        ) : raw.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(raw.error, 'The raw value could not be loaded.')}
          </p>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr]">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-slate-600">{raw.data.printing ? `${raw.data.printing}, ungraded` : 'Ungraded'}</dt>
              <dd className="text-2xl font-bold text-slate-900" data-testid="raw-value">
                {formatDollars(raw.data.value)}
              </dd>
              {raw.data.quantity > 1 && (
                <dd className="text-slate-700">
                  ×{raw.data.quantity} copies = <span className="font-semibold">{formatDollars(raw.data.totalValue)}</span>
                </dd>
              )}
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-slate-600">Where it comes from</dt>
              <dd className="text-slate-900">{rawBasis(raw.data.source)}</dd>
              {!raw.data.printing && <dd className="mt-1 text-slate-700">Say which printing you own below for its own price.</dd>}
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

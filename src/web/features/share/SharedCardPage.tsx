import { ArrowLeft } from 'lucide-react';
import { FeeArithmetic } from '@web/features/grading/FeeArithmetic';
import { Link, useParams } from 'react-router';
import { PLATFORMS, type TPlatform } from '@contract/common';
import { valueSourceLabel } from '@contract/pricing';
import { sharedBinderPath } from '@contract/share';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent } from '@web/components/ui/card';
import { ApiError, errorMessage } from '@web/lib/api';
import { useApiQuery } from '@web/lib/api-client';
import { formatDate, formatDollars } from '@web/lib/format';
import { retryUpToThree } from '@web/lib/query-client';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { GradeCircle } from '@web/features/grading/GradeCircle';
import { displayedPlatform, formatGrade, gradeAndValue } from '@web/features/grading/grade-scale';
import { NotShared } from './NotShared';
import { printingLabel } from './SharedBinderPage';

/**
 * The public view of one card in a public binder — where the share page's "View Details" leads
 * instead of the owner-only card profile. It shows what a collector shares: both photos, the three
 * platforms' grades and values, the sub-grades and the confidence. Not the decision logs or the
 * annotated close-ups, and never notes or the purchase price (the API does not carry them).
 */
export default function SharedCardPage() {
  const { id = '', userCardId = '' } = useParams();
  const shared = useApiQuery('GET /api/shared/binders/:id/cards/:userCardId', {
    params: { id, userCardId },
    queryKey: ['/api/shared/binders', id, 'cards', userCardId],
    retry: retryUpToThree,
  });
  useDocumentTitle(shared.data?.card.cardName ?? 'Shared card');

  if (shared.isLoading)
    return (
      <Shell>
        <div className="h-96 animate-pulse rounded-xl bg-slate-200" aria-busy="true" aria-label="Loading card" />
      </Shell>
    );
  if (shared.error instanceof ApiError && shared.error.status === 404) return <NotShared what="card" />;
  if (shared.error || !shared.data)
    return (
      <Shell>
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
          <h1 className="text-xl font-semibold text-red-900">Error loading card</h1>
          <p className="mt-2 text-red-900">{errorMessage(shared.error, 'Failed to load the card')}</p>
        </div>
      </Shell>
    );

  const { binder, card } = shared.data;
  const recommended: TPlatform = displayedPlatform(card.recommendedPlatform);
  const printing = printingLabel(card);
  const photos = [
    ['front', card.frontImageUrl],
    ['back', card.backImageUrl],
  ] as const;

  return (
    <Shell>
      <Link to={sharedBinderPath(binder.id)} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline">
        <ArrowLeft aria-hidden className="size-4" /> {binder.name}
      </Link>
      <div className="mb-6">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold text-slate-900 sm:text-3xl">
          {card.cardName} {card.rarity && <Badge variant={card.rarity === 'Rare' ? 'gold' : 'gray'}>{card.rarity}</Badge>}
        </h1>
        <p className="mt-1 text-slate-700">
          {card.cardSet} · #{card.cardNumber}
          {printing && ` · ${printing}`}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          In {binder.name}, shared by {binder.ownerUsername}
          {card.gradedAt && ` · graded ${formatDate(card.gradedAt)}`}
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid grid-cols-2 gap-3">
          {photos.map(([face, url]) => (
            <figure key={face} className="flex flex-col items-center gap-1">
              <div className="flex aspect-[63/88] w-full items-center justify-center overflow-hidden rounded-lg bg-slate-100">
                {url ? (
                  <img src={url} alt={`${card.cardName}, ${face}`} className="h-full w-full object-contain" />
                ) : (
                  <span className="text-sm text-slate-600">No photo</span>
                )}
              </div>
              <figcaption className="text-sm capitalize text-slate-700">{face}</figcaption>
            </figure>
          ))}
        </div>
        <Card>
          <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6 pt-6">
            <div className="flex justify-center gap-6">
              {PLATFORMS.map((p) => (
                <GradeCircle key={p} platform={p} grade={gradeAndValue(card, p).grade} />
              ))}
            </div>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              {(
                [
                  ['Centering', card.centeringScore],
                  ['Corners', card.cornersScore],
                  ['Edges', card.edgesScore],
                  ['Surface', card.surfaceScore],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-slate-600">{k}</dt>
                  <dd className="text-xl font-bold text-slate-900">{formatGrade(v)}</dd>
                </div>
              ))}
              {PLATFORMS.map((p) => {
                const shown = gradeAndValue(card, p);
                return (
                  <div key={p} className={p === recommended ? 'rounded-lg bg-brand-50 p-3' : 'rounded-lg bg-slate-50 p-3'}>
                    <dt className="text-slate-700">
                      {p} {formatGrade(shown.grade)} value
                    </dt>
                    <dd className="text-lg font-semibold text-slate-900">{formatDollars(shown.value)}</dd>
                  </div>
                );
              })}
              <div className="rounded-lg bg-brand-50 p-3">
                <dt className="text-slate-700">Recommended</dt>
                <dd className="text-lg font-semibold text-brand-900">{recommended}</dd>
              </div>
              <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-4">
                <dt className="text-slate-600">Where the values come from</dt>
                <dd className="text-slate-900">{valueSourceLabel(card.valueSource)}</dd>
              </div>
              <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-4">
                <dt className="text-slate-600">Confidence</dt>
                <dd className="font-semibold text-slate-900">{card.confidence == null ? '—' : `${Math.round(card.confidence * 100)}%`}</dd>
              </div>
            </dl>
            <FeeArithmetic values={card} rawValueUsd={card.rawValueUsd} />
            <p className="text-xs text-slate-600">
              Estimated grades from GradeVault's photo analysis: a guide to a card's condition, not a grading company's slab.
            </p>
          </CardContent>
        </Card>
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">{children}</div>;
}

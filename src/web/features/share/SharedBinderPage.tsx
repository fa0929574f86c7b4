import { Globe } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EDITION_LABELS, FINISH_LABELS } from '@contract/printing';
import { sharedCardPath, type TPublicBinderCard } from '@contract/share';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ApiError, errorMessage } from '@web/lib/api';
import { useApiQuery } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { formatDollars } from '@web/lib/format';
import { retryUpToThree } from '@web/lib/query-client';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { displayedGrade } from '@web/features/grading/grade-scale';
import { BinderSummaryTiles } from '@web/features/binders/BinderSummaryTiles';
import { GradeAndValueLine } from '@web/features/grading/GradeAndValue';
import { NotShared } from './NotShared';

export const sharedBinderKey = (id: string) => ['/api/shared/binders', id] as const;

/**
 * The public, read-only page of a binder (issue 15): anyone with the link, signed in or not. It
 * reads the share API, which never carries notes or prices, and offers no owner action.
 */
export default function SharedBinderPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const shared = useApiQuery('GET /api/shared/binders/:id', {
    params: { id },
    queryKey: sharedBinderKey(id),
    retry: retryUpToThree,
  });
  useDocumentTitle(shared.data?.binder.name ?? 'Shared binder');

  if (shared.isLoading)
    return (
      <Shell>
        <div className="mb-6 h-10 w-64 animate-pulse rounded bg-slate-200" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading binder">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-72 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      </Shell>
    );
  if (shared.error instanceof ApiError && shared.error.status === 404) return <NotShared what="binder" />;
  if (shared.error || !shared.data)
    return (
      <Shell>
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
          <h1 className="text-xl font-semibold text-red-900">Error Loading Binder</h1>
          <p className="mt-2 text-red-900">{errorMessage(shared.error, 'Failed to load binder details')}</p>
        </div>
      </Shell>
    );

  const { binder, cards } = shared.data;
  const shown = cards.map((c) => ({ card: c, ...displayedGrade(c) }));
  const grades = shown.map((c) => c.grade).filter((g): g is number => g != null);
  const total = Number(binder.totalValue);
  const isOwnerLooking = user?.username === binder.ownerUsername;

  return (
    <Shell>
      {isOwnerLooking && (
        <p className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
          This is how others see your binder: no notes and no purchase prices.{' '}
          <Link className="font-medium underline" to={`/binder/${binder.id}`}>
            Back to your binder
          </Link>
        </p>
      )}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm font-medium text-brand-800">
            <Globe aria-hidden className="size-4" /> Shared binder
          </p>
          <h1 className="mt-1 break-words text-2xl font-semibold text-slate-900 sm:text-3xl">{binder.name}</h1>
          <p className="mt-1 text-slate-700">Shared by {binder.ownerUsername}</p>
          {binder.description && <p className="mt-2 max-w-prose text-slate-700">{binder.description}</p>}
        </div>
        <div className="sm:text-right">
          <p className="text-sm text-slate-600">Total estimated value</p>
          <p className="text-2xl font-bold text-slate-900">{formatDollars(total)}</p>
        </div>
      </div>
      <BinderSummaryTiles cardCount={binder.cardCount} total={total} grades={grades} />
      {cards.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">No cards in this binder yet</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map(({ card, platform, grade, value }) => (
            <li key={card.userCardId}>
              <SharedTile binderId={binder.id} card={card} shown={{ platform, grade, value }} />
            </li>
          ))}
        </ul>
      )}
      {!user && (
        <div className="mt-10 flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <div>
            <p className="font-semibold text-slate-900">Grade your own cards</p>
            <p className="text-sm text-slate-700">
              Measure centering, corners, edges and surface from two photos, then share a binder like this one.
            </p>
          </div>
          <Button asChild>
            <Link to="/register">Sign Up</Link>
          </Button>
        </div>
      )}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">{children}</div>;
}

/** The edition and finish as the collector told them ("1st Edition · Holo"), or null. */
export function printingLabel(card: Pick<TPublicBinderCard, 'edition' | 'finish'>): string | null {
  const parts = [card.edition && EDITION_LABELS[card.edition], card.finish && FINISH_LABELS[card.finish]].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

function SharedTile({
  binderId,
  card,
  shown,
}: {
  binderId: string;
  card: TPublicBinderCard;
  shown: Parameters<typeof GradeAndValueLine>[0]['shown'];
}) {
  const printing = printingLabel(card);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="flex h-48 items-center justify-center bg-slate-100">
        {card.frontImageUrl ? (
          <img src={card.frontImageUrl} alt={`${card.cardName}, front`} loading="lazy" className="h-full w-auto object-contain" />
        ) : (
          <span className="text-sm text-slate-600">No photo</span>
        )}
      </div>
      <CardContent className="flex flex-1 flex-col gap-2 pt-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold text-slate-900">{card.cardName}</h2>
            <p className="text-sm text-slate-700">
              {card.cardSet} · #{card.cardNumber}
              {printing && ` · ${printing}`}
            </p>
          </div>
          {card.rarity && <Badge variant={card.rarity === 'Rare' ? 'gold' : 'gray'}>{card.rarity}</Badge>}
        </div>
        <GradeAndValueLine size="lg" shown={shown} source={card.valueSource} />
        <div className="mt-auto pt-2">
          <Button asChild size="sm" variant="outline">
            <Link to={sharedCardPath(binderId, card.userCardId)} aria-label={`View Details of ${card.cardName}`}>
              View Details
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

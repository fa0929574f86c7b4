import { Plus, SearchX, X } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { TabLabel, Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { CARD, formatCount, formatInteger } from '@web/lib/format';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { BindersPanel, useBinders } from './BindersPanel';
import { ActiveFilterChips, CollectionFilters } from './CollectionFilters';
import { CollectionGrid, CollectionGridSkeleton } from './CollectionGrid';
import { useCollectionCards, useCollectionFacets, useCollectionFilters } from './use-collection-query';
import { ValueChart } from './ValueChart';
import { SummaryTiles } from './SummaryTiles';
import { SetCompletion } from './SetCompletion';
import { useApiQuery } from '@web/lib/api-client';
import { CollectionFileActions } from '@web/features/collection-io/CollectionFileActions';

type View = 'cards' | 'binders';
/** The tab in the URL: `?view=binders`; the cards are the default and have no parameter. */
const viewOf = (params: URLSearchParams): View => (params.get('view') === 'binders' ? 'binders' : 'cards');

/**
 * The open tab, kept in the URL next to the card filters. Switching tabs only touches `view`, so the
 * filters survive a visit to the binders; the filters' own writes drop `view`, which is right because
 * they are only on screen on the Cards tab.
 */
function useView() {
  const [params, setParams] = useSearchParams();
  const setView = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next === 'binders') out.set('view', 'binders');
          else out.delete('view');
          return out;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [viewOf(params), setView] as const;
}

export default function CollectionPage() {
  const summary = useApiQuery('GET /api/collection/summary', { queryKey: ['/api/collection/summary'], staleTime: 0 });
  const { filters, update, clear, activeCount } = useCollectionFilters();
  const cards = useCollectionCards(filters);
  const facets = useCollectionFacets();
  const shown = cards.data ?? [];
  const total = facets.data?.total;
  const [view, setView] = useView();
  const binders = useBinders();
  const cardCount = total ?? summary.data?.totalCards;
  // The empty state is for an empty collection, not for filters that match nothing.
  const collectionEmpty = total === 0 || (total === undefined && activeCount === 0 && cards.data?.length === 0);

  return (
    <PageContainer>
      <PageHeader
        title="Collection"
        actions={
          <>
            <CollectionFileActions />
            <Button asChild>
              <Link to="/account/card/add-card">
                <Plus aria-hidden /> Add a card
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6">
        {summary.data && <SummaryTiles s={summary.data} />}
        {summary.data && (
          <Card>
            <CardHeader>
              <CardTitle>Value over time</CardTitle>
              <CardDescription>
                The estimated value of your cards at each month’s end, by the same rule as the Estimated value tile.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ValueChart points={summary.data.valueHistory} />
            </CardContent>
          </Card>
        )}
        <SetCompletion />
        <Tabs value={view} onValueChange={setView} asChild>
          <Card>
            <TabsList aria-label="Your collection" className="px-2 pt-2 sm:px-4">
              <TabsTrigger value="cards">
                <TabLabel count={cardCount}>Cards</TabLabel>
              </TabsTrigger>
              <TabsTrigger value="binders">
                <TabLabel count={binders.data?.length}>Binders</TabLabel>
              </TabsTrigger>
            </TabsList>
            <TabsContent value="cards" className="grid gap-4 p-4 sm:p-6">
              <h2 className="sr-only">Cards</h2>
              {collectionEmpty ? (
                <p className="text-slate-700">
                  No cards yet.{' '}
                  <Link to="/account/card/add-card" className="font-medium text-brand-700 underline">
                    Add your first card
                  </Link>
                  .
                </p>
              ) : (
                <>
                  <CollectionFilters filters={filters} facets={facets.data} activeCount={activeCount} onChange={update} />
                  <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-100 pt-3">
                    <p role="status" className="text-sm font-medium text-slate-800">
                      {cards.data ? resultCount(shown.length, activeCount > 0 ? total : undefined) : 'Loading cards…'}
                    </p>
                    <ActiveFilterChips filters={filters} onChange={update} />
                    {activeCount > 0 && (
                      <Button variant="ghost" size="sm" className="ml-auto" onClick={clear}>
                        <X aria-hidden /> Clear filters
                      </Button>
                    )}
                  </div>
                  {cards.isError && !cards.data ? (
                    <Alert variant="destructive">
                      <AlertTitle>Could not load your cards</AlertTitle>
                      <AlertDescription>{errorMessage(cards.error)}</AlertDescription>
                    </Alert>
                  ) : !cards.data ? (
                    <CollectionGridSkeleton />
                  ) : shown.length === 0 ? (
                    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
                      <SearchX aria-hidden className="size-8 text-slate-500" />
                      <p className="font-semibold text-slate-900">No cards match these filters</p>
                      <p className="text-sm text-slate-600">Try a different search, or widen the grade range.</p>
                      <Button variant="outline" onClick={clear}>
                        Clear filters
                      </Button>
                    </div>
                  ) : (
                    <CollectionGrid cards={shown} busy={cards.isPlaceholderData && cards.isFetching} />
                  )}
                </>
              )}
            </TabsContent>
            <TabsContent value="binders" className="p-4 sm:p-6">
              <h2 className="sr-only">Binders</h2>
              <BindersPanel />
            </TabsContent>
          </Card>
        </Tabs>
      </div>
    </PageContainer>
  );
}

/** "12 of 48 cards" while filtering, "48 cards" otherwise. */
function resultCount(shown: number, total: number | undefined): string {
  return total === undefined ? formatCount(shown, CARD) : `${formatInteger(shown)} of ${formatCount(total, CARD)}`;
}

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { api, useApiQuery } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { formatInteger } from '@web/lib/format';
import type { PickedCard } from './add-card-form';
import { CardThumbnail } from './CardThumbnail';

const PAGE_SIZE = 20;
const yearOf = (releaseDate: string) => releaseDate.slice(0, 4);

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The catalogue's sets grouped by series, in release order, for the set filter. */
function useSetOptions() {
  const { data } = useApiQuery('GET /api/catalogue/sets', { queryKey: ['/api/catalogue/sets'], staleTime: Infinity });
  return useMemo(() => {
    const groups = new Map<string, NonNullable<typeof data>>();
    for (const s of data ?? []) groups.set(s.series, [...(groups.get(s.series) ?? []), s]);
    return [...groups];
  }, [data]);
}

/**
 * The catalogue picker (issue 15): an ARIA combobox over a listbox of printings. Each option shows the
 * card's thumbnail, name, set, year, number and rarity; the best name matches come first and their
 * printings oldest set first (the server's ranking). Arrow keys move through the options and Enter
 * picks, so the form is never submitted from the search box; "Show more" loads the next page; the set
 * filter narrows to one set, or with an empty search lists that set in number order.
 */
export function CataloguePicker({ onPick, error }: { onPick: (card: PickedCard) => void; error?: string }) {
  const id = useId();
  const listId = `${id}-results`;
  const [query, setQuery] = useState('');
  const [setId, setSetId] = useState('');
  const [active, setActive] = useState(-1);
  const q = useDebounced(query.trim(), 200);
  const setOptions = useSetOptions();
  const enabled = q.length >= 2 || setId !== '';

  const search = useInfiniteQuery({
    queryKey: ['/api/catalogue/search', q, setId],
    queryFn: ({ pageParam }) =>
      api('GET /api/catalogue/search', { query: { q, setId: setId || undefined, page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled,
    // The previous results stay on screen while the next query loads, instead of a flash of nothing.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const cards = useMemo(() => search.data?.pages.flatMap((p) => p.cards) ?? [], [search.data]);
  const total = search.data?.pages[0]?.total ?? 0;
  const shown = enabled && search.data !== undefined;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!cards.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = active < 0 ? (step > 0 ? 0 : cards.length - 1) : (active + step + cards.length) % cards.length;
      setActive(next);
      // Scrolled here, not on hover: the list must not move under the mouse.
      document.getElementById(`${id}-option-${next}`)?.scrollIntoView?.({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      // Enter in the search box picks, never submits the whole form.
      e.preventDefault();
      if (active >= 0 && cards[active]) onPick(cards[active]);
    } else if (e.key === 'Escape' && active >= 0) {
      e.preventDefault();
      setActive(-1);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
        <FormField
          label="Search by name, set or number"
          error={error}
          hint="Typos are fine: “charzard base 4” finds Charizard from Base Set."
        >
          <Input
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(-1); // a new search starts again from the top
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
          />
        </FormField>
        {/* content-start: the search field's hint makes the row taller; the select stays by its label. */}
        <FormField label="Set" className="content-start">
          <Select
            value={setId}
            onChange={(e) => {
              setSetId(e.target.value);
              setActive(-1);
            }}
          >
            <option value="">All sets</option>
            {setOptions.map(([series, sets]) => (
              <optgroup key={series} label={series}>
                {sets.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({yearOf(s.releaseDate)})
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </FormField>
      </div>
      <p role="status" className={cn('text-sm text-slate-700', !shown && 'sr-only')}>
        {shown
          ? total === 0
            ? 'No card matches. Check the spelling, try another set, or enter it by hand.'
            : `${formatInteger(total)} ${total === 1 ? 'printing' : 'printings'}${cards.length < total ? `, showing ${formatInteger(cards.length)}` : ''}`
          : ''}
      </p>
      {/* The listbox is always in the page so the combobox's aria-controls names an element. */}
      <ul
        id={listId}
        role="listbox"
        aria-label="Catalogue results"
        aria-busy={search.isFetching}
        className={cn(
          'max-h-[26rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white',
          (!shown || cards.length === 0) && 'hidden',
        )}
      >
        {shown &&
          cards.map((c, i) => (
            // The keyboard works from the combobox (aria-activedescendant), as the ARIA pattern has it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={c.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn(
                'flex cursor-pointer items-center gap-3 p-2.5 hover:bg-slate-50 sm:p-3',
                i === active && 'bg-brand-50 outline-2 -outline-offset-2 outline-brand-600',
              )}
              onClick={() => onPick(c)}
              onMouseMove={() => active !== i && setActive(i)}
            >
              <CardThumbnail src={c.imageSmall} alt="" setLabel={c.setName} number={c.number} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{c.name}</span>
                <span className="block text-sm text-slate-600">
                  {c.setName} · {yearOf(c.releaseDate)} · #{c.number}/{c.setPrintedTotal}
                </span>
                {c.rarity && <span className="block text-xs text-slate-600 sm:hidden">{c.rarity}</span>}
              </span>
              {c.rarity && (
                <Badge variant="gray" className="hidden shrink-0 sm:inline-flex">
                  {c.rarity}
                </Badge>
              )}
            </li>
          ))}
      </ul>
      {shown && search.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          disabled={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          {search.isFetchingNextPage ? 'Loading…' : `Show ${formatInteger(Math.min(PAGE_SIZE, total - cards.length))} more`}
        </Button>
      )}
    </div>
  );
}

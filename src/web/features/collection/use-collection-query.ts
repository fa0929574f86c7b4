import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  COLLECTION_GRADE_MAX,
  COLLECTION_GRADE_MIN,
  COLLECTION_PLATFORMS,
  COLLECTION_SORTS,
  COLLECTION_STATUSES,
  type TCollectionPlatform,
  type TCollectionSort,
  type TCollectionStatus,
  type TUserCardListRequest,
} from '@contract/user-cards';
import { useApiQuery } from '@web/lib/api-client';

/** The collection screen's filters, as kept in the page URL (same names as the API's query string). */
export interface CollectionFilters {
  q: string;
  set: string;
  rarity: string;
  platform: TCollectionPlatform | '';
  /** '' for no bound, else a grade such as '8.5'. */
  gradeMin: string;
  gradeMax: string;
  status: TCollectionStatus;
  sort: TCollectionSort;
}

export const DEFAULT_FILTERS: CollectionFilters = {
  q: '',
  set: '',
  rarity: '',
  platform: '',
  gradeMin: '',
  gradeMax: '',
  status: 'all',
  sort: 'newest',
};
/** The keys that narrow the list (sort only orders it). */
const NARROWING = ['q', 'set', 'rarity', 'platform', 'gradeMin', 'gradeMax', 'status'] as const;

/** 1, 1.5, … 10: the grade choices of the range selects. */
export const GRADE_STEPS = Array.from({ length: (COLLECTION_GRADE_MAX - COLLECTION_GRADE_MIN) * 2 + 1 }, (_, i) =>
  String(COLLECTION_GRADE_MIN + i / 2),
);

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);
const gradeParam = (v: string | null) => {
  const n = Number(v);
  return v && Number.isFinite(n) && n >= COLLECTION_GRADE_MIN && n <= COLLECTION_GRADE_MAX ? String(n) : '';
};

/**
 * Reads the filters from URL search params. Anything unknown or out of range (a hand-edited or old
 * link) falls back to its default instead of becoming an error, and a reversed grade range is swapped.
 */
export function parseFilters(params: URLSearchParams): CollectionFilters {
  let gradeMin = gradeParam(params.get('gradeMin'));
  let gradeMax = gradeParam(params.get('gradeMax'));
  if (gradeMin && gradeMax && Number(gradeMin) > Number(gradeMax)) [gradeMin, gradeMax] = [gradeMax, gradeMin];
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    set: params.get('set') ?? '',
    rarity: params.get('rarity') ?? '',
    platform: oneOf<TCollectionPlatform | ''>(COLLECTION_PLATFORMS, (params.get('platform') ?? '').toUpperCase(), ''),
    gradeMin,
    gradeMax,
    status: oneOf(COLLECTION_STATUSES, params.get('status'), 'all'),
    sort: oneOf(COLLECTION_SORTS, params.get('sort'), 'newest'),
  };
}

/** Only what differs from the defaults, in a fixed order: the page URL and the API query string. */
export function filtersToParams(f: CollectionFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = f.q.trim();
  if (q) params.set('q', q);
  for (const key of ['set', 'rarity', 'platform', 'gradeMin', 'gradeMax'] as const) if (f[key]) params.set(key, f[key]);
  if (f.status !== 'all') params.set('status', f.status);
  if (f.sort !== 'newest') params.set('sort', f.sort);
  return params;
}

/** The same filters as the list route's typed query (its defaults left out, like the URL's). */
export function filtersToQuery(f: CollectionFilters): TUserCardListRequest {
  const q = f.q.trim();
  return {
    q: q || undefined,
    set: f.set || undefined,
    rarity: f.rarity || undefined,
    platform: f.platform || undefined,
    gradeMin: f.gradeMin || undefined,
    gradeMax: f.gradeMax || undefined,
    status: f.status === 'all' ? undefined : f.status,
    sort: f.sort === 'newest' ? undefined : f.sort,
  };
}

export const countActiveFilters = (f: CollectionFilters): number =>
  NARROWING.filter((k) => (k === 'q' ? f.q.trim() !== '' : f[k] !== DEFAULT_FILTERS[k])).length;

/** The filters in the URL, and a setter that writes changes back to it (a history entry per change). */
export function useCollectionFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<CollectionFilters>, options: { replace?: boolean } = {}) => {
      setParams((current) => filtersToParams({ ...parseFilters(current), ...patch }), {
        replace: options.replace,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  /** Back to no filters; the chosen sort order stays. */
  const clear = useCallback(
    () => setParams((current) => filtersToParams({ ...DEFAULT_FILTERS, sort: parseFilters(current).sort }), { preventScrollReset: true }),
    [setParams],
  );
  return { filters, update, clear, activeCount: countActiveFilters(filters) };
}

export const collectionFacetsKey = ['/api/user-cards', 'facets'] as const;

/**
 * The filtered, sorted cards from the server; the key holds the query string, so every filter
 * combination is its own cache entry. While a new combination loads the previous list stays on screen.
 */
export function useCollectionCards(filters: CollectionFilters) {
  const search = filtersToParams(filters).toString();
  return useApiQuery('GET /api/user-cards', {
    queryKey: ['/api/user-cards', 'collection', search],
    query: filtersToQuery(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCollectionFacets() {
  return useApiQuery('GET /api/user-cards/facets', { queryKey: collectionFacetsKey, staleTime: 0 });
}

/**
 * The catalogue source port: paged listings of sets and cards shaped like the Pokémon TCG API v2
 * (`{data, page, pageSize, count, totalCount}`, cards embedding their `set` and `tcgplayer.prices`).
 * Adapters: `pokemontcg` (the live API over HTTP) and `snapshot` (the bundled catalogue, offline).
 * Records come back unchecked (`unknown`): the sync validates each one, so one bad record is a
 * warning and not a failed page.
 */
export type Listing = 'sets' | 'cards';

export interface SourcePage {
  data: unknown[];
  page: number;
  pageSize: number;
  count: number;
  totalCount: number;
}

/** A retry the adapter made while fetching a page: the sync records it as a warning event. */
export interface RetryNotice {
  listing: Listing;
  page: number;
  attempt: number;
  reason: string;
  waitMs: number;
}

export interface FetchPageOptions {
  signal?: AbortSignal;
  onRetry?: (notice: RetryNotice) => void;
}

export interface CatalogueSource {
  readonly kind: 'pokemontcg' | 'snapshot';
  /** The stable order each listing is read in: paging resumes by page number, so it must not change. */
  fetchPage(listing: Listing, page: number, pageSize: number, options?: FetchPageOptions): Promise<SourcePage>;
}

/** A page that could not be had after every retry (or the request budget ran out): the run fails on it. */
export class SourcePageError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'SourcePageError';
  }
}

/** The fetch was aborted on purpose (cancel, shutdown): not a source failure. */
export class SourceAborted extends Error {
  constructor() {
    super('The request was aborted');
    this.name = 'SourceAborted';
  }
}

export const PAGE_SIZE = 250;
export const ORDER_BY: Record<Listing, string> = { sets: 'id', cards: 'id' };

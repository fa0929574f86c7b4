import { z } from 'zod';
import { zText } from './text';

export const ZCatalogueCard = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  rarity: z.string().nullable(),
  setId: z.string(),
  setName: z.string(),
  series: z.string(),
  setPrintedTotal: z.number().int(),
  releaseDate: z.string(),
  imageSmall: z.string().nullable(),
  imageLarge: z.string().nullable(),
});
export type TCatalogueCard = z.infer<typeof ZCatalogueCard>;

export const CATALOGUE_IMAGE_SIZES = ['small', 'large'] as const;
/**
 * Where the web loads a catalogue card's picture: our own server, which fetches it from the catalogue's
 * image host once and keeps it (server/catalogue/thumbnails.ts). The browser never calls a third party.
 */
export const catalogueImagePath = (cardId: string, size: (typeof CATALOGUE_IMAGE_SIZES)[number]) =>
  `/api/catalogue/cards/${encodeURIComponent(cardId)}/image/${size}`;
/** ZCatalogueCard as a route's success answer; the entity keeps its own name because other schemas embed it. */
export const ZCatalogueCardResponse = ZCatalogueCard;
export type TCatalogueCardResponse = TCatalogueCard;

export const CATALOGUE_QUERY_REQUIRED = 'Type a card name, set or number';

/** A catalogue card id (`base1-4`). */
export const ZCatalogueCardParams = z.object({ id: zText().max(40) });
/** A catalogue card's picture: its id and which of the two sizes. */
export const ZCatalogueImageParams = ZCatalogueCardParams.extend({
  size: z.enum(CATALOGUE_IMAGE_SIZES, { message: 'Size is small or large' }),
});

/**
 * A catalogue search, one page at a time. The query may be left empty when a set is chosen: then the
 * page lists that set in number order (a collector going through a set they hold).
 */

export const ZCatalogueSearchRequest = z
  .object({
    q: zText().trim().max(100, 'Search is at most 100 characters').default(''),
    setId: zText().max(40).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .refine((r) => r.q !== '' || !!r.setId, { message: CATALOGUE_QUERY_REQUIRED, path: ['q'] });
export type TCatalogueSearchRequest = z.input<typeof ZCatalogueSearchRequest>;

export const ZCatalogueSearchResponse = z.object({
  query: z.string(),
  /** Every match, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  cards: z.array(ZCatalogueCard.extend({ score: z.number() })),
});
export type TCatalogueSearchResponse = z.infer<typeof ZCatalogueSearchResponse>;

export const ZCatalogueSet = z.object({
  id: z.string(),
  name: z.string(),
  series: z.string(),
  total: z.number().int(),
  releaseDate: z.string(),
});
export const ZCatalogueSetListResponse = z.array(ZCatalogueSet);

import { z } from 'zod';
import { ZEdition, ZFinish } from './printing';

/**
 * CSV export and import of the collection (issue 15). The import is two steps: an upload answers a
 * preview (what each row matched in the catalogue) that is kept for a day, and nothing is written to the
 * collection until the collector confirms it.
 */

/**
 * 5 MB: our own export of 10,000 cards with long notes is about 2.5 MB, TCGplayer's and Collectr's
 * exports are smaller per row; anything larger is not a card list, and the whole file is held in
 * memory while it is parsed.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows (cards) one import takes: a large collection; bigger ones are split into several files. */
export const IMPORT_MAX_ROWS = 10_000;
/** Longest cell we read; a card name or a note is far shorter. */
export const IMPORT_MAX_CELL_CHARS = 2_000;
/** How long an unconfirmed preview is kept. */
export const IMPORT_PREVIEW_HOURS = 24;
/** Rows per page of the preview. */
export const IMPORT_PAGE_SIZE = 50;

export const IMPORT_TOO_LARGE_MESSAGE =
  'This file is larger than 5 MB. Split it into smaller files (10,000 cards at most each) and import them one by one.';
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `This file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} cards. Split it into smaller files and import them one by one.`;
export const IMPORT_NOT_UTF8_MESSAGE =
  'This file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8 (comma delimited)" and try again.';
export const IMPORT_BINDERS_NOT_APPLIED =
  'Binders are not filled from a file: binders hold graded cards, and imported cards are ungraded until you photograph and grade them.';

export const IMPORT_STATUSES = ['matched', 'ambiguous', 'unmatched'] as const;
export const ZImportRowStatus = z.enum(IMPORT_STATUSES);
export type TImportRowStatus = z.infer<typeof ZImportRowStatus>;

/** Which kind of file the columns looked like. */
export const IMPORT_FORMATS = ['gradevault', 'tcgplayer', 'collectr', 'generic'] as const;
export const ZImportFormat = z.enum(IMPORT_FORMATS);
export const IMPORT_FORMAT_LABELS: Record<z.infer<typeof ZImportFormat>, string> = {
  gradevault: 'GradeVault export',
  tcgplayer: 'TCGplayer export',
  collectr: 'Collectr export',
  generic: 'Spreadsheet',
};

/** A catalogue card a row may be. */
export const ZImportCandidate = z.object({
  cardId: z.string(),
  name: z.string(),
  setName: z.string(),
  number: z.string(),
  rarity: z.string().nullable(),
});
export type TImportCandidate = z.infer<typeof ZImportCandidate>;

/** One row of the file as read, and what it matched. */
export const ZImportRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  set: z.string(),
  number: z.string(),
  quantity: z.number().int(),
  edition: ZEdition.nullable(),
  finish: ZFinish.nullable(),
  /** What the collector paid for one copy, a decimal string ("12.50"), or null. */
  purchasePrice: z.string().nullable(),
  notes: z.string().nullable(),
  /** Binder names the file gives (shown, never applied: see IMPORT_BINDERS_NOT_APPLIED). */
  binders: z.array(z.string()),
  status: ZImportRowStatus,
  /** The catalogue card it will become (matched rows). */
  cardId: z.string().nullable(),
  /** The catalogue cards it may be (ambiguous rows), or the one it matched. */
  candidates: z.array(ZImportCandidate),
  /** Why it is ambiguous or unmatched, in a sentence. */
  reason: z.string().nullable(),
  /**
   * A matched row that looks like a card already in the collection (same catalogue card, edition, finish
   * and purchase price): re-importing your own export would otherwise add every card a second time.
   * Previews stored before this field read as false.
   */
  duplicate: z.boolean().default(false),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportCounts = z.object({
  total: z.number().int(),
  matched: z.number().int(),
  ambiguous: z.number().int(),
  unmatched: z.number().int(),
  /** Matched rows that look like cards already in the collection (see ZImportRow.duplicate). */
  duplicates: z.number().int().default(0),
});

export const ZImportParams = z.object({ id: z.string().uuid('Not a valid import id') });

export const ZImportPreviewRequest = z.object({
  status: ZImportRowStatus.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const ZImportPreviewResponse = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  format: ZImportFormat,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Set once confirmed; confirming again changes nothing. */
  confirmedAt: z.string().nullable(),
  importedCount: z.number().int().nullable(),
  counts: ZImportCounts,
  /** Whether the file had a binder column (its names are shown, not applied). */
  hasBinders: z.boolean(),
  /** Whether the file carried grades (our own export): ignored, imported cards are ungraded. */
  hasGrades: z.boolean(),
  /** One page of rows, filtered by `status` when asked. */
  rows: z.array(ZImportRow),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type TImportPreviewResponse = z.infer<typeof ZImportPreviewResponse>;

/** Ambiguous rows the collector resolved: line → the chosen candidate's card id. */
export const ZConfirmImportRequest = z.object({
  choices: z
    .array(z.object({ line: z.number().int().min(2), cardId: z.string().min(1).max(100) }))
    .max(IMPORT_MAX_ROWS)
    .default([]),
  /** What to do with rows that look like cards already in the collection: leave them out, or add them again. */
  duplicates: z.enum(['skip', 'import'], { error: 'duplicates must be skip or import' }).default('skip'),
});
export type TConfirmImportRequest = z.input<typeof ZConfirmImportRequest>;

export const ZConfirmImportResponse = z.object({
  /** Cards added to the collection by this import (the same number when confirmed again). */
  imported: z.number().int(),
  /** Rows left out: unmatched, or ambiguous and not resolved. */
  skipped: z.number().int(),
  alreadyConfirmed: z.boolean(),
  message: z.string(),
});
export type TConfirmImportResponse = z.infer<typeof ZConfirmImportResponse>;

/** The export: CSV text (UTF-8 with a BOM, for Excel), sent as an attachment. */
export const ZCollectionCsv = z.string().describe('text/csv; UTF-8 with BOM; cells starting with = + - @ are prefixed with an apostrophe');

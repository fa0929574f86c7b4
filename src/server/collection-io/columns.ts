/**
 * From a file's header and cells to card rows: which column is which (our own export, TCGplayer's and
 * Collectr's, or a spreadsheet with the obvious names), the printing words mapped to the contract's
 * edition and finish, quantities and prices read, and the formula check over every cell.
 */
import { ZQuantity, type TEdition, type TFinish } from '@contract/printing';
import type { TImportRow } from '@contract/collection-io';
import { zPersonalNotes, zText } from '@contract/text';
import { unprocessable } from '../domain-errors';
import { looksLikeFormula, undefuseFormulas, type ParsedCsv } from './csv';

type Field = 'cardId' | 'name' | 'set' | 'setId' | 'number' | 'quantity' | 'variant' | 'price' | 'notes' | 'binders' | 'grade';

/** Header spellings per field, squeezed (lower case, letters and digits only), in order of preference. */
const SYNONYMS: Record<Exclude<Field, 'variant' | 'grade'>, string[]> = {
  cardId: ['catalogueid', 'cardid'],
  name: ['name', 'cardname', 'productname', 'card', 'simplename', 'title'],
  set: ['set', 'setname', 'expansion'],
  setId: ['setid', 'setcode'],
  number: ['number', 'cardnumber', 'collectornumber', 'no', 'num'],
  quantity: ['quantity', 'qty', 'count', 'totalquantity'],
  // TCGplayer's "Price" is what a copy sold for; Collectr's "Average Cost Paid" is what the collector paid.
  price: ['purchaseprice', 'pricepaid', 'averagecostpaid', 'cost', 'priceeach', 'price'],
  notes: ['notes', 'note', 'comments', 'comment'],
  binders: ['binders', 'binder', 'portfolioname'],
};
/** Every column that names the printing: read together for edition and finish words. */
const VARIANT_COLUMNS = ['edition', 'finish', 'printing', 'condition', 'variance', 'variant', 'foil'];
const GRADE_COLUMNS = ['psagrade', 'bgsgrade', 'cgcgrade', 'grade'];

export const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ColumnMap {
  index: Partial<Record<Exclude<Field, 'variant' | 'grade'>, number>>;
  variant: number[];
  grade: number[];
  format: 'gradevault' | 'tcgplayer' | 'collectr' | 'generic';
}

export function mapColumns(header: string[]): ColumnMap {
  const keys = header.map(squeeze);
  const index: ColumnMap['index'] = {};
  for (const [field, names] of Object.entries(SYNONYMS) as [keyof typeof SYNONYMS, string[]][]) {
    for (const name of names) {
      const at = keys.indexOf(name);
      if (at >= 0) {
        index[field] = at;
        break;
      }
    }
  }
  const variant = keys.flatMap((k, i) => (VARIANT_COLUMNS.includes(k) ? [i] : []));
  const grade = keys.flatMap((k, i) => (GRADE_COLUMNS.includes(k) ? [i] : []));
  const has = (k: string) => keys.includes(k);
  const format = has('catalogueid')
    ? 'gradevault'
    : has('printing') || has('tcgplayerid') || has('productline') || has('simplename')
      ? 'tcgplayer'
      : has('variance') || has('portfolioname') || has('averagecostpaid')
        ? 'collectr'
        : 'generic';
  if (index.number === undefined && index.cardId === undefined)
    throw unprocessable(
      'We could not find a card number column. The first row must name the columns: at least Name, Set and Number (Quantity, Condition and Price are optional).',
    );
  if (index.set === undefined && index.setId === undefined && index.cardId === undefined)
    throw unprocessable('We could not find a set column. The first row must name the columns: at least Name, Set and Number.');
  return { index, variant, grade, format };
}

/**
 * Refuses the whole file when a cell would run as a formula in a spreadsheet (=HYPERLINK(…), +cmd|…):
 * nothing is imported, and the message names where. Judged piece by piece after every separator a
 * spreadsheet may split on (csv.ts), as the export defuses. A cell our own export defused (an
 * apostrophe before each formula start) has the apostrophes taken off again.
 */
export function checkFormulas(csv: ParsedCsv): void {
  const found: string[] = [];
  const scan = (cells: string[], line: number) => {
    for (let c = 0; c < cells.length; c++) {
      // A formula start anywhere a spreadsheet may split the cell refuses the file; otherwise our own
      // export's apostrophes (defuseFormulas) come off again.
      const cell = cells[c];
      if (!looksLikeFormula(cell)) cells[c] = undefuseFormulas(cell);
      else if (found.length < 3) {
        const column = csv.header[c] ? `column "${csv.header[c]}"` : `column ${c + 1}`;
        found.push(`line ${line}, ${column}: ${JSON.stringify(cell.length > 30 ? `${cell.slice(0, 30)}…` : cell)}`);
      }
    }
  };
  scan(csv.header, 1);
  for (const row of csv.rows) scan(row.cells, row.line);
  if (found.length)
    throw unprocessable(
      `Nothing was imported: this file has cells that a spreadsheet would run as formulas (${found.join('; ')}). ` +
        'Remove the leading = + - or @ from those cells, or start them with an apostrophe, and import the file again.',
    );
}

/** Edition and finish words from TCGplayer's Printing and Condition, Collectr's Variance and Edition, or ours. */
export function parseVariant(text: string): { edition: TEdition | null; finish: TFinish | null } {
  const t = text.toLowerCase();
  const edition = /\b(1st|first)\s*ed/.test(t)
    ? 'first_edition'
    : /shadowless/.test(t)
      ? 'shadowless'
      : /unlimited/.test(t)
        ? 'unlimited'
        : null;
  const finish = /reverse/.test(t)
    ? 'reverse_holofoil'
    : /non[\s-]?holo|\bnormal\b/.test(t)
      ? 'normal'
      : /holo/.test(t)
        ? 'holofoil'
        : null;
  return { edition, finish };
}

/** "4/102" → "4", "004" → "4", "TG01" → "tg01": how numbers are compared with the catalogue's. */
export function normalNumber(raw: string): string {
  const n = raw.trim().replace(/^#/, '').split('/')[0].trim().toLowerCase();
  return n.replace(/^0+(?=\w)/, '');
}

/** "$1,234.50", "12,50", "12.5" → "1234.50" / "12.50"; null when empty; undefined when not an amount. */
export function parsePrice(raw: string): string | null | undefined {
  const s = raw.replace(/[\s$€£]|USD|EUR|GBP/gi, '');
  if (s === '') return null;
  let n: number;
  if (/^\d+(\.\d{1,2})?$/.test(s) || /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) n = Number(s.replace(/,/g, ''));
  else if (/^\d+,\d{1,2}$/.test(s)) n = Number(s.replace(',', '.'));
  else return undefined;
  return n > 1_000_000 ? undefined : n.toFixed(2);
}

/** A file row as the preview shows it, before matching (status and candidates are the matcher's). */
export type ReadRow = Omit<TImportRow, 'status' | 'cardId' | 'candidates' | 'reason' | 'duplicate'> & {
  catalogueId: string | null;
  setId: string;
  problem: string | null;
};

/** The same text rules as the API's (issue 23.8): control characters refused, lengths capped. */
const ZNotes = zPersonalNotes();
const ZLine = (max: number) => zText().max(max, `at most ${max.toLocaleString('en-US')} characters`);
const LINE_LIMITS = { Name: ZLine(200), Set: ZLine(200), Number: ZLine(40), 'Card id': ZLine(100), Binders: ZLine(4000) };

export function readRows(csv: ParsedCsv, map: ColumnMap): ReadRow[] {
  const cell = (cells: string[], i: number | undefined) => (i === undefined ? '' : (cells[i] ?? '').trim());
  return csv.rows.map(({ line, cells }) => {
    const { index } = map;
    const variant = parseVariant(map.variant.map((i) => cells[i] ?? '').join(' '));
    let problem: string | null = null;
    const qtyText = cell(cells, index.quantity);
    // The common case without zod (10,000 rows); anything else gets the contract's rule and message.
    const qty = /^[1-9]\d{0,2}$/.test(qtyText)
      ? ({ success: true, data: Number(qtyText) } as const)
      : ZQuantity.safeParse(qtyText === '' ? 1 : qtyText);
    if (!qty.success) problem = `${qty.error.issues[0].message} (got "${qtyText}").`;
    const priceText = cell(cells, index.price);
    const price = parsePrice(priceText);
    if (price === undefined) problem ??= `Price "${priceText}" is not an amount.`;
    const notes = cell(cells, index.notes);
    const notesCheck = ZNotes.safeParse(notes);
    if (!notesCheck.success) problem ??= `Notes: ${notesCheck.error.issues[0].message}`;
    const setText = cell(cells, index.set) || cell(cells, index.setId);
    for (const [label, text] of [
      ['Name', cell(cells, index.name)],
      ['Set', setText],
      ['Number', cell(cells, index.number)],
      ['Card id', cell(cells, index.cardId)],
      ['Binders', cell(cells, index.binders)],
    ] as const) {
      const check = LINE_LIMITS[label].safeParse(text);
      if (!check.success) problem ??= `${label}: ${check.error.issues[0].message}`;
    }
    return {
      line,
      catalogueId: cell(cells, index.cardId) || null,
      name: cell(cells, index.name),
      set: setText,
      setId: cell(cells, index.setId),
      number: cell(cells, index.number),
      quantity: qty.success ? qty.data : 1,
      edition: variant.edition,
      finish: variant.finish,
      purchasePrice: price ?? null,
      notes: notes || null,
      binders: cell(cells, index.binders)
        .split(/[;|]/)
        .map((b) => b.trim())
        .filter(Boolean),
      problem,
    };
  });
}

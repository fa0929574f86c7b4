/**
 * CSV as RFC 4180 describes it, both ways. Writing is csv-stringify's, with our formula defusing as its
 * string cast. Reading stays ours (decision 018): quoted fields with doubled quotes, any of CRLF / LF /
 * CR as the record end, line breaks inside quotes, and two rules csv-parse cannot hold at once: a quote
 * inside an unquoted cell (12" binder) is text, as spreadsheets write it, while text after a closing
 * quote is an error naming its line (its `relax_quotes` allows both or neither); and each row knows the
 * file line it starts on. The reader also takes a semicolon or tab delimiter, which spreadsheets in
 * comma-decimal locales write, picked from the header line.
 */
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync';

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export class CsvTooManyRows extends Error {}

export interface ParseOptions {
  /** Data rows (after the header) beyond which reading stops with CsvTooManyRows. */
  maxRows: number;
  /** Longest cell, in characters; longer is a CsvSyntaxError naming the line. */
  maxCellChars: number;
}

export interface ParsedCsv {
  header: string[];
  /** Data rows, each with the file line it starts on (the header is line 1). */
  rows: { line: number; cells: string[] }[];
  delimiter: string;
}

/** The delimiter the header line uses most, outside quotes: comma, semicolon or tab. */
export function sniffDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]++;
  }
  return Object.entries(counts).reduce((best, e) => (e[1] > best[1] ? e : best), [',', 0] as [string, number])[0];
}

/** Reads `text` (already decoded, without a BOM) into a header and rows; blank lines are skipped. */
export function parseCsv(text: string, opts: ParseOptions): ParsedCsv {
  const delimiter = sniffDelimiter(text);
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  const push = () => {
    if (cell.length > opts.maxCellChars)
      throw new CsvSyntaxError(
        `Line ${recordLine} has a cell longer than ${opts.maxCellChars.toLocaleString('en-US')} characters.`,
        recordLine,
      );
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    push();
    // A blank line is one empty cell: skipped, as spreadsheets leave them at the end.
    if (!(cells.length === 1 && cells[0] === '')) {
      // The header plus maxRows data rows; one more is refused before the rest is read.
      if (records.length > opts.maxRows) throw new CsvTooManyRows();
      records.push({ line: recordLine, cells });
    }
    cells = [];
  };
  while (i < n) {
    const c = text[i];
    if (c === '"' && cell === '') {
      // A quoted field: runs to the next lone quote; "" is one quote; line breaks are part of it.
      i++;
      for (;;) {
        if (i >= n) throw new CsvSyntaxError(`A quoted cell that starts on line ${recordLine} is never closed.`, recordLine);
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n' || (q === '\r' && text[i + 1] !== '\n')) line++;
        cell += q;
        i++;
      }
      // After the closing quote only a delimiter or the record end may follow.
      const next = text[i];
      if (i < n && next !== delimiter && next !== '\n' && next !== '\r')
        throw new CsvSyntaxError(`Line ${line} has text after a closing quote. Quotes inside a cell must be doubled ("").`, line);
      // An empty quoted cell ("") must not read as the start of another quoted cell.
      if (cell === '') cell = '\u0000';
      continue;
    }
    if (c === delimiter) {
      if (cell === '\u0000') cell = '';
      push();
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (cell === '\u0000') cell = '';
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    // A quote inside an unquoted cell (12" binder) is read as itself, as spreadsheets do.
    cell += c;
    i++;
  }
  if (cell === '\u0000') cell = '';
  if (cell !== '' || cells.length > 0) endRecord();
  const [header, ...rows] = records;
  return { header: header?.cells ?? [], rows, delimiter };
}

/**
 * A cell a spreadsheet would run as a formula: OWASP's list (= + - @, tab, carriage return). A plain
 * signed number or a lone dash ("-3", "+1.5") is a number to a spreadsheet, not a formula, so it is let through.
 *
 * Not only at the cell's start (issue 23.7): a spreadsheet that opens the file with another separator
 * (`;` in much of Europe, tab, `|`), or a person pasting a multi-line note, splits the cell, and each
 * piece starts a cell of its own. `fine;=2+3;` was exported raw and evaluated. So every piece after a
 * separator a spreadsheet may use (, ; tab | CR LF), spaces before it skipped, is judged the same way.
 */
const SEPARATORS = /([,;\t|\r\n])/;
const FORMULA_START = (piece: string) => {
  if (piece === '' || !'=+-@\t\r'.includes(piece[0])) return false;
  // A lone "-" is how many exports write an empty value.
  return !/^[+-](\d+([.,]\d+)?)?$/.test(piece);
};

/** The cell cut at every separator, each piece with its leading spaces apart: [separator | lead, body]. */
function pieces(cell: string): { sep: boolean; lead: string; body: string }[] {
  // A tab or CR at the very start is itself a formula start (OWASP), not a separator.
  const head = /^[\t\r]/.test(cell) ? 1 : 0;
  const parts = cell.slice(head).split(SEPARATORS);
  if (head) parts[0] = cell[0] + parts[0];
  return parts.map((part, i) => {
    if (i % 2 === 1) return { sep: true, lead: '', body: part };
    const lead = /^ */.exec(part)![0];
    return { sep: false, lead, body: part.slice(lead.length) };
  });
}

export function looksLikeFormula(cell: string): boolean {
  return pieces(cell).some((p) => !p.sep && FORMULA_START(p.body));
}

/** Each formula-looking piece behind an apostrophe (OWASP), so no split of the cell starts a formula. */
export function defuseFormulas(cell: string): string {
  return pieces(cell)
    .map((p) => (p.sep ? p.body : p.lead + (FORMULA_START(p.body) ? `'${p.body}` : p.body)))
    .join('');
}

/** What defuseFormulas added taken off again (our own export read back); other text is unchanged. */
export function undefuseFormulas(cell: string): string {
  return pieces(cell)
    .map((p) =>
      p.sep ? p.body : p.lead + (p.body.length > 1 && p.body[0] === "'" && FORMULA_START(p.body.slice(1)) ? p.body.slice(1) : p.body),
    )
    .join('');
}

/**
 * Writing: CRLF record ends; quoted where RFC 4180 needs it (a delimiter, a quote, a line break) and
 * where a reader would lose spaces at either end; formula starts defused with a leading apostrophe (OWASP).
 */
const WRITE: StringifyOptions = {
  record_delimiter: '\r\n',
  quoted_match: /[\r\n]|^\s|\s$/,
  cast: { string: (value) => defuseFormulas(value) },
};

export type CsvRow = readonly (string | number | null | undefined)[];

/** Rows as CSV text, each ending in CRLF. */
export const csvText = (rows: readonly CsvRow[]): string => stringify(rows as unknown[][], WRITE);

export const csvLine = (cells: CsvRow): string => csvText([cells]);

/** One cell as csvLine writes it. */
export const csvCell = (value: string | number | null | undefined): string => csvLine([value]).slice(0, -2);

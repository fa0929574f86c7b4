import { describe, expect, it } from 'vitest';
import {
  CsvSyntaxError,
  CsvTooManyRows,
  csvCell,
  csvLine,
  defuseFormulas,
  looksLikeFormula,
  parseCsv,
  sniffDelimiter,
  undefuseFormulas,
} from './csv';

const opts = { maxRows: 100, maxCellChars: 50 };
const cells = (text: string) => {
  const p = parseCsv(text, opts);
  return [p.header, ...p.rows.map((r) => r.cells)];
};

describe('parseCsv (RFC 4180)', () => {
  it('reads plain rows with CRLF, LF or CR record ends, and a last line without one', () => {
    expect(cells('a,b\r\nc,d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells('a,b\rc,d\r')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads quoted cells: delimiters, doubled quotes and line breaks inside, empty quoted cells', () => {
    expect(cells('a,b\n"x, y","say ""hi"""\n"line1\r\nline2",""\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['line1\r\nline2', ''],
    ]);
    expect(cells('a,b,c\n"",,""\n')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
    ]);
  });

  it('keeps empty cells and skips blank lines', () => {
    expect(cells('a,b,c\n,,\n\n1,,3\n\n')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['1', '', '3'],
    ]);
  });

  it('gives each row the file line it starts on, counting line breaks inside quotes', () => {
    const p = parseCsv('h\n"a\nb"\nc\n', opts);
    expect(p.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('reads a quote inside an unquoted cell as itself', () => {
    expect(cells('a\n12" binder\n')).toEqual([['a'], ['12" binder']]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n', opts)).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\n1,"open\n2,3\n', opts)).toThrow(/starts on line 2 is never closed/);
    expect(() => parseCsv('a\n"x"y\n', opts)).toThrow(/Line 2 has text after a closing quote/);
  });

  it('stops at the row cap without reading on, and at an over-long cell', () => {
    const many = 'a\n' + '1\n'.repeat(101);
    expect(() => parseCsv(many, opts)).toThrow(CsvTooManyRows);
    expect(parseCsv('a\n' + '1\n'.repeat(100), opts).rows).toHaveLength(100);
    expect(() => parseCsv(`a\n${'x'.repeat(51)}\n`, opts)).toThrow(/Line 2 has a cell longer than 50/);
  });

  it('takes the delimiter the header uses: comma, semicolon or tab', () => {
    expect(sniffDelimiter('Name;Set;Number\n')).toBe(';');
    expect(sniffDelimiter('Name\tSet\tNumber\n')).toBe('\t');
    expect(sniffDelimiter('"a;b",c\n')).toBe(',');
    expect(cells('Name;Price\nPika;"1,50"\n')).toEqual([
      ['Name', 'Price'],
      ['Pika', '1,50'],
    ]);
  });
});

describe('formula cells', () => {
  it('flags = + - @ tab and CR starts, not plain signed numbers or a lone dash', () => {
    for (const f of ['=HYPERLINK("http://x","y")', '+cmd|x', '-2+3', '@SUM(A1)', '\tx', '\rx', '=1'])
      expect(looksLikeFormula(f)).toBe(true);
    for (const ok of ['', 'Charizard', '-3', '+1.5', '-', '12', "'=1"]) expect(looksLikeFormula(ok)).toBe(false);
  });

  it('writes formula starts behind an apostrophe and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(' pad')).toBe('" pad"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('judges every piece a spreadsheet may split the cell into: after , ; tab | and line breaks', () => {
    for (const f of ['fine;=2+3;', 'ok,@SUM(A1)', 'a|+cmd|x', 'note\n=1+1', 'a; =HYPERLINK("x")', 'a\t-2+3'])
      expect(looksLikeFormula(f), f).toBe(true);
    for (const ok of ['fine; -3; +1.5', 'a - b', 'near mint, small crease', 'x;-', "fine;'=2+3"])
      expect(looksLikeFormula(ok), ok).toBe(false);
    expect(csvCell('fine;=2+3;')).toBe("fine;'=2+3;");
    expect(csvCell('a; =1|@x')).toBe("a; '=1|'@x");
    expect(csvCell('line\n+1+1')).toBe(`"line\n'+1+1"`);
    for (const v of ['fine;=2+3;', 'a; =1|@x', '=x\n-2+3', 'plain; text']) {
      expect(looksLikeFormula(defuseFormulas(v)), v).toBe(false);
      expect(undefuseFormulas(defuseFormulas(v))).toBe(v);
    }
  });

  it('reads back what it writes', () => {
    const values = ['x, y', 'say "hi"', 'two\nlines', '', 'plain'];
    expect(parseCsv(`h1,h2,h3,h4,h5\r\n${csvLine(values)}`, opts).rows[0].cells).toEqual(values);
  });
});

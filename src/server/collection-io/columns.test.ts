import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-errors';
import { checkFormulas, mapColumns, normalNumber, parsePrice, parseVariant, readRows } from './columns';
import { parseCsv } from './csv';
import { decodeCsv } from './decode';
import { namesAgree, setKeys } from './match';

const parse = (text: string) => parseCsv(text, { maxRows: 100, maxCellChars: 2000 });

describe('columns', () => {
  it('recognises our export, TCGplayer and Collectr headers', () => {
    expect(mapColumns(['Name', 'Set', 'Set ID', 'Number', 'PSA Grade', 'Catalogue ID']).format).toBe('gradevault');
    const tcg = mapColumns(['Quantity', 'Name', 'Simple Name', 'Set', 'Card Number', 'Set Code', 'Printing', 'Condition', 'Price']);
    expect(tcg).toMatchObject({ format: 'tcgplayer', index: { quantity: 0, name: 1, set: 3, number: 4, setId: 5, price: 8 } });
    expect(tcg.variant).toEqual([6, 7]);
    const collectr = mapColumns(['Portfolio Name', 'Set', 'Product Name', 'Card Number', 'Variance', 'Average Cost Paid', 'Quantity']);
    expect(collectr).toMatchObject({ format: 'collectr', index: { binders: 0, name: 2, number: 3, price: 5 } });
  });

  it('refuses a file without number or set columns with a sentence', () => {
    expect(() => mapColumns(['Name', 'Set'])).toThrow(/card number column/);
    expect(() => mapColumns(['Name', 'Number'])).toThrow(/set column/);
  });

  it('maps printing words to the edition and finish enums', () => {
    expect(parseVariant('1st Edition Holofoil')).toEqual({ edition: 'first_edition', finish: 'holofoil' });
    expect(parseVariant('Near Mint Reverse Holofoil')).toEqual({ edition: null, finish: 'reverse_holofoil' });
    expect(parseVariant('Shadowless Holo')).toEqual({ edition: 'shadowless', finish: 'holofoil' });
    expect(parseVariant('Unlimited Normal')).toEqual({ edition: 'unlimited', finish: 'normal' });
    expect(parseVariant('Lightly Played Non-Holo')).toEqual({ edition: null, finish: 'normal' });
    expect(parseVariant('First Edition')).toEqual({ edition: 'first_edition', finish: null });
    expect(parseVariant('')).toEqual({ edition: null, finish: null });
  });

  it('reads numbers, prices, sets and names the way collectors write them', () => {
    expect(['4/102', '004', '#4', ' 4 ', 'TG01', '0'].map(normalNumber)).toEqual(['4', '4', '4', '4', 'tg01', '0']);
    expect(['$1,234.50', '12,50', '12.5', '', '€3', 'abc', '-1', '2000000'].map(parsePrice)).toEqual([
      '1234.50',
      '12.50',
      '12.50',
      null,
      '3.00',
      undefined,
      undefined,
      undefined,
    ]);
    expect(setKeys('Base Set')).toContain('base');
    expect(setKeys('SWSH01: Sword & Shield')).toContain('swordandshield');
    expect(setKeys('Base Set (Shadowless)')).toContain('base');
    expect(namesAgree('Charizard - 4/102', 'Charizard')).toBe(true);
    expect(namesAgree('Pokemon Center', 'Pokémon Center')).toBe(true);
    expect(namesAgree('Blastoise', 'Charizard')).toBe(false);
  });

  it('reads a TCGplayer row, with its problems told per row', () => {
    const csv = parse(
      'Quantity,Name,Set,Number,Printing,Condition,Price\n2,Charizard,Base Set,4/102,1st Edition,Near Mint Holofoil,$350.00\nx,Pika,Base,58,,,\n',
    );
    const rows = readRows(csv, mapColumns(csv.header));
    expect(rows[0]).toMatchObject({
      quantity: 2,
      name: 'Charizard',
      number: '4/102',
      edition: 'first_edition',
      finish: 'holofoil',
      purchasePrice: '350.00',
      problem: null,
    });
    expect(rows[1].problem).toMatch(/Quantity must be a whole number/);
  });
});

describe('formula check', () => {
  it('refuses the whole file naming line and column', () => {
    const csv = parse('Name,Set,Number,Notes\nCharizard,Base,4,"=HYPERLINK(""http://evil.example"",""click"")"\n');
    expect(() => checkFormulas(csv)).toThrow(DomainError);
    expect(() => checkFormulas(csv)).toThrow(/line 2, column "Notes": "=HYPERLINK/);
  });

  it('takes back the apostrophe our export put before a formula start', () => {
    const csv = parse(`Name,Set,Number,Notes\nCharizard,Base,4,'=not a formula\n`);
    checkFormulas(csv);
    expect(csv.rows[0].cells[3]).toBe('=not a formula');
  });
});

describe('decodeCsv', () => {
  it('takes UTF-8 with and without a BOM, and UTF-16 with a BOM', () => {
    expect(decodeCsv(Buffer.from('\uFEFFName,Pokémon\n'))).toBe('Name,Pokémon\n');
    expect(decodeCsv(Buffer.from('Name,Pokémon\n'))).toBe('Name,Pokémon\n');
    expect(decodeCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name,Pokémon\n', 'utf16le')]))).toBe('Name,Pokémon\n');
  });

  it('refuses Latin-1, a workbook, binary and empty files with sentences', () => {
    expect(() => decodeCsv(Buffer.from('Name,Pok\xe9mon\n', 'latin1'))).toThrow(/not UTF-8 text/);
    expect(() => decodeCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toThrow(/Excel workbook/);
    expect(() => decodeCsv(Buffer.from('a\u0000b'))).toThrow(/not UTF-8 text/);
    expect(() => decodeCsv(Buffer.from('  \n'))).toThrow(/empty/);
  });
});

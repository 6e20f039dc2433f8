import { describe, expect, it } from 'vitest';
import { formatCsv, formatCsvCell, isBlankRecord, parseCsv } from './csv.ts';

const cells = (text: string, delimiter?: string) => {
  const r = parseCsv(text, delimiter ? { delimiter } : {});
  if (!r.ok) throw new Error(r.error);
  return r.records.map((x) => x.cells);
};

describe('parseCsv', () => {
  it('splits plain rows with LF, CRLF and CR line ends', () => {
    expect(cells('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a,b\r1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps the last row without a final line end, and reads nothing from empty text', () => {
    expect(cells('x,y')).toEqual([['x', 'y']]);
    expect(cells('')).toEqual([]);
  });

  it('drops a UTF-8 byte-order mark', () => {
    expect(cells('\ufeffname,type\nA,B')).toEqual([
      ['name', 'type'],
      ['A', 'B'],
    ]);
  });

  it('reads quoted values with delimiters, doubled quotes and line breaks', () => {
    expect(cells('"a,b","say ""hi""","two\nlines"\n')).toEqual([['a,b', 'say "hi"', 'two\nlines']]);
    expect(cells('"",x')).toEqual([['', 'x']]);
  });

  it('keeps empty cells and trailing delimiters', () => {
    expect(cells('a,,c,\n')).toEqual([['a', '', 'c', '']]);
  });

  it('numbers records from 1, header included, and keeps blank records for line numbers', () => {
    const r = parseCsv('h\n\nA\n');
    expect(r.ok && r.records.map((x) => [x.line, x.cells])).toEqual([
      [1, ['h']],
      [2, ['']],
      [3, ['A']],
    ]);
    expect(isBlankRecord([''])).toBe(true);
    expect(isBlankRecord([' ', ''])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });

  it('uses another delimiter when told', () => {
    expect(cells('a;b,c\n', ';')).toEqual([['a', 'b,c']]);
    expect(cells('a\tb\n', '\t')).toEqual([['a', 'b']]);
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(parseCsv('a,"b\n')).toEqual({
      ok: false,
      error: 'Line 1: a quoted value starting on line 1 is never closed',
    });
    const r = parseCsv('ok\n"b"x,c');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^Line 2: unexpected character 'x' after a closing quote/);
  });

  it('refuses a bad delimiter', () => {
    expect(parseCsv('a', { delimiter: '"' }).ok).toBe(false);
    expect(parseCsv('a', { delimiter: ';;' }).ok).toBe(false);
  });

  it('stops once more records than the limit were read', () => {
    expect(parseCsv('1\n2\n3\n', { maxRecords: 3 }).ok).toBe(true);
    expect(parseCsv('1\n2\n3\n4\n', { maxRecords: 3 })).toEqual({ ok: false, error: 'The file has more than 3 rows' });
  });

  it('keeps quotes that appear inside an unquoted value', () => {
    expect(cells('5" pipe,x')).toEqual([['5" pipe', 'x']]);
  });
});

describe('formatCsv', () => {
  it('quotes only when needed and round-trips through parseCsv', () => {
    const rows = [
      ['name', 'note'],
      ['plain', 'a,b'],
      ['q"uote', 'two\nlines'],
      [null, 42],
    ];
    const text = formatCsv(rows);
    expect(text).toBe('name,note\r\nplain,"a,b"\r\n"q""uote","two\nlines"\r\n,42\r\n');
    expect(cells(text)).toEqual([
      ['name', 'note'],
      ['plain', 'a,b'],
      ['q"uote', 'two\nlines'],
      ['', '42'],
    ]);
  });

  it('guards spreadsheet formulas only when asked', () => {
    expect(formatCsvCell('=1+1')).toBe('=1+1');
    expect(formatCsvCell('=1+1', { guardFormulas: true })).toBe("'=1+1");
    expect(formatCsvCell('-5', { guardFormulas: true })).toBe("'-5");
    expect(formatCsvCell('ok', { guardFormulas: true })).toBe('ok');
  });
});

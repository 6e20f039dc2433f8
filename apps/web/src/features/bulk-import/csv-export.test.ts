import { describe, expect, it } from 'vitest';
import type { PageLink } from '../../lib/page-link';
import { csvField, csvFileName, fetchAllRows, toCsv, type CsvColumn } from './csv-export';

interface Row {
  name: string;
  label: string | null;
  gateway: boolean;
  created: number;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Label', value: (row) => row.label },
  { header: 'Is gateway', value: (row) => row.gateway },
  { header: 'Created', value: (row) => row.created },
];

describe('CSV export', () => {
  it('quotes delimiters, quotes and line breaks; leaves plain text bare', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a;b')).toBe('a;b');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('溫度感測器')).toBe('溫度感測器');
  });

  it('defuses text that a spreadsheet would run as a formula, but keeps numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField(-3)).toBe('-3');
  });

  it('writes a header and one CRLF line per row', () => {
    const rows: Row[] = [
      { name: 'Boiler, north', label: null, gateway: true, created: 1700000000000 },
      { name: 'Pump', label: 'P-1', gateway: false, created: 1 },
    ];
    expect(toCsv(rows, columns)).toBe(
      'Name,Label,Is gateway,Created\r\n"Boiler, north",,true,1700000000000\r\nPump,P-1,false,1\r\n',
    );
    expect(toCsv([], columns)).toBe('Name,Label,Is gateway,Created\r\n');
  });

  it('names the file after the local date', () => {
    expect(csvFileName('devices', new Date(2026, 10, 21, 23, 59))).toBe('devices-2026-11-21.csv');
    expect(csvFileName('assets', new Date(2027, 0, 5))).toBe('assets-2027-01-05.csv');
  });

  it('fetches every page with the same search and sort', async () => {
    const all = Array.from({ length: 7 }, (_, i) => i);
    const links: PageLink[] = [];
    const rows = await fetchAllRows(
      async (link) => {
        links.push(link);
        const data = all.slice(link.page * link.pageSize, (link.page + 1) * link.pageSize);
        return {
          data,
          totalElements: all.length,
          totalPages: Math.ceil(all.length / link.pageSize),
          hasNext: (link.page + 1) * link.pageSize < all.length,
        };
      },
      { textSearch: 'bo', sortProperty: 'label', sortOrder: 'DESC' },
      undefined,
      3,
    );
    expect(rows).toEqual(all);
    expect(links.map((link) => link.page)).toEqual([0, 1, 2]);
    expect(links.every((l) => l.textSearch === 'bo' && l.sortProperty === 'label' && l.sortOrder === 'DESC')).toBe(
      true,
    );
  });
});

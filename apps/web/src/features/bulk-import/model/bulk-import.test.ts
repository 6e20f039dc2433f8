import { parseCsv, type CsvRecord } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import { addResult, chunkFailed, emptySummary, planChunks, remapErrors, runChunks } from './chunking';
import {
  columnTypes,
  guessColumns,
  guessDelimiter,
  mappingRequest,
  validateMapping,
  type ColumnMapping,
} from './column-mapping';
import { importTable, sentHeader } from './import-table';
import { importFileKind, sheetRecords } from './sheet-records';

const records = (text: string): CsvRecord[] => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.records;
};

describe('column mapping', () => {
  it('offers device-only columns for devices only', () => {
    expect(columnTypes('DEVICE')).toContain('ACCESS_TOKEN');
    expect(columnTypes('DEVICE')).toContain('IS_GATEWAY');
    expect(columnTypes('ASSET')).not.toContain('ACCESS_TOKEN');
    expect(columnTypes('ASSET')).not.toContain('IS_GATEWAY');
  });

  it('guesses fields from the header and makes the rest server attributes', () => {
    const header = ['Name', 'Device type', 'label', 'Access token', 'temperature', 'name'];
    expect(guessColumns('DEVICE', 6, header)).toEqual([
      { type: 'NAME', key: '' },
      { type: 'TYPE', key: '' },
      { type: 'LABEL', key: '' },
      { type: 'ACCESS_TOKEN', key: '' },
      { type: 'SERVER_ATTRIBUTE', key: 'temperature' },
      // A second 'name' column can't be the name again.
      { type: 'SERVER_ATTRIBUTE', key: 'name' },
    ]);
    expect(guessColumns('ASSET', 2, ['name', 'token'])[1]).toEqual({ type: 'SERVER_ATTRIBUTE', key: 'token' });
    expect(guessColumns('ASSET', 3, null)).toEqual([
      { type: 'NAME', key: '' },
      { type: 'TYPE', key: '' },
      { type: 'SERVER_ATTRIBUTE', key: '' },
    ]);
  });

  it('needs one name column, single fields once, attribute keys present and unique per scope', () => {
    const ok: ColumnMapping[] = [
      { type: 'NAME', key: '' },
      { type: 'SHARED_ATTRIBUTE', key: 'mode' },
      { type: 'SERVER_ATTRIBUTE', key: 'mode' },
    ];
    expect(validateMapping(ok)).toEqual([]);
    expect(
      validateMapping([
        { type: 'LABEL', key: '' },
        { type: 'LABEL', key: '' },
        { type: 'SERVER_ATTRIBUTE', key: ' ' },
        { type: 'SHARED_ATTRIBUTE', key: 'x' },
        { type: 'SHARED_ATTRIBUTE', key: 'x ' },
        { type: 'SKIP', key: '' },
      ]),
    ).toEqual([
      { code: 'import.name-column-required' },
      { code: 'import.column-used-twice', type: 'LABEL' },
      { code: 'import.attribute-key-required', column: 2 },
      { code: 'import.attribute-key-duplicate', column: 4, key: 'x' },
    ]);
  });

  it('turns the mapping into the request, leaving skipped columns out', () => {
    const columns: ColumnMapping[] = [
      { type: 'NAME', key: 'ignored' },
      { type: 'SKIP', key: '' },
      { type: 'ACCESS_TOKEN', key: '' },
      { type: 'SHARED_ATTRIBUTE', key: ' mode ' },
    ];
    expect(mappingRequest(columns, true)).toEqual({
      columns: [{ type: 'NAME' }, { type: 'ACCESS_TOKEN' }, { type: 'SHARED_ATTRIBUTE', key: 'mode' }],
      delimiter: ',',
      update: true,
      header: true,
    });
  });

  it('guesses the delimiter from the first line', () => {
    expect(guessDelimiter('name;type;label\na,b;c')).toBe(';');
    expect(guessDelimiter('\uFEFFname\ttype\n')).toBe('\t');
    expect(guessDelimiter('name')).toBe(',');
  });
});

describe('import table', () => {
  it('drops blank rows, keeps file lines, pads the header', () => {
    const table = importTable(records('name,type\n\nA,x\n ,  \nB,y,extra\n'), true);
    expect(table.header).toEqual(['name', 'type']);
    expect(table.rows.map((row) => row.line)).toEqual([3, 5]);
    expect(table.columnCount).toBe(3);
    expect(sentHeader(table)).toEqual(['name', 'type', 'column3']);
    expect(importTable(records('A,x\nB,y'), false).rows).toHaveLength(2);
  });
});

describe('chunked import', () => {
  const columns: ColumnMapping[] = [
    { type: 'NAME', key: '' },
    { type: 'SKIP', key: '' },
    { type: 'TYPE', key: '' },
  ];
  const rows: CsvRecord[] = Array.from({ length: 5 }, (_, i) => ({
    line: i + 2 + (i >= 3 ? 1 : 0), // a blank line 5 was skipped
    cells: [`dev ${i}`, 'junk', i === 4 ? 'a,b' : 'sensor'],
  }));

  it('sends every chunk with the header line and only the kept columns', () => {
    const chunks = planChunks(['name', 'junk', 'type'], rows, columns, 2);
    expect(chunks.map((c) => c.lines)).toEqual([[2, 3], [4, 6], [7]]);
    expect(chunks[0]?.file).toBe('name,type\r\ndev 0,sensor\r\ndev 1,sensor\r\n');
    expect(chunks[2]?.file).toBe('name,type\r\ndev 4,"a,b"\r\n');
  });

  it("maps a chunk's error lines back to the file's lines", () => {
    const chunks = planChunks(['name', 'junk', 'type'], rows, columns, 2);
    const second = chunks[1]!;
    expect(remapErrors(['Line 3: Device name should be specified!', 'Something odd'], second)).toEqual([
      { line: 6, message: 'Device name should be specified!' },
      { line: null, message: 'Something odd' },
    ]);
    expect(chunkFailed(second, 'Network error')).toEqual([
      { line: 4, message: 'Network error' },
      { line: 6, message: 'Network error' },
    ]);
  });

  it('adds up created, updated and errors across chunks', () => {
    const [first, second] = planChunks(['name', 'junk', 'type'], rows, columns, 2);
    let summary = addResult(emptySummary(), { created: 1, updated: 0, errors: 1, errorsList: ['Line 2: bad'] }, first!);
    summary = addResult(summary, { created: 0, updated: 2, errors: 0, errorsList: [] }, second!);
    expect(summary).toEqual({ created: 1, updated: 2, errors: [{ line: 2, message: 'bad' }] });
  });
});

describe('running the chunks', () => {
  const columns: ColumnMapping[] = [{ type: 'NAME', key: '' }];
  const rows: CsvRecord[] = Array.from({ length: 450 }, (_, i) => ({ line: i + 2, cells: [`d${i}`] }));

  it('goes on after a failing chunk and reports its rows with the reason', async () => {
    const chunks = planChunks(['name'], rows, columns);
    expect(chunks.map((c) => c.lines.length)).toEqual([200, 200, 50]);
    const progress: number[] = [];
    const summary = await runChunks(
      chunks,
      async (chunk) => {
        if (chunk === chunks[1]) throw new Error('Service unavailable');
        return { created: chunk.lines.length - 1, updated: 0, errors: 1, errorsList: ['Line 2: Name is taken'] };
      },
      { onProgress: (done) => progress.push(done) },
    );
    expect(progress).toEqual([200, 400, 450]);
    expect(summary.created).toBe(199 + 49);
    expect(summary.errors).toHaveLength(1 + 200 + 1);
    expect(summary.errors[0]).toEqual({ line: 2, message: 'Name is taken' });
    expect(summary.errors[1]).toEqual({ line: 202, message: 'Service unavailable' });
    expect(summary.errors.at(-1)).toEqual({ line: 402, message: 'Name is taken' });
  });

  it('stops before the next chunk once cancelled', async () => {
    const chunks = planChunks(['name'], rows, columns);
    const controller = new AbortController();
    let sent = 0;
    await runChunks(
      chunks,
      async () => {
        sent++;
        controller.abort();
        return { created: 0, updated: 0, errors: 0, errorsList: [] };
      },
      { signal: controller.signal },
    );
    expect(sent).toBe(1);
  });
});

describe('spreadsheet rows', () => {
  it('numbers rows by sheet row and writes cells as text', () => {
    expect(
      sheetRecords([
        ['name', 'count', 'gateway', 'since'],
        [null, null, null, null],
        ['Pump', 12.5, true, new Date(Date.UTC(2026, 0, 2))],
      ]),
    ).toEqual([
      { line: 1, cells: ['name', 'count', 'gateway', 'since'] },
      { line: 2, cells: ['', '', '', ''] },
      { line: 3, cells: ['Pump', '12.5', 'true', '2026-01-02T00:00:00.000Z'] },
    ]);
  });

  it('tells files apart by extension', () => {
    expect(importFileKind('devices.CSV')).toBe('csv');
    expect(importFileKind('book.xlsx')).toBe('xlsx');
    expect(importFileKind('old.xls')).toBe('xls');
    expect(importFileKind('photo.png')).toBe('other');
    expect(importFileKind('noext')).toBe('other');
  });
});

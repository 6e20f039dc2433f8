import { describe, expect, it } from 'vitest';
import type { WidgetEntity, WidgetSeries } from '../widget-types';
import {
  compareValues,
  csvColumns,
  entityKeyColumns,
  entityRows,
  groupSeries,
  keyColumns,
  pageRows,
  parseSortOrder,
  searchRows,
  sortRows,
  timeseriesRows,
  type TableRow,
} from './table-model';

const dev = (id: string, name: string, label?: string): WidgetEntity => ({
  id,
  entityType: 'DEVICE',
  name,
  ...(label ? { label } : {}),
  type: 'thermometer',
});

const series = (
  entity: WidgetEntity | null,
  name: string,
  data: WidgetSeries['data'],
  extra: Partial<WidgetSeries['dataKey']> = {},
  datasourceIndex = 0,
): WidgetSeries => ({
  datasourceIndex,
  datasource: { type: entity ? 'entity' : 'function', name: 'Demo' },
  entity,
  dataKey: { name, type: 'timeseries', label: name, color: '#000', ...extra },
  data,
});

const a = dev('a', 'Boiler');
const b = dev('b', 'Chiller', 'Main chiller');

describe('timeseries rows', () => {
  it('groups series per entity and labels tabs by label, then name', () => {
    const groups = groupSeries([series(a, 't', []), series(b, 't', []), series(a, 'h', [])]);
    expect(groups.map((g) => [g.label, g.series.length])).toEqual([
      ['Boiler', 2],
      ['Main chiller', 1],
    ]);
  });

  it('makes one row per timestamp, newest first, with formatted cells', () => {
    const rows = timeseriesRows(
      [
        series(
          a,
          't',
          [
            [1, '20.456'],
            [3, '21'],
          ],
          { units: '°C' },
        ),
        series(a, 'h', [
          [2, 50],
          [3, 55],
        ]),
      ],
      { format: { decimals: 1 }, formatTs: (ts) => `T${ts}`, hideEmptyLines: false },
    );
    expect(rows.map((r) => r.texts)).toEqual([
      { ts: 'T3', k0: '21.0 °C', k1: '55.0' },
      { ts: 'T2', k1: '50.0' },
      { ts: 'T1', k0: '20.5 °C' },
    ]);
  });

  it('hides rows with no value when asked', () => {
    const rows = timeseriesRows(
      [
        series(a, 't', [
          [1, ''],
          [2, '5'],
        ]),
      ],
      {
        format: {},
        formatTs: String,
        hideEmptyLines: true,
      },
    );
    expect(rows.map((r) => r.id)).toEqual(['2']);
  });

  it('names value columns by key label and keeps explicit column widths only', () => {
    const cols = keyColumns([
      series(a, 't', [], { label: 'Temperature', settings: { columnWidth: '120px' } }),
      series(a, 'h', [], { label: '', settings: { columnWidth: '0px' } }),
    ]);
    expect(cols).toEqual([
      { id: 'k0', label: 'Temperature', numeric: true, width: '120px' },
      { id: 'k1', label: 'h', numeric: true },
    ]);
  });
});

describe('entity rows', () => {
  it('gives every entity a row, with the latest value of each key', () => {
    const c = dev('c', 'Pump');
    const s = [
      series(a, 't', [
        [1, '1'],
        [2, '2'],
      ]),
      series(b, 't', [[5, '7']]),
      series(b, 'h', [[5, 'on']]),
    ];
    const rows = entityRows([a, b, c], s, {});
    expect(rows.map((r) => [r.texts.entityName, r.texts.k0 ?? '', r.texts.k1 ?? ''])).toEqual([
      ['Boiler', '2', ''],
      ['Chiller', '7', 'on'],
      ['Pump', '', ''],
    ]);
    expect(rows[1]?.entity?.id).toBe('b');
    expect(rows[1]?.texts.entityLabel).toBe('Main chiller');
    expect(entityKeyColumns(s).columns.map((col) => col.label)).toEqual(['t', 'h']);
  });

  it('gives function datasources a row named after the datasource', () => {
    const rows = entityRows([], [series(null, 'f', [[1, 3]])], { units: 'W' });
    expect(rows.map((r) => [r.texts.entityName, r.texts.k0])).toEqual([['Demo', '3 W']]);
  });
});

describe('sorting, search and paging', () => {
  const row = (id: string, value: TableRow['values'][string], text = String(value ?? '')): TableRow => ({
    id,
    values: { v: value },
    texts: { v: text },
  });
  const collator = new Intl.Collator('en', { numeric: true });

  it('compares numbers numerically and texts by locale, empties last', () => {
    expect(compareValues('9', '10', 'asc', collator)).toBeLessThan(0);
    expect(compareValues('Room 2', 'Room 10', 'asc', collator)).toBeLessThan(0);
    expect(compareValues('', '1', 'asc', collator)).toBeGreaterThan(0);
    expect(compareValues('', '1', 'desc', collator)).toBeGreaterThan(0);
  });

  it('sorts rows both ways', () => {
    const rows = [row('a', '10'), row('b', '9'), row('c', null), row('d', '100')];
    expect(sortRows(rows, { column: 'v', direction: 'asc' }).map((r) => r.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(sortRows(rows, { column: 'v', direction: 'desc' }).map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(sortRows(rows, null).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads ThingsBoard sort orders', () => {
    const cols = [
      { id: 'ts', label: 'Timestamp' },
      { id: 'k0', label: 'Temperature' },
    ];
    expect(parseSortOrder('-0', cols)).toEqual({ column: 'ts', direction: 'desc' });
    expect(parseSortOrder('Temperature', cols)).toEqual({ column: 'k0', direction: 'asc' });
    expect(parseSortOrder('-k0', cols)).toEqual({ column: 'k0', direction: 'desc' });
    expect(parseSortOrder('entityName', cols)).toEqual({ column: 'ts', direction: 'asc' });
    expect(parseSortOrder('', [])).toBeNull();
  });

  it('searches the shown texts only, case-insensitively', () => {
    const rows: TableRow[] = [
      { id: '1', values: {}, texts: { name: 'Boiler', hidden: 'xyz' } },
      { id: '2', values: {}, texts: { name: 'Chiller' } },
    ];
    const shown = [{ id: 'name', label: 'Name' }];
    expect(searchRows(rows, shown, 'CHILL').map((r) => r.id)).toEqual(['2']);
    expect(searchRows(rows, shown, 'xyz')).toEqual([]);
    expect(searchRows(rows, shown, '  ')).toHaveLength(2);
  });

  it('pages and clamps to the last page', () => {
    const items = [1, 2, 3, 4, 5];
    expect(pageRows(items, 1, 2)).toEqual({ rows: [3, 4], page: 1 });
    expect(pageRows(items, 9, 2)).toEqual({ rows: [5], page: 2 });
    expect(pageRows([], 3, 10)).toEqual({ rows: [], page: 0 });
  });

  it('exports the shown texts under the column labels', () => {
    const cols = csvColumns([{ id: 'v', label: 'Value' }]);
    expect(cols[0]?.header).toBe('Value');
    expect(cols[0]?.value(row('x', 5, '5.0 kW'))).toBe('5.0 kW');
  });
});

// The pure half of the table widgets: rows out of widget series, sorting, text search, paging and
// the columns of the CSV file. The components only draw what these functions return.
import { dataKeyLabel, formatValue } from '../../model/data-key';
import { toNumber } from '../shared/series-values';
import type { WidgetEntity, WidgetSeries, WidgetValue } from '../widget-types';

export interface TableColumn {
  id: string;
  /** Header text (already translated for the fixed columns). */
  label: string;
  /** True for value columns: right-aligned, numbers. */
  numeric?: boolean;
  /** CSS width from the key's `columnWidth` setting ('' = automatic). */
  width?: string;
}

export interface TableRow {
  id: string;
  /** Raw values by column id: what sorting compares. */
  values: Record<string, WidgetValue>;
  /** Shown texts by column id: what search matches and the CSV file holds. */
  texts: Record<string, string>;
  /** The entity a click on the row hands to the action (entities table). */
  entity?: WidgetEntity | null;
}

export type SortDirection = 'asc' | 'desc';
export interface TableSort {
  column: string;
  direction: SortDirection;
}

export interface ValueFormat {
  units?: string | null;
  decimals?: number | null;
}

/** Key-level units/decimals win over the widget's settings, as in ThingsBoard. */
export function keyFormat(series: WidgetSeries, widget: ValueFormat): ValueFormat {
  const { units, decimals } = series.dataKey;
  return {
    units: typeof units === 'string' && units !== '' ? units : (widget.units ?? null),
    decimals: typeof decimals === 'number' ? decimals : (widget.decimals ?? null),
  };
}

/** A key's column width setting ('0px' and empty mean automatic). */
export function columnWidth(series: WidgetSeries): string | undefined {
  const width = series.dataKey.settings?.columnWidth;
  if (typeof width !== 'string') return undefined;
  const trimmed = width.trim();
  return trimmed === '' || /^0(px|%)?$/.test(trimmed) ? undefined : trimmed;
}

/** One tab of the timeseries table: the series of one entity (or one function datasource). */
export interface SeriesGroup {
  id: string;
  label: string;
  entity: WidgetEntity | null;
  series: WidgetSeries[];
}

/** Series grouped per entity of each datasource, in the order they come. */
export function groupSeries(series: readonly WidgetSeries[]): SeriesGroup[] {
  const groups = new Map<string, SeriesGroup>();
  for (const s of series) {
    const id = s.entity ? `${s.entity.entityType}:${s.entity.id}` : `ds:${s.datasourceIndex}`;
    let group = groups.get(id);
    if (!group) {
      const label = s.entity ? s.entity.label || s.entity.name : s.datasource.name || `#${s.datasourceIndex + 1}`;
      group = { id, label, entity: s.entity, series: [] };
      groups.set(id, group);
    }
    group.series.push(s);
  }
  return [...groups.values()];
}

export const TS_COLUMN = 'ts';

/** Value columns of a group's keys: `k0`, `k1`… in key order. */
export function keyColumns(series: readonly WidgetSeries[]): TableColumn[] {
  return series.map((s, index) => {
    const width = columnWidth(s);
    return { id: `k${index}`, label: dataKeyLabel(s.dataKey), numeric: true, ...(width ? { width } : {}) };
  });
}

export interface TimeseriesRowsOptions {
  format: ValueFormat;
  formatTs: (ts: number) => string;
  hideEmptyLines: boolean;
}

/** One row per distinct timestamp of the group's series, newest first, one cell per key (missing = empty). */
export function timeseriesRows(series: readonly WidgetSeries[], options: TimeseriesRowsOptions): TableRow[] {
  const byTs = new Map<number, TableRow>();
  series.forEach((s, index) => {
    const column = `k${index}`;
    const format = keyFormat(s, options.format);
    for (const [ts, value] of s.data) {
      let row = byTs.get(ts);
      if (!row) {
        row = { id: String(ts), values: { [TS_COLUMN]: ts }, texts: { [TS_COLUMN]: options.formatTs(ts) } };
        byTs.set(ts, row);
      }
      row.values[column] = value;
      row.texts[column] = formatValue(value, format);
    }
  });
  const columns = series.map((_, index) => `k${index}`);
  // Newest first, as the table opens (keys of different entities may interleave their timestamps).
  const rows = [...byTs.values()].sort((a, b) => Number(b.values[TS_COLUMN]) - Number(a.values[TS_COLUMN]));
  return options.hideEmptyLines ? rows.filter((row) => columns.some((c) => (row.texts[c] ?? '') !== '')) : rows;
}

export const ENTITY_NAME = 'entityName';
export const ENTITY_LABEL = 'entityLabel';
export const ENTITY_TYPE = 'entityType';

/** Value columns of the entities table: one per distinct key (name + type) over all datasources. */
export function entityKeyColumns(series: readonly WidgetSeries[]): {
  columns: TableColumn[];
  keyOf: Map<string, string>;
} {
  const keyOf = new Map<string, string>();
  const columns: TableColumn[] = [];
  for (const s of series) {
    const key = `${s.dataKey.type}:${s.dataKey.name}`;
    if (keyOf.has(key)) continue;
    const id = `k${columns.length}`;
    keyOf.set(key, id);
    const width = columnWidth(s);
    columns.push({ id, label: dataKeyLabel(s.dataKey), numeric: true, ...(width ? { width } : {}) });
  }
  return { columns, keyOf };
}

/**
 * One row per entity with the latest value of each key. Entities without values still get a row
 * (they are in the alias); function datasources, which have no entity, get one row each.
 */
export function entityRows(
  entities: readonly WidgetEntity[],
  series: readonly WidgetSeries[],
  format: ValueFormat,
): TableRow[] {
  const { keyOf } = entityKeyColumns(series);
  const rows = new Map<string, TableRow>();
  const rowFor = (id: string, entity: WidgetEntity | null, name: string): TableRow => {
    let row = rows.get(id);
    if (!row) {
      const label = entity?.label ?? '';
      const type = entity?.type ?? entity?.entityType ?? '';
      row = {
        id,
        entity,
        values: { [ENTITY_NAME]: name, [ENTITY_LABEL]: label, [ENTITY_TYPE]: type },
        texts: { [ENTITY_NAME]: name, [ENTITY_LABEL]: label, [ENTITY_TYPE]: type },
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const entity of entities) rowFor(`${entity.entityType}:${entity.id}`, entity, entity.name);
  for (const s of series) {
    const row = s.entity
      ? rowFor(`${s.entity.entityType}:${s.entity.id}`, s.entity, s.entity.name)
      : rowFor(`ds:${s.datasourceIndex}`, null, s.datasource.name || `#${s.datasourceIndex + 1}`);
    const column = keyOf.get(`${s.dataKey.type}:${s.dataKey.name}`);
    const point = s.data[s.data.length - 1];
    if (!column || !point) continue;
    row.values[column] = point[1];
    row.texts[column] = formatValue(point[1], keyFormat(s, format));
  }
  return [...rows.values()];
}

/**
 * ThingsBoard's `defaultSortOrder`: a column index, id or label, '-' first for descending
 * ('-0' = first column, newest first). Unknown columns fall back to the first one.
 */
export function parseSortOrder(setting: string, columns: readonly TableColumn[]): TableSort | null {
  const text = setting.trim();
  const direction: SortDirection = text.startsWith('-') ? 'desc' : 'asc';
  const name = text.replace(/^[-+]/, '');
  const byIndex = /^\d+$/.test(name) ? columns[Number(name)] : undefined;
  const column = byIndex ?? columns.find((c) => c.id === name || c.label === name) ?? columns[0];
  return column ? { column: column.id, direction } : null;
}

const isEmpty = (value: WidgetValue | undefined) => value === null || value === undefined || value === '';

/**
 * Numbers numerically, texts by the reader's locale (with numeric collation, so 'Room 2' < 'Room 10').
 * Empty cells go last whichever the direction: they carry no information.
 */
export function compareValues(
  a: WidgetValue | undefined,
  b: WidgetValue | undefined,
  direction: SortDirection,
  collator: Intl.Collator,
): number {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) === isEmpty(b) ? 0 : isEmpty(a) ? 1 : -1;
  const x = toNumber(a ?? null);
  const y = toNumber(b ?? null);
  const result = x !== null && y !== null ? x - y : collator.compare(String(a), String(b));
  return direction === 'asc' ? result : -result;
}

export function sortRows(rows: readonly TableRow[], sort: TableSort | null, locale?: string): TableRow[] {
  if (!sort) return [...rows];
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  // Array.prototype.sort is stable: equal cells keep their incoming order.
  return [...rows].sort((a, b) =>
    compareValues(a.values[sort.column], b.values[sort.column], sort.direction, collator),
  );
}

/** Rows whose shown text in any shown column contains the search (case-insensitive). */
export function searchRows(rows: readonly TableRow[], columns: readonly TableColumn[], search: string): TableRow[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => columns.some((c) => (row.texts[c.id] ?? '').toLocaleLowerCase().includes(needle)));
}

/** The page asked for, clamped to the last page when the rows shrank under it. */
export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): { rows: T[]; page: number } {
  const size = Math.max(1, Math.floor(pageSize));
  const last = Math.max(0, Math.ceil(rows.length / size) - 1);
  const current = Math.min(Math.max(0, page), last);
  return { rows: rows.slice(current * size, (current + 1) * size), page: current };
}

/** The CSV columns of the shown columns: header = label, cell = shown text. */
export function csvColumns(columns: readonly TableColumn[]): { header: string; value: (row: TableRow) => string }[] {
  return columns.map((c) => ({ header: c.label, value: (row: TableRow) => row.texts[c.id] ?? '' }));
}

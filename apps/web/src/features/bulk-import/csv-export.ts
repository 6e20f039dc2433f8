import { formatCsvCell } from '@sapo/common';
import type { PageData, PageLink, SortOrder } from '../../lib/page-link';
import { saveTextFile } from '../../lib/download';

/**
 * CSV export of a table (issue 4 part 6): every row of the current search and filter, all pages,
 * as UTF-8 with a byte-order mark so Excel reads non-ASCII names right, quoted per RFC 4180.
 */
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  /** Header text (already translated). */
  header: string;
  value: (row: T) => CsvCell;
}

/** Excel opens a file with this mark as UTF-8; without it, Chinese names turn into mojibake. */
export const UTF8_BOM = '\uFEFF';

/** Largest page the server hands out in one call (ThingsBoard's predefined 1024). */
export const EXPORT_PAGE_SIZE = 1024;

// A text cell starting with one of these is run as a formula by spreadsheet programs (CSV injection):
// a leading apostrophe makes it plain text. Numbers are left alone, so "-12.5" stays a number.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  return FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** One field, quoted when it holds the delimiter, a quote or a line break (the shared CSV writer's rule). */
export function csvField(value: CsvCell, delimiter = ','): string {
  return formatCsvCell(cellText(value), { delimiter });
}

/** Header line plus one line per row, CRLF line ends (RFC 4180; Excel expects them). */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[], delimiter = ','): string {
  const line = (cells: readonly CsvCell[]) => cells.map((cell) => csvField(cell, delimiter)).join(delimiter);
  const lines = [line(columns.map((column) => column.header))];
  for (const row of rows) lines.push(line(columns.map((column) => column.value(row))));
  return `${lines.join('\r\n')}\r\n`;
}

/** 'devices' → 'devices-2026-11-21.csv' (the local date, which is what the user thinks of as today). */
export function csvFileName(base: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${base}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

export interface ExportQuery {
  textSearch?: string;
  sortProperty?: string;
  sortOrder?: SortOrder;
}

/** Pages through the same list call the table uses until the server says there is no more. */
export async function fetchAllRows<T>(
  fetchPage: (link: PageLink, signal: AbortSignal) => Promise<PageData<T>>,
  query: ExportQuery,
  signal: AbortSignal = new AbortController().signal,
  pageSize: number = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const link: PageLink = { page, pageSize, sortOrder: query.sortOrder ?? 'ASC' };
    if (query.textSearch) link.textSearch = query.textSearch;
    if (query.sortProperty) link.sortProperty = query.sortProperty;
    const data = await fetchPage(link, signal);
    rows.push(...data.data);
    // hasNext guards against a server that reports more pages than it fills.
    if (!data.hasNext || data.data.length === 0) return rows;
  }
}

/** Rows + columns → a CSV download with a BOM. */
export function downloadCsv<T>(fileName: string, rows: readonly T[], columns: readonly CsvColumn<T>[]): void {
  saveTextFile(fileName, UTF8_BOM + toCsv(rows, columns), 'text/csv;charset=utf-8');
}

export interface ExportCsvOptions<T> extends ExportQuery {
  /** File name start, e.g. 'devices'. */
  baseName: string;
  fetchPage: (link: PageLink, signal: AbortSignal) => Promise<PageData<T>>;
  columns: readonly CsvColumn<T>[];
  signal?: AbortSignal;
}

/** Fetches every row of the current search/filter and downloads them; resolves to the row count. */
export async function exportCsv<T>(options: ExportCsvOptions<T>): Promise<number> {
  const rows = await fetchAllRows(options.fetchPage, options, options.signal);
  downloadCsv(csvFileName(options.baseName), rows, options.columns);
  return rows.length;
}

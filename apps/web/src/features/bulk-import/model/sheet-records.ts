import type { CsvRecord } from '@sapo/common';

/** A cell as read-excel-file hands it over. */
export type SheetCell = string | number | boolean | Date | null | undefined;

function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell);
}

/**
 * The first sheet's rows as CSV records, numbered by sheet row (read-excel-file keeps empty rows
 * inside the sheet), so an import error names the row the user sees in Excel. Blank rows are dropped
 * later, together with the CSV ones.
 */
export function sheetRecords(rows: readonly (readonly SheetCell[])[]): CsvRecord[] {
  return rows.map((row, index) => ({ line: index + 1, cells: row.map(cellText) }));
}

export type ImportFileKind = 'csv' | 'xlsx' | 'xls' | 'other';

/** By extension: browsers report spreadsheet MIME types unreliably (often empty on Linux). */
export function importFileKind(fileName: string): ImportFileKind {
  const ext = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1];
  if (ext === 'csv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'xls') return 'xls';
  return 'other';
}

import { BULK_IMPORT_MAX_ROWS, isBlankRecord, type CsvRecord } from '@sapo/common';

/** The file's rows as the dialog shows and sends them. */
export interface ImportTable {
  /** The header row's cells, or null when the file has none. */
  header: string[] | null;
  /** Data rows, blank ones dropped, each with its line in the file. */
  rows: CsvRecord[];
  /** Widest row: every row is read as this many columns (short rows get empty cells). */
  columnCount: number;
}

/** Most data rows a file may have (the server's bound for one request, kept for the whole file). */
export const MAX_IMPORT_ROWS = BULK_IMPORT_MAX_ROWS;

export function importTable(records: readonly CsvRecord[], hasHeader: boolean): ImportTable {
  const filled = records.filter((record) => !isBlankRecord(record.cells));
  const columnCount = filled.reduce((widest, record) => Math.max(widest, record.cells.length), 0);
  const [first, ...rest] = filled;
  if (hasHeader && first) return { header: first.cells.map((cell) => cell.trim()), rows: rest, columnCount };
  return { header: null, rows: filled, columnCount };
}

/** The header line sent with every chunk (the server maps by position; the names are for people). */
export function sentHeader(table: ImportTable): string[] {
  return Array.from({ length: table.columnCount }, (_, index) => table.header?.[index] || `column${index + 1}`);
}

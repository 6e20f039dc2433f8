import { parseCsv, type CsvRecord } from '@sapo/common';
import { MAX_IMPORT_ROWS } from './model/import-table';
import { importFileKind, sheetRecords, type SheetCell } from './model/sheet-records';

/** A file the user picked, ready to be parsed (CSV text is parsed again when the delimiter changes). */
export type LoadedFile =
  { name: string; kind: 'csv'; text: string } | { name: string; kind: 'sheet'; records: CsvRecord[] };

/** A translation key for why a file can't be read. */
export class ImportFileError extends Error {}

/** Largest file read: a 50,000-row CSV of devices is a few MB; anything far bigger is a mistake. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export async function readImportFile(file: File): Promise<LoadedFile> {
  if (file.size > MAX_FILE_BYTES) throw new ImportFileError('import.file-too-large');
  const kind = importFileKind(file.name);
  if (kind === 'xls') throw new ImportFileError('import.xls-not-supported');
  if (kind === 'other') throw new ImportFileError('import.unsupported-file');
  if (kind === 'xlsx') {
    // Loaded on demand: the spreadsheet reader never weighs on pages that don't import.
    const { readSheet } = await import('read-excel-file/browser');
    let rows: SheetCell[][];
    try {
      // Dates come back as Date objects (the library's types say `typeof Date`).
      rows = (await readSheet(file, 1)) as unknown as SheetCell[][];
    } catch {
      throw new ImportFileError('import.unreadable-spreadsheet');
    }
    const records = sheetRecords(rows);
    if (records.length === 0) throw new ImportFileError('import.file-empty');
    return { name: file.name, kind: 'sheet', records };
  }
  const text = await file.text();
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new ImportFileError('import.file-empty');
  return { name: file.name, kind: 'csv', text };
}

export type LoadedRecords = { records: CsvRecord[] } | { errorKey: string } | { errorText: string };

/**
 * The file's records: CSV parsed with the chosen delimiter, or the sheet's rows. Too many rows is a
 * translation key; a CSV syntax problem is the parser's own message (it names the line).
 */
export function loadedRecords(file: LoadedFile, delimiter: string): LoadedRecords {
  const max = MAX_IMPORT_ROWS + 1; // plus the header
  if (file.kind === 'sheet')
    return file.records.length > max ? { errorKey: 'import.too-many-rows' } : { records: file.records };
  const parsed = parseCsv(file.text, { delimiter, maxRecords: max });
  if (parsed.ok) return { records: parsed.records };
  return parsed.error.startsWith('The file has more than')
    ? { errorKey: 'import.too-many-rows' }
    : { errorText: parsed.error };
}

// CSV reading and writing shared by the bulk import (server) and the import/export screens (web).
// RFC 4180 with the usual real-world tolerances: a UTF-8 byte-order mark, CRLF / LF / CR line ends,
// quoted fields holding delimiters, line breaks and doubled quotes, and a missing final line end.

export interface CsvParseOptions {
  /** One character; ',' unless told. */
  delimiter?: string;
  /** Stop with an error once more records than this were read (bounds memory for uploads). */
  maxRecords?: number;
}

export interface CsvRecord {
  /** 1-based number of the record in the file (header included), as import errors name it. */
  line: number;
  cells: string[];
}

export type CsvParseResult = { ok: true; records: CsvRecord[] } | { ok: false; error: string };

/** True when every cell is empty (spreadsheets export such rows; imports skip them). */
export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

export function checkDelimiter(delimiter: string): string | undefined {
  if ([...delimiter].length !== 1) return 'The delimiter must be exactly one character';
  if (delimiter === '"' || delimiter === '\r' || delimiter === '\n') {
    return 'The delimiter cannot be a quote or a line break';
  }
  return undefined;
}

/**
 * Parses CSV text into records. Every record is kept (blank ones too) so line numbers match the
 * file; callers skip blanks with `isBlankRecord`.
 */
export function parseCsv(text: string, options: CsvParseOptions = {}): CsvParseResult {
  const delimiter = options.delimiter ?? ',';
  const bad = checkDelimiter(delimiter);
  if (bad) return { ok: false, error: bad };
  const max = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  // A quoted field may only be followed by a delimiter or a line end.
  let afterQuote = false;
  let recordStartLine = 1;
  let physicalLine = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    afterQuote = false;
  };
  const endRecord = (): string | undefined => {
    endCell();
    records.push({ line: records.length + 1, cells });
    cells = [];
    if (records.length > max) return `The file has more than ${max} rows`;
    return undefined;
  };

  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (ch === '\n' || (ch === '\r' && src[i + 1] !== '\n')) physicalLine++;
        cell += ch;
      }
      continue;
    }
    if (ch === delimiter) {
      endCell();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      const err = endRecord();
      if (err) return { ok: false, error: err };
      physicalLine++;
      recordStartLine = physicalLine;
    } else if (afterQuote) {
      return {
        ok: false,
        error: `Line ${records.length + 1}: unexpected character '${ch}' after a closing quote (a quote inside a quoted value must be doubled)`,
      };
    } else if (ch === '"' && cell === '') {
      quoted = true;
    } else {
      cell += ch;
    }
  }
  if (quoted) {
    return {
      ok: false,
      error: `Line ${records.length + 1}: a quoted value starting on line ${recordStartLine} is never closed`,
    };
  }
  // The last record, unless the text ended with a line break (or was empty).
  if (cell !== '' || cells.length > 0 || afterQuote) {
    const err = endRecord();
    if (err) return { ok: false, error: err };
  }
  return { ok: true, records };
}

export interface CsvFormatOptions {
  delimiter?: string;
  /** Line end; '\r\n' (RFC 4180) unless told. */
  newline?: string;
  /**
   * Prefix cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) with an apostrophe,
   * so an exported device name cannot execute in Excel. Off by default: it changes the data.
   */
  guardFormulas?: boolean;
}

export function formatCsvCell(value: unknown, options: CsvFormatOptions = {}): string {
  const delimiter = options.delimiter ?? ',';
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  if (options.guardFormulas && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (text.includes('"') || text.includes(delimiter) || text.includes('\n') || text.includes('\r')) {
    return `"${text.replace(/"/g, '""')}"`;
  }
  return text;
}

/** Writes rows as CSV text; values are stringified, null/undefined become empty cells. */
export function formatCsv(rows: readonly (readonly unknown[])[], options: CsvFormatOptions = {}): string {
  const delimiter = options.delimiter ?? ',';
  const newline = options.newline ?? '\r\n';
  return rows.map((row) => row.map((v) => formatCsvCell(v, options)).join(delimiter)).join(newline) + newline;
}

// Bulk import of devices and assets from CSV (ThingsBoard 3.3's POST /api/{device|asset}/bulk_import).

export const BULK_IMPORT_COLUMN_TYPES = [
  'NAME',
  'TYPE',
  'LABEL',
  'DESCRIPTION',
  'ACCESS_TOKEN',
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
  'IS_GATEWAY',
] as const;
export type BulkImportColumnType = (typeof BULK_IMPORT_COLUMN_TYPES)[number];

/** Columns that only make sense for devices. */
export const DEVICE_ONLY_COLUMN_TYPES: readonly BulkImportColumnType[] = ['ACCESS_TOKEN', 'IS_GATEWAY'];
/** Columns that need an attribute key. */
export const KEYED_COLUMN_TYPES: readonly BulkImportColumnType[] = ['SHARED_ATTRIBUTE', 'SERVER_ATTRIBUTE'];

export interface BulkImportColumn {
  type: BulkImportColumnType;
  key?: string;
}

export interface BulkImportRequest {
  /** The CSV text. */
  file: string;
  mapping: { columns: BulkImportColumn[]; delimiter: string; update: boolean; header: boolean };
}

export interface BulkImportResult {
  created: number;
  updated: number;
  errors: number;
  /** One entry per failed row: `Line <n>: <reason>` (n counts the header). */
  errorsList: string[];
}

/** Request bounds, checked by the server and shown by the import dialog. */
export const BULK_IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const BULK_IMPORT_MAX_ROWS = 50_000;

export type ImportedValue =
  | { type: 'BOOLEAN'; value: boolean }
  | { type: 'LONG'; value: number }
  | { type: 'DOUBLE'; value: number }
  | { type: 'STRING'; value: string };

/**
 * Types a CSV value as ThingsBoard's import does: true/false → boolean, an integer → long, another
 * number → double, anything else stays a string (untrimmed). Integers beyond 2^53 stay strings to keep
 * their digits.
 */
export function typeImportedValue(raw: string): ImportedValue {
  const text = raw.trim();
  const lower = text.toLowerCase();
  if (lower === 'true' || lower === 'false') return { type: 'BOOLEAN', value: lower === 'true' };
  if (/^[+-]?\d+$/.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? { type: 'LONG', value: n } : { type: 'STRING', value: raw };
  }
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n)) return { type: 'DOUBLE', value: n };
  }
  return { type: 'STRING', value: raw };
}

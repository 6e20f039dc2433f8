import {
  type BulkImportColumn,
  type BulkImportColumnType,
  checkDelimiter,
  DEVICE_ONLY_COLUMN_TYPES,
  KEYED_COLUMN_TYPES,
  typeImportedValue,
} from '@sapo/common';

/** One CSV row read through the column mapping; empty cells are "not given". */
export interface ImportRow {
  name?: string;
  type?: string;
  label?: string;
  description?: string;
  accessToken?: string;
  gateway?: boolean;
  shared: Record<string, unknown>;
  server: Record<string, unknown>;
}

/** Checks the mapping before any row is read; a string is the 400 message. */
export function checkMapping(
  columns: readonly BulkImportColumn[],
  delimiter: string,
  entity: 'DEVICE' | 'ASSET',
): string | undefined {
  const bad = checkDelimiter(delimiter);
  if (bad) return bad;
  const seen = new Set<string>();
  for (const [i, c] of columns.entries()) {
    const where = `Column ${i + 1} (${c.type})`;
    if (entity === 'ASSET' && DEVICE_ONLY_COLUMN_TYPES.includes(c.type))
      return `${where} can only be imported for devices`;
    if (KEYED_COLUMN_TYPES.includes(c.type)) {
      const key = c.key?.trim();
      if (!key) return `${where} needs an attribute key`;
      const id = `${c.type}:${key}`;
      if (seen.has(id)) return `${where}: attribute '${key}' is mapped more than once`;
      seen.add(id);
    } else {
      if (seen.has(c.type)) return `${where} is mapped more than once`;
      seen.add(c.type);
    }
  }
  if (!seen.has('NAME')) return 'The column mapping needs a NAME column';
  return undefined;
}

const SIMPLE: Partial<Record<BulkImportColumnType, 'name' | 'type' | 'label' | 'description' | 'accessToken'>> = {
  NAME: 'name',
  TYPE: 'type',
  LABEL: 'label',
  DESCRIPTION: 'description',
  ACCESS_TOKEN: 'accessToken',
};

/** Reads a record through a checked mapping; a string is the row's error. */
export function readRow(cells: readonly string[], columns: readonly BulkImportColumn[]): ImportRow | string {
  // Null-prototype maps: an attribute may be called "__proto__" without touching Object.prototype.
  const row: ImportRow = {
    shared: Object.create(null) as Record<string, unknown>,
    server: Object.create(null) as Record<string, unknown>,
  };
  for (const [i, c] of columns.entries()) {
    const raw = cells[i] ?? '';
    if (raw.trim() === '') continue;
    const field = SIMPLE[c.type];
    if (field) {
      row[field] = field === 'description' ? raw : raw.trim();
    } else if (c.type === 'IS_GATEWAY') {
      const v = raw.trim().toLowerCase();
      if (v !== 'true' && v !== 'false') return `Gateway flag must be true or false, not '${raw.trim()}'`;
      row.gateway = v === 'true';
    } else {
      const target = c.type === 'SHARED_ATTRIBUTE' ? row.shared : row.server;
      target[c.key!.trim()] = typeImportedValue(raw).value;
    }
  }
  return row;
}

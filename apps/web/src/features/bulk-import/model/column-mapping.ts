/**
 * Column mapping of the bulk import (issue 4 part 6): what each column of the file holds. The request
 * follows ThingsBoard's BulkImportRequest: `{file, mapping: {columns: [{type, key?}], delimiter, update, header}}`.
 * 'SKIP' never reaches the server: skipped columns are left out of the file that is sent.
 */
import type { BulkImportColumn, BulkImportColumnType, BulkImportRequest } from '@sapo/common';

export type ImportEntityType = 'DEVICE' | 'ASSET';

export type ColumnType = BulkImportColumnType | 'SKIP';

export interface ColumnMapping {
  type: ColumnType;
  /** Attribute key (attribute columns only). */
  key: string;
}

const COMMON_TYPES: readonly ColumnType[] = ['NAME', 'TYPE', 'LABEL', 'DESCRIPTION'];
const ATTRIBUTE_TYPES: readonly ColumnType[] = ['SHARED_ATTRIBUTE', 'SERVER_ATTRIBUTE'];

/** The choices per entity: access token and gateway flag are device-only. */
export function columnTypes(entityType: ImportEntityType): ColumnType[] {
  return entityType === 'DEVICE'
    ? [...COMMON_TYPES, 'ACCESS_TOKEN', 'IS_GATEWAY', ...ATTRIBUTE_TYPES, 'SKIP']
    : [...COMMON_TYPES, ...ATTRIBUTE_TYPES, 'SKIP'];
}

export const isAttribute = (type: ColumnType) => type === 'SHARED_ATTRIBUTE' || type === 'SERVER_ATTRIBUTE';

/** Columns that may appear once at most. */
const SINGLE: readonly ColumnType[] = ['NAME', 'TYPE', 'LABEL', 'DESCRIPTION', 'ACCESS_TOKEN', 'IS_GATEWAY'];

const normalize = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

const HEADER_GUESSES: Record<string, ColumnType> = {
  name: 'NAME',
  devicename: 'NAME',
  assetname: 'NAME',
  type: 'TYPE',
  devicetype: 'TYPE',
  assettype: 'TYPE',
  deviceprofile: 'TYPE',
  profile: 'TYPE',
  label: 'LABEL',
  description: 'DESCRIPTION',
  accesstoken: 'ACCESS_TOKEN',
  token: 'ACCESS_TOKEN',
  gateway: 'IS_GATEWAY',
  isgateway: 'IS_GATEWAY',
};

/**
 * A first guess from the header: known names map to their field (once each), anything else becomes a
 * server attribute named after its header. Without a header: name, type, then attributes to be named.
 */
export function guessColumns(
  entityType: ImportEntityType,
  columnCount: number,
  header: readonly string[] | null,
): ColumnMapping[] {
  const allowed = columnTypes(entityType);
  const used = new Set<ColumnType>();
  return Array.from({ length: columnCount }, (_, index) => {
    const text = header?.[index]?.trim() ?? '';
    let type: ColumnType | undefined = header ? HEADER_GUESSES[normalize(text)] : index === 0 ? 'NAME' : undefined;
    if (!header && index === 1) type = 'TYPE';
    if (type && (!allowed.includes(type) || used.has(type))) type = undefined;
    if (type) {
      used.add(type);
      return { type, key: '' };
    }
    return { type: 'SERVER_ATTRIBUTE', key: header ? text : '' };
  });
}

export type MappingError =
  | { code: 'import.name-column-required' }
  | { code: 'import.column-used-twice'; type: ColumnType }
  | { code: 'import.attribute-key-required'; column: number }
  | { code: 'import.attribute-key-duplicate'; column: number; key: string };

/** What stops an import: no name column, a field mapped twice, an attribute without key or a key twice. */
export function validateMapping(columns: readonly ColumnMapping[]): MappingError[] {
  const errors: MappingError[] = [];
  if (!columns.some((c) => c.type === 'NAME')) errors.push({ code: 'import.name-column-required' });
  for (const type of SINGLE) {
    if (columns.filter((c) => c.type === type).length > 1) errors.push({ code: 'import.column-used-twice', type });
  }
  const keys = new Set<string>();
  columns.forEach((column, index) => {
    if (!isAttribute(column.type)) return;
    const key = column.key.trim();
    if (!key) {
      errors.push({ code: 'import.attribute-key-required', column: index });
      return;
    }
    const scoped = `${column.type}:${key}`;
    if (keys.has(scoped)) errors.push({ code: 'import.attribute-key-duplicate', column: index, key });
    keys.add(scoped);
  });
  return errors;
}

/** Indexes of the columns that are sent (all but the skipped ones). */
export function keptColumns(columns: readonly ColumnMapping[]): number[] {
  return columns.flatMap((column, index) => (column.type === 'SKIP' ? [] : [index]));
}

export type BulkImportMapping = BulkImportRequest['mapping'];

/**
 * The request's mapping. Every chunk is sent with a header line and ',' as delimiter (the client writes
 * the chunk itself), so the server's line numbers count the same way in every chunk.
 */
export function mappingRequest(columns: readonly ColumnMapping[], update: boolean): BulkImportMapping {
  return {
    columns: columns.flatMap((column): BulkImportColumn[] => {
      if (column.type === 'SKIP') return [];
      return isAttribute(column.type) ? [{ type: column.type, key: column.key.trim() }] : [{ type: column.type }];
    }),
    delimiter: ',',
    update,
    header: true,
  };
}

/** Delimiters offered; the likeliest one is picked from the first line. */
export const DELIMITERS = [',', ';', '|', '\t'] as const;

export function guessDelimiter(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = firstLine.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

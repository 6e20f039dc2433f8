import type { AlarmInfo, EntityId, PageData } from '@sapo/common';
import type { AlarmPageRequest, AlarmSortColumn } from './alarm-query';

/** A row of the alarm tables: AlarmInfo, or AlarmData (AlarmInfo + entityId + latest) from the query calls. */
export interface AlarmRow extends AlarmInfo {
  entityId?: EntityId;
}

export type AlarmPage = PageData<AlarmRow>;

/** The server sorts severity by rank, not by name. */
const SEVERITY_RANK: Record<string, number> = { CRITICAL: 4, MAJOR: 3, MINOR: 2, WARNING: 1, INDETERMINATE: 0 };

function sortValue(row: AlarmRow, column: AlarmSortColumn): string | number {
  if (column === 'severity') return SEVERITY_RANK[row.severity] ?? 0;
  const value = column === 'originatorName' ? row.originatorName : row[column];
  return typeof value === 'number' ? value : String(value ?? '');
}

/** The server's order (value order like SQL on the column, severity by rank), ties broken by id. */
export function compareAlarms(a: AlarmRow, b: AlarmRow, column: AlarmSortColumn, order: 'ASC' | 'DESC'): number {
  const left = sortValue(a, column);
  const right = sortValue(b, column);
  let result =
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : String(left) < String(right)
        ? -1
        : String(left) > String(right)
          ? 1
          : 0;
  if (result === 0) result = a.id.id < b.id.id ? -1 : a.id.id > b.id.id ? 1 : 0;
  return order === 'ASC' ? result : -result;
}

/**
 * The page asked for, out of several sources (one per entity type). Each source was fetched from
 * its start up to the end of the page, so the merged, sorted rows hold every row of that page.
 */
export function mergeSourcePages(pages: readonly AlarmPage[], request: AlarmPageRequest): AlarmPage {
  if (pages.length === 1 && pages[0]) return pages[0];
  const total = pages.reduce((sum, page) => sum + page.totalElements, 0);
  const rows = pages
    .flatMap((page) => page.data)
    .sort((a, b) => compareAlarms(a, b, request.sortProperty, request.sortOrder));
  const start = request.page * request.pageSize;
  const totalPages = Math.ceil(total / request.pageSize);
  return {
    data: rows.slice(start, start + request.pageSize),
    totalElements: total,
    totalPages,
    hasNext: request.page + 1 < totalPages,
  };
}

/** The page request each source is fetched with when several are merged. */
export function sourceRequest(request: AlarmPageRequest, sources: number): AlarmPageRequest {
  return sources > 1 ? { ...request, page: 0, pageSize: (request.page + 1) * request.pageSize } : request;
}

/**
 * Applies changed alarms pushed by the server to a page shown. `missing` says some alarm is not
 * on the page (a new one, or one that moved in): only the server knows where it goes, so refetch.
 */
export function applyAlarmUpdates(
  page: AlarmPage,
  updates: readonly AlarmRow[],
): { page: AlarmPage; missing: boolean } {
  const byId = new Map(updates.map((alarm) => [alarm.id.id, alarm]));
  let missing = false;
  const known = new Set(page.data.map((row) => row.id.id));
  for (const id of byId.keys()) if (!known.has(id)) missing = true;
  const data = page.data.map((row) => {
    const update = byId.get(row.id.id);
    // Updates may carry only some fields: keep what they leave out (the originator name, say).
    return update ? { ...row, ...definedFields(update) } : row;
  });
  return { page: { ...page, data }, missing };
}

function definedFields(row: AlarmRow): Partial<AlarmRow> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined && value !== null));
}

/** What one ALARM_DATA message means for the table (reference §5). */
export type AlarmMessageEffect =
  | { kind: 'error'; message: string }
  | { kind: 'none' }
  /** The server re-ran the query: the page changed shape (a new alarm, say). */
  | { kind: 'refresh' }
  | { kind: 'update'; alarms: AlarmRow[] };

export function alarmMessageEffect(message: Record<string, unknown>, first: boolean): AlarmMessageEffect {
  const errorCode = typeof message.errorCode === 'number' ? message.errorCode : 0;
  if (errorCode !== 0) {
    const text = typeof message.errorMsg === 'string' ? message.errorMsg : `Error ${errorCode}`;
    return { kind: 'error', message: text };
  }
  if (Array.isArray(message.update) && message.update.length > 0) {
    return { kind: 'update', alarms: message.update.filter(isAlarmRow) };
  }
  // The first page came by REST already; a later full page means the set of alarms changed.
  if (message.data && typeof message.data === 'object') return first ? { kind: 'none' } : { kind: 'refresh' };
  return { kind: 'none' };
}

function isAlarmRow(value: unknown): value is AlarmRow {
  if (typeof value !== 'object' || value === null) return false;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'object' && id !== null && typeof (id as { id?: unknown }).id === 'string';
}

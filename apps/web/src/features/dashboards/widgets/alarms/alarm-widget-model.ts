// Pure half of the alarm widgets: which entities their alarms come from (the alarm source alias),
// the AlarmDataQuery / EntityCountQuery they send, and how replies turn into counts.
import { ALARM_QUERY_STATUS_LIST, ALARM_SEVERITY_LIST, type AlarmQueryStatus, type AlarmSeverity } from '@sapo/common';
import { DEFAULT_ALARM_FILTER, buildAlarmDataQuery, scopeEntityFilters } from '../../../alarms/model/alarm-query';
import type { AlarmPageRequest, AlarmSortColumn, EntityFilter } from '../../../alarms/model/alarm-query';
import type { AliasResolution } from '../../model/entity-alias';

export type SourceFilters = { filters: EntityFilter[]; error: null } | { filters: []; error: string };

/** The alias id of the widget's alarm source (ThingsBoard's `alarmSource`), else of its first datasource. */
export function alarmSourceAliasId(config: Readonly<Record<string, unknown>>): string | null {
  const pick = (source: unknown): string | null => {
    if (typeof source !== 'object' || source === null) return null;
    const id = (source as { entityAliasId?: unknown }).entityAliasId;
    return typeof id === 'string' && id !== '' ? id : null;
  };
  const datasources = Array.isArray(config.datasources) ? (config.datasources as unknown[]) : [];
  return pick(config.alarmSource) ?? pick(datasources[0]);
}

/**
 * The entity filters to query. Without an alias the widget covers what the caller sees (every
 * device and asset, as the alarm center); an alias that resolves to nothing shows its error.
 */
export function sourceFilters(
  aliasId: string | null,
  aliases: Readonly<Record<string, AliasResolution>>,
  fallback: readonly EntityFilter[] = scopeEntityFilters({ kind: 'all' }),
): SourceFilters {
  if (!aliasId) return { filters: [...fallback], error: null };
  const resolution = aliases[aliasId];
  if (!resolution) return { filters: [], error: 'datasource.error-alias-not-found' };
  if (!resolution.filter) return { filters: [], error: resolution.error ?? 'alias.error-invalid-filter' };
  return { filters: [resolution.filter as EntityFilter], error: null };
}

/** A status the server takes (ThingsBoard's ANY/ACTIVE/CLEARED/ACK/UNACK or ours), else the fallback. */
export function searchStatusOf(value: unknown, fallback: AlarmQueryStatus = 'ANY'): AlarmQueryStatus {
  return typeof value === 'string' && (ALARM_QUERY_STATUS_LIST as readonly string[]).includes(value)
    ? (value as AlarmQueryStatus)
    : fallback;
}

export function severitiesOf(value: unknown): AlarmSeverity[] {
  if (!Array.isArray(value)) return [];
  return value.filter((s): s is AlarmSeverity => (ALARM_SEVERITY_LIST as readonly unknown[]).includes(s));
}

export function textListOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];
}

export interface WidgetAlarmFilter {
  status: AlarmQueryStatus;
  severities: AlarmSeverity[];
  types: string[];
  textSearch: string;
  /** Epoch ms; undefined = open. */
  startTs?: number | undefined;
  endTs?: number | undefined;
}

/**
 * The AlarmDataQuery of one source: the alarm center's query (same fields, sort, paging), with the
 * widget's status (ThingsBoard's statuses too), alarm types and time window.
 */
export function widgetAlarmQuery(
  entityFilter: EntityFilter,
  filter: WidgetAlarmFilter,
  request: AlarmPageRequest,
  now: number,
): Record<string, unknown> {
  const query = buildAlarmDataQuery(
    entityFilter,
    {
      ...DEFAULT_ALARM_FILTER,
      severities: filter.severities,
      typeText: filter.textSearch,
      window: filter.startTs === undefined && filter.endTs === undefined ? 'all' : 'custom',
      customStart: filter.startTs,
      customEnd: filter.endTs,
    },
    request,
    now,
  );
  const pageLink = query.pageLink as Record<string, unknown>;
  pageLink.statusList = filter.status === 'ANY' ? [] : [filter.status];
  pageLink.typeList = [...filter.types];
  return query;
}

/** A count needs no rows: one is the least the server pages. */
export const COUNT_PAGE: AlarmPageRequest = { page: 0, pageSize: 1, sortProperty: 'createdTime', sortOrder: 'DESC' };

/** `totalElements` of an alarm page (REST answer or ALARM_DATA `data`), null when it has none. */
export function pageTotal(page: unknown): number | null {
  if (typeof page !== 'object' || page === null) return null;
  const total = (page as { totalElements?: unknown }).totalElements;
  return typeof total === 'number' && Number.isFinite(total) && total >= 0 ? total : null;
}

export type CountKind = 'alarms' | 'entities';

/** The count a v2 reply carries: COUNT_DATA's `count`, ALARM_DATA's page total; null for none. */
export function countFromMessage(kind: CountKind, message: Readonly<Record<string, unknown>>): number | null {
  if (kind === 'alarms') return pageTotal(message.data);
  const count = message.count;
  return typeof count === 'number' && Number.isFinite(count) && count >= 0 ? count : null;
}

/** The widget's number: the sum over its sources, or null until every source answered. */
export function sumCounts(counts: readonly (number | null | undefined)[]): number | null {
  if (counts.length === 0) return null;
  let sum = 0;
  for (const count of counts) {
    if (count === null || count === undefined) return null;
    sum += count;
  }
  return sum;
}

export type HealthState = 'active' | 'inactive' | 'all';

export function healthStateOf(value: unknown): HealthState {
  return value === 'active' || value === 'all' ? value : 'inactive';
}

const profileFilter = (profile: string) => ({
  key: { type: 'ENTITY_FIELD', key: 'type' },
  valueType: 'STRING',
  predicate: {
    type: 'STRING',
    operation: 'EQUAL',
    value: { defaultValue: profile, userValue: null, dynamicValue: null },
    ignoreCase: false,
  },
});

/** The device state service keeps `active` as a server attribute: true while the device reports. */
export const ACTIVE_KEY_FILTER = {
  key: { type: 'ATTRIBUTE', key: 'active' },
  valueType: 'BOOLEAN',
  predicate: {
    type: 'BOOLEAN',
    operation: 'EQUAL',
    value: { defaultValue: true, userValue: null, dynamicValue: null },
  },
};

/**
 * EntityCountQueries of the device health counter: every device and the active ones, per device
 * profile when some are chosen. Inactive = all − active, so devices that never connected (no
 * `active` attribute yet) count as inactive.
 */
export function healthCountQueries(
  entityFilter: EntityFilter,
  profiles: readonly string[],
): { all: Record<string, unknown>[]; active: Record<string, unknown>[] } {
  const groups = profiles.length > 0 ? profiles.map((p) => [profileFilter(p)]) : [[]];
  return {
    all: groups.map((keyFilters) => ({ entityFilter, keyFilters })),
    active: groups.map((keyFilters) => ({ entityFilter, keyFilters: [...keyFilters, ACTIVE_KEY_FILTER] })),
  };
}

/** The shown number and total of the health counter. */
export function healthCount(
  state: HealthState,
  all: number | null,
  active: number | null,
): { value: number | null; total: number | null } {
  if (all === null || active === null) return { value: null, total: all };
  const value = state === 'active' ? active : state === 'all' ? all : Math.max(0, all - active);
  return { value, total: all };
}

/** The window fields the alarm table reads (a ResolvedTimewindow fits). */
export interface AlarmWindowSource {
  realtime: boolean;
  startTs: number;
  endTs: number;
  timewindowMs: number;
}

/**
 * The alarm table's time bounds. A realtime window slides, but each new start would re-run the query
 * and resubscribe: the start moves in steps (1/100 of the window, at least a minute) and the end stays open.
 */
export function alarmWindow(window: AlarmWindowSource, now: number): { startTs: number; endTs?: number } {
  if (!window.realtime) return { startTs: window.startTs, endTs: window.endTs };
  const step = Math.max(60_000, Math.floor(window.timewindowMs / 100));
  return { startTs: Math.floor((now - window.timewindowMs) / step) * step };
}

/** How often the realtime start moves (see {@link alarmWindow}); 0 for a fixed window. */
export const alarmWindowStep = (window: AlarmWindowSource) =>
  window.realtime ? Math.max(60_000, Math.floor(window.timewindowMs / 100)) : 0;

const SORT_COLUMNS: Readonly<Record<string, AlarmSortColumn>> = {
  createdTime: 'createdTime',
  originator: 'originatorName',
  originatorName: 'originatorName',
  type: 'type',
  severity: 'severity',
  status: 'status',
};

/** ThingsBoard's `defaultSortOrder` ('-createdTime'); unknown columns sort newest first. */
export function alarmSortOf(setting: string): Pick<AlarmPageRequest, 'sortProperty' | 'sortOrder'> {
  const text = setting.trim();
  const column = SORT_COLUMNS[text.replace(/^[-+]/, '')];
  if (!column) return { sortProperty: 'createdTime', sortOrder: 'DESC' };
  return { sortProperty: column, sortOrder: text.startsWith('-') ? 'DESC' : 'ASC' };
}

/** The table offers a few page sizes: the configured one snaps to the nearest of them. */
export function nearestPageSize(size: number, options: readonly number[]): number {
  let best = options[0] ?? 10;
  for (const option of options) if (Math.abs(option - size) < Math.abs(best - size)) best = option;
  return best;
}

import type { AlarmSeverity } from '@sapo/common';
import type { AlarmFilterStatus } from './alarm-display';

/** Which alarms a view shows: every alarm of the caller's devices and assets, or one entity's. */
export type AlarmScope = { kind: 'all' } | { kind: 'entity'; entityType: string; id: string };

/** The entity types whose alarms the alarm center gathers (one query each, merged). */
export const ALARM_CENTER_ENTITY_TYPES = ['DEVICE', 'ASSET'] as const;

export type TimeWindowKind = 'all' | 'hour' | 'day' | 'week' | 'custom';

export interface AlarmFilter {
  status: AlarmFilterStatus;
  /** Empty: every severity. */
  severities: AlarmSeverity[];
  /** Free text matched by the server against the alarm type (and other text fields). */
  typeText: string;
  window: TimeWindowKind;
  /** Epoch ms, for the custom window only. */
  customStart?: number | undefined;
  customEnd?: number | undefined;
}

export const DEFAULT_ALARM_FILTER: AlarmFilter = { status: 'ANY', severities: [], typeText: '', window: 'all' };

/** Sort columns of spec 1-client §3.5 offered by the tables. */
export const ALARM_SORT_COLUMNS = ['createdTime', 'originatorName', 'type', 'severity', 'status'] as const;
export type AlarmSortColumn = (typeof ALARM_SORT_COLUMNS)[number];

export interface AlarmPageRequest {
  page: number;
  pageSize: number;
  sortProperty: AlarmSortColumn;
  sortOrder: 'ASC' | 'DESC';
}

export const DEFAULT_ALARM_PAGE: AlarmPageRequest = {
  page: 0,
  pageSize: 10,
  sortProperty: 'createdTime',
  sortOrder: 'DESC',
};

const HOUR = 3_600_000;
const WINDOW_MS: Record<'hour' | 'day' | 'week', number> = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR };

/** The [startTs, endTs] the window stands for at `now`; undefined bounds are open. */
export function timeRange(filter: AlarmFilter, now: number): { startTs?: number; endTs?: number } {
  switch (filter.window) {
    case 'all':
      return {};
    case 'custom': {
      const range: { startTs?: number; endTs?: number } = {};
      if (filter.customStart !== undefined) range.startTs = filter.customStart;
      if (filter.customEnd !== undefined) range.endTs = filter.customEnd;
      return range;
    }
    default:
      return { startTs: now - WINDOW_MS[filter.window], endTs: now };
  }
}

/**
 * The query's status list: the server takes the search statuses themselves (NEW = active and
 * unacknowledged, …) and ORs the list, so one status is sent as itself and ANY as no filter.
 */
export function statusList(status: AlarmFilterStatus): string[] {
  return status === 'ANY' ? [] : [status];
}

/** The AlarmDataQuery sort key: the query names the originator column `originator`. */
const dataQuerySortKey = (column: AlarmSortColumn) => (column === 'originatorName' ? 'originator' : column);

export const DEFAULT_ALARM_FIELDS = ['createdTime', 'originator', 'type', 'severity', 'status'];

export type EntityFilter = Record<string, unknown> & { type: string };

/** The entity filter of a scope: one per entity type for the center, a single entity otherwise. */
export function scopeEntityFilters(scope: AlarmScope): EntityFilter[] {
  if (scope.kind === 'entity') {
    return [{ type: 'singleEntity', singleEntity: { entityType: scope.entityType, id: scope.id } }];
  }
  return ALARM_CENTER_ENTITY_TYPES.map((entityType) => ({ type: 'entityType', entityType }));
}

/** Reference §7: an AlarmDataQuery for `POST /api/alarmsQuery/find` or the WebSocket's alarmDataCmds. */
export function buildAlarmDataQuery(
  entityFilter: EntityFilter,
  filter: AlarmFilter,
  request: AlarmPageRequest,
  now: number,
): Record<string, unknown> {
  const { startTs, endTs } = timeRange(filter, now);
  const textSearch = filter.typeText.trim();
  const pageLink: Record<string, unknown> = {
    page: request.page,
    pageSize: request.pageSize,
    textSearch: textSearch || null,
    sortOrder: {
      key: { type: 'ALARM_FIELD', key: dataQuerySortKey(request.sortProperty) },
      direction: request.sortOrder,
    },
    typeList: [],
    statusList: statusList(filter.status),
    severityList: [...filter.severities],
    searchPropagatedAlarms: false,
  };
  if (startTs !== undefined) pageLink.startTs = startTs;
  if (endTs !== undefined) pageLink.endTs = endTs;
  // Without bounds the server must not apply its default window: 0 means "all time".
  if (startTs === undefined && endTs === undefined) pageLink.timeWindow = 0;
  return {
    entityFilter,
    keyFilters: [],
    entityFields: [],
    latestValues: [],
    alarmFields: DEFAULT_ALARM_FIELDS.map((key) => ({ type: 'ALARM_FIELD', key })),
    pageLink,
  };
}

/**
 * `GET /api/alarm/{entityType}/{entityId}` for one entity. It has no severity parameter, so a
 * severity filter goes through the AlarmDataQuery instead (see `needsDataQuery`).
 */
export function entityAlarmsPath(
  entity: { entityType: string; id: string },
  filter: AlarmFilter,
  request: AlarmPageRequest,
  now: number,
): string {
  const params = new URLSearchParams({
    searchStatus: filter.status,
    pageSize: String(request.pageSize),
    page: String(request.page),
    sortProperty: request.sortProperty,
    sortOrder: request.sortOrder,
    fetchOriginator: 'true',
  });
  const text = filter.typeText.trim();
  if (text) params.set('textSearch', text);
  const { startTs, endTs } = timeRange(filter, now);
  if (startTs !== undefined) params.set('startTime', String(startTs));
  if (endTs !== undefined) params.set('endTime', String(endTs));
  return `/api/alarm/${entity.entityType}/${entity.id}?${params.toString()}`;
}

export const needsDataQuery = (filter: AlarmFilter) => filter.severities.length > 0;

/** The counters call of a scope. */
export function countersPath(scope: AlarmScope): string {
  return scope.kind === 'all' ? '/api/alarms/counters' : `/api/alarm/counters/${scope.entityType}/${scope.id}`;
}

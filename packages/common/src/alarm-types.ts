// Alarm wire shapes (spec 1-client §3.5, reference §2.1: ThingsBoard 3.2 `Alarm`/`AlarmInfo`).
import type { EntityId } from './ids.ts';

export const ALARM_SEVERITY_LIST = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING', 'INDETERMINATE'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITY_LIST)[number];
export const ALARM_STATUS_LIST = ['ACTIVE_UNACK', 'ACTIVE_ACK', 'CLEARED_UNACK', 'CLEARED_ACK'] as const;
export type AlarmStatus = (typeof ALARM_STATUS_LIST)[number];
/** ThingsBoard 3.2 search statuses of `GET /api/alarm/{entityType}/{entityId}`. */
export const ALARM_SEARCH_STATUS_LIST = ['ANY', 'ACTIVE', 'CLEARED', 'ACK', 'UNACK'] as const;
export type AlarmSearchStatus = (typeof ALARM_SEARCH_STATUS_LIST)[number];

export interface Alarm {
  id: EntityId;
  createdTime: number;
  tenantId: EntityId;
  type: string;
  name: string;
  originator: EntityId;
  severity: AlarmSeverity;
  status: AlarmStatus;
  startTs: number;
  endTs: number;
  ackTs: number;
  clearTs: number;
  details: unknown;
  propagate: boolean;
  propagateRelationTypes: string[] | null;
}
export interface AlarmInfo extends Alarm {
  originatorName: string | null;
  originatorLabel?: string | null;
  originatorType?: string;
}

/**
 * Every status filter this server accepts (alarm lists, highest severity, alarm queries): ThingsBoard's
 * search statuses plus this product's NEW (= ACTIVE_UNACK), INPROGRESS (= ACTIVE_ACK),
 * UNREAD (= not acknowledged: ACTIVE_UNACK or CLEARED_UNACK) and CLOSED (= cleared).
 */
export const ALARM_QUERY_STATUS_LIST = [...ALARM_SEARCH_STATUS_LIST, 'NEW', 'INPROGRESS', 'UNREAD', 'CLOSED'] as const;
export type AlarmQueryStatus = (typeof ALARM_QUERY_STATUS_LIST)[number];

/** The display statuses each filter status stands for. */
export const ALARM_STATUSES_OF: Record<AlarmQueryStatus, readonly AlarmStatus[]> = {
  ANY: ALARM_STATUS_LIST,
  ACTIVE: ['ACTIVE_UNACK', 'ACTIVE_ACK'],
  CLEARED: ['CLEARED_UNACK', 'CLEARED_ACK'],
  ACK: ['ACTIVE_ACK', 'CLEARED_ACK'],
  UNACK: ['ACTIVE_UNACK', 'CLEARED_UNACK'],
  NEW: ['ACTIVE_UNACK'],
  INPROGRESS: ['ACTIVE_ACK'],
  UNREAD: ['ACTIVE_UNACK', 'CLEARED_UNACK'],
  CLOSED: ['CLEARED_UNACK', 'CLEARED_ACK'],
};

/** Counter statuses (spec 1-client §3.5); TOTAL counts every alarm, the others as ALARM_STATUSES_OF. */
export const ALARM_COUNTER_LIST = ['TOTAL', 'NEW', 'INPROGRESS', 'CLOSED', 'UNREAD'] as const;
export type AlarmCounterStatus = (typeof ALARM_COUNTER_LIST)[number];
/** `GET /api/alarm/counters/{entityType}/{entityId}` and `GET /api/alarms/counters`. */
export type AlarmCounters = Record<AlarmCounterStatus, number>;

/** A row of `POST /api/alarmsQuery/find` and WebSocket ALARM_DATA (reference §7). */
export interface AlarmData extends AlarmInfo {
  /** The entity of the query the alarm was found for (its originator, or an entity it propagates to). */
  entityId: EntityId;
  /** Entity fields and latest values the query asked for, as in EntityData; `{}` when none. */
  latest: Record<string, Record<string, { ts: number; value: string }>>;
}

export interface AlarmDataPageLink {
  page: number;
  pageSize: number;
  textSearch?: string | null;
  sortOrder?: { key: { type: string; key: string }; direction: 'ASC' | 'DESC' } | null;
  startTs?: number;
  endTs?: number;
  timeWindow?: number;
  typeList?: string[] | null;
  statusList?: AlarmQueryStatus[] | null;
  severityList?: AlarmSeverity[] | null;
  searchPropagatedAlarms?: boolean;
}

export interface AlarmDataQuery {
  entityFilter: unknown;
  keyFilters?: unknown[] | null;
  entityFields?: { type: string; key: string }[] | null;
  latestValues?: { type: string; key: string }[] | null;
  alarmFields?: { type: string; key: string }[] | null;
  pageLink: AlarmDataPageLink;
}

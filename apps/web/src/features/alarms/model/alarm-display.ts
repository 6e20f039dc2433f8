import type { AlarmSeverity, AlarmStatus } from '@sapo/common';
import { SEVERITY_COLORS } from '../../device-profiles/alarm-rules/model/severity-colors';

/** Search statuses of spec 1-client §3.5 (the server maps them to acknowledged / cleared). */
export const ALARM_FILTER_STATUSES = ['ANY', 'NEW', 'INPROGRESS', 'UNREAD', 'CLOSED'] as const;
export type AlarmFilterStatus = (typeof ALARM_FILTER_STATUSES)[number];

/** Counter names of `GET /api/alarms/counters`, in the order the summary shows them. */
export const ALARM_COUNTER_KEYS = ['TOTAL', 'NEW', 'INPROGRESS', 'CLOSED', 'UNREAD'] as const;
export type AlarmCounterKey = (typeof ALARM_COUNTER_KEYS)[number];
export type AlarmCounters = Record<AlarmCounterKey, number>;

/** One palette with the alarm-rule editor: CRITICAL red, MAJOR orange, … INDETERMINATE green. */
export function severityColor(severity: string): string {
  return SEVERITY_COLORS[severity as AlarmSeverity] ?? '#757575';
}

/** MINOR's amber needs dark text; the other colours carry white text. */
export function severityTextColor(severity: string): string {
  return severity === 'MINOR' ? 'rgba(0, 0, 0, 0.87)' : '#fff';
}

// Translation keys written out (not built from templates) so the locale check can see every one.
const SEVERITY_LABELS: Record<AlarmSeverity, string> = {
  CRITICAL: 'alarm.severity-critical',
  MAJOR: 'alarm.severity-major',
  MINOR: 'alarm.severity-minor',
  WARNING: 'alarm.severity-warning',
  INDETERMINATE: 'alarm.severity-indeterminate',
};
const STATUS_LABELS: Record<AlarmStatus, string> = {
  ACTIVE_UNACK: 'alarm.display-status.ACTIVE_UNACK',
  ACTIVE_ACK: 'alarm.display-status.ACTIVE_ACK',
  CLEARED_UNACK: 'alarm.display-status.CLEARED_UNACK',
  CLEARED_ACK: 'alarm.display-status.CLEARED_ACK',
};
export const FILTER_STATUS_LABELS: Record<AlarmFilterStatus, string> = {
  ANY: 'alarm.search-status.ANY',
  NEW: 'alarm.search-status.NEW',
  INPROGRESS: 'alarm.search-status.INPROGRESS',
  UNREAD: 'alarm.search-status.UNREAD',
  CLOSED: 'alarm.search-status.CLOSED',
};
export const COUNTER_LABELS: Record<AlarmCounterKey, string> = {
  TOTAL: 'alarm.counter.TOTAL',
  NEW: 'alarm.counter.NEW',
  INPROGRESS: 'alarm.counter.INPROGRESS',
  CLOSED: 'alarm.counter.CLOSED',
  UNREAD: 'alarm.counter.UNREAD',
};
const ENTITY_TYPE_LABELS: Record<string, string> = {
  DEVICE: 'entity.type-device',
  ASSET: 'entity.type-asset',
  ENTITY_VIEW: 'entity.type-entity-view',
  CUSTOMER: 'entity.type-customer',
  TENANT: 'entity.type-tenant',
};

/** Unknown values fall back to themselves (i18next shows a missing key as the key). */
export const severityLabelKey = (severity: string) => SEVERITY_LABELS[severity as AlarmSeverity] ?? severity;
export const statusLabelKey = (status: string) => STATUS_LABELS[status as AlarmStatus] ?? status;
export const entityTypeLabelKey = (entityType: string) => ENTITY_TYPE_LABELS[entityType] ?? entityType;

export const isCleared = (status: AlarmStatus) => status === 'CLEARED_ACK' || status === 'CLEARED_UNACK';
export const isAcknowledged = (status: AlarmStatus) => status === 'ACTIVE_ACK' || status === 'CLEARED_ACK';
/** Acknowledge is offered until someone did it; clear until the alarm is cleared. */
export const canAcknowledge = (status: AlarmStatus) => !isAcknowledged(status);
export const canClear = (status: AlarmStatus) => !isCleared(status);

/** The status chip's tone: active unread alarms stand out, closed ones recede. */
export function statusTone(status: AlarmStatus): 'error' | 'warning' | 'success' | 'default' {
  switch (status) {
    case 'ACTIVE_UNACK':
      return 'error';
    case 'ACTIVE_ACK':
      return 'warning';
    case 'CLEARED_UNACK':
      return 'success';
    default:
      return 'default';
  }
}

/** A counters body with every key present (missing or odd values count as 0). */
export function normalizeCounters(raw: unknown): AlarmCounters {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const out = {} as AlarmCounters;
  for (const key of ALARM_COUNTER_KEYS) {
    const value = Number(source[key]);
    out[key] = Number.isFinite(value) && value >= 0 ? value : 0;
  }
  return out;
}

/** Details as readable JSON ('' when there are none). */
export function prettyDetails(details: unknown): string {
  if (details === null || details === undefined || details === '') return '';
  if (typeof details === 'string') {
    try {
      return JSON.stringify(JSON.parse(details), null, 2);
    } catch {
      return details;
    }
  }
  return JSON.stringify(details, null, 2);
}

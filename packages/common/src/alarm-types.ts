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

import type { Alarm, AlarmData, AlarmInfo } from '@sapo/common';
import type { AlarmInfoRow, AlarmMatchRow, AlarmRow } from './alarm.repository.ts';

/** Row → ThingsBoard 3.2 Alarm JSON (reference §2.1; `name` is the type). */
export function toAlarm(r: AlarmRow): Alarm {
  return {
    id: { entityType: 'ALARM', id: r.id },
    createdTime: r.created_time,
    tenantId: { entityType: 'TENANT', id: r.tenant_id },
    type: r.type,
    name: r.type,
    originator: { entityType: r.originator_type as Alarm['originator']['entityType'], id: r.originator_id },
    severity: r.severity,
    status: r.status,
    startTs: r.start_ts,
    endTs: r.end_ts,
    ackTs: r.ack_ts,
    clearTs: r.clear_ts,
    details: r.details ?? null,
    propagate: r.propagate,
    propagateRelationTypes: r.propagate_relation_types ?? [],
  };
}

export function toAlarmInfo(r: AlarmInfoRow): AlarmInfo {
  return {
    ...toAlarm(r),
    originatorName: r.originator_name,
    originatorLabel: r.originator_label,
    originatorType: r.originator_type,
  };
}

export function toAlarmData(r: AlarmMatchRow, latest: AlarmData['latest'] = {}): AlarmData {
  return {
    ...toAlarmInfo(r),
    entityId: { entityType: r.match_type as AlarmData['entityId']['entityType'], id: r.match_id },
    latest,
  };
}

// Carries out what the alarm-rule model decided (create / update / clear) through AlarmOps and turns
// the outcome into the node's ALARM messages (reference §8 relation names and metadata flags).
import { randomUUID } from 'node:crypto';
import type { Alarm } from '@sapo/common';
import type { NodeOutput, RuleEngineServices, TbMsg } from '../rule-engine-types.ts';
import type { DeviceState, PendingAction } from './device-state.ts';

/** The ALARM message the alarm nodes send: data = alarm JSON, metadata of the cause plus one flag. */
export function alarmMsg(src: TbMsg, alarm: Alarm, flag: string): TbMsg {
  return {
    id: randomUUID(),
    ts: src.ts,
    type: 'ALARM',
    originator: src.originator,
    ...(src.customerId ? { customerId: src.customerId } : {}),
    metaData: { ...src.metaData, [flag]: 'true' },
    dataType: 'JSON',
    data: JSON.stringify(alarm),
    ...(src.ruleChainId ? { ruleChainId: src.ruleChainId } : {}),
    ...(src.ruleNodeId ? { ruleNodeId: src.ruleNodeId } : {}),
  };
}

const detailsOf = (text: string): Record<string, unknown> => (text ? { data: text } : {});

export async function performAlarmAction(
  services: RuleEngineServices,
  state: DeviceState,
  { def, action }: PendingAction,
  ts: number,
  cause: TbMsg,
): Promise<NodeOutput | null> {
  const originator = { entityType: 'DEVICE', id: state.deviceId };
  if (action.kind === 'CLEAR') {
    const alarm = await services.alarms.clearActive(
      state.tenantId,
      originator,
      def.alarmType,
      detailsOf(action.details),
      ts,
    );
    return alarm ? { relation: 'Alarm Cleared', msg: alarmMsg(cause, alarm, 'isClearedAlarm') } : null;
  }
  const res = await services.alarms.createOrUpdate({
    tenantId: state.tenantId,
    originator,
    type: def.alarmType,
    severity: action.severity,
    details: detailsOf(action.details),
    propagate: !!def.propagate,
    propagateRelationTypes: def.propagateRelationTypes ?? null,
    startTs: ts,
    endTs: ts,
  });
  // The store knows best: an alarm cleared elsewhere makes this a new one.
  const st = state.alarmStates.get(def.id);
  if (st) st.current = { severity: res.alarm.severity, startTs: res.alarm.startTs };
  if (res.created) return { relation: 'Alarm Created', msg: alarmMsg(cause, res.alarm, 'isNewAlarm') };
  if (res.severityChanged)
    return { relation: 'Alarm Severity Updated', msg: alarmMsg(cause, res.alarm, 'isSeverityUpdated') };
  return { relation: 'Alarm Updated', msg: alarmMsg(cause, res.alarm, 'isExistingAlarm') };
}

// action.TbCreateAlarmNode and action.TbClearAlarmNode (reference §9): create/update or clear the
// originator's active alarm of a type; details come from a script that sees the previous details
// as `metadata.prevAlarmDetails`.
import { ALARM_SEVERITY_LIST, type AlarmSeverity } from '@sapo/common';
import type { RuleNodeDefinition, RuleNodeInit, TbMsg } from '../rule-engine-types.ts';
import { alarmMsg } from '../device-profile/alarm-actions.ts';
import { parseJsonData, processPattern } from './action-msg-pattern.ts';

const DEFAULT_DETAILS_JS =
  'var details = {};\nif (metadata.prevAlarmDetails) {\n    details = JSON.parse(metadata.prevAlarmDetails);\n}\nreturn details;';

const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() ? v : fallback);

function severityOf(v: unknown): AlarmSeverity {
  const s = String(v ?? '').toUpperCase();
  if (!(ALARM_SEVERITY_LIST as readonly string[]).includes(s)) {
    throw new Error(`Invalid alarm severity '${String(v)}': expected one of ${ALARM_SEVERITY_LIST.join(', ')}`);
  }
  return s as AlarmSeverity;
}

async function buildDetails(init: RuleNodeInit, script: string, msg: TbMsg, prev: unknown): Promise<unknown> {
  const metadata = { ...msg.metaData };
  if (prev !== undefined && prev !== null) metadata.prevAlarmDetails = JSON.stringify(prev);
  const out = await init.services.scripts.run(
    init.tenantId,
    script,
    parseJsonData(msg),
    metadata,
    msg.type,
    init.nodeId,
  );
  if (out === null || out === undefined) return {};
  if (typeof out !== 'object') throw new Error('Alarm details script must return an object');
  return out;
}

export const createAlarmNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.action.TbCreateAlarmNode',
  type: 'ACTION',
  name: 'create alarm',
  description: 'Create or update Alarm',
  details:
    'Details - JS function that creates JSON object based on incoming message. This object will be added into Alarm.details field.\n' +
    "Node output:\nIf alarm was not created, original message is returned. Otherwise new Message returned with type 'ALARM', " +
    "Alarm object in 'msg' property and 'metadata' will contains one of following properties 'isNewAlarm/isExistingAlarm'. " +
    "Message payload can be accessed via <code>msg</code> property. For example <code>'temperature = ' + msg.temperature ;</code>. " +
    "Message metadata can be accessed via <code>metadata</code> property. For example <code>'name = ' + metadata.customerName;</code>.",
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Created', 'Updated', 'False', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    alarmDetailsBuildJs: DEFAULT_DETAILS_JS,
    useMessageAlarmData: false,
    alarmType: 'General Alarm',
    severity: 'CRITICAL',
    propagate: false,
    relationTypes: [],
  },
  configurationFields: [
    {
      key: 'useMessageAlarmData',
      label: 'Use message alarm data',
      kind: 'boolean',
      helpText: 'The message data is the alarm (type, severity, details, propagate).',
    },
    { key: 'alarmDetailsBuildJs', label: 'Alarm details builder', kind: 'script', scriptReturns: 'details object' },
    {
      key: 'alarmType',
      label: 'Alarm type',
      kind: 'text',
      required: true,
      helpText: 'Use ${metadataKey} for metadata values, $[dataKey] for message data.',
    },
    {
      key: 'severity',
      label: 'Alarm severity',
      kind: 'select',
      required: true,
      options: ALARM_SEVERITY_LIST.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() })),
    },
    { key: 'propagate', label: 'Propagate', kind: 'boolean' },
    {
      key: 'relationTypes',
      label: 'Relation types to propagate',
      kind: 'stringList',
      helpText: 'Empty: any relation type.',
    },
  ],
  create(init) {
    const c = init.configuration;
    const useMsg = c.useMessageAlarmData === true;
    const script = str(c.alarmDetailsBuildJs, DEFAULT_DETAILS_JS);
    const typePattern = str(c.alarmType, 'General Alarm');
    if (!useMsg) severityOf(c.severity ?? 'CRITICAL');
    const relationTypes = Array.isArray(c.relationTypes) ? c.relationTypes.map(String) : [];
    return {
      async onMsg(msg) {
        const originator = msg.originator;
        let type: string;
        let severity: AlarmSeverity;
        let propagate: boolean;
        let propagateRelationTypes: string[];
        let details: unknown;
        let prev: unknown;
        if (useMsg) {
          const a = parseJsonData(msg) as Record<string, unknown> | null;
          if (!a || typeof a !== 'object') throw new Error('Message data is not an alarm object');
          type = str(a.type, typePattern);
          severity = severityOf(a.severity ?? c.severity ?? 'CRITICAL');
          propagate = a.propagate === true;
          propagateRelationTypes = Array.isArray(a.propagateRelationTypes) ? a.propagateRelationTypes.map(String) : [];
          details = a.details ?? {};
        } else {
          type = processPattern(typePattern, msg);
          severity = severityOf(processPattern(String(c.severity ?? 'CRITICAL'), msg));
          propagate = c.propagate === true;
          propagateRelationTypes = relationTypes;
          const existing = await init.services.alarms.findActive(init.tenantId, originator, type);
          prev = existing?.details;
          details = await buildDetails(init, script, msg, prev);
        }
        const now = init.services.clock.now();
        const res = await init.services.alarms.createOrUpdate({
          tenantId: init.tenantId,
          originator,
          type,
          severity,
          details,
          propagate,
          propagateRelationTypes,
          startTs: now,
          endTs: now,
        });
        return res.created
          ? { relation: 'Created', msg: alarmMsg(msg, res.alarm, 'isNewAlarm') }
          : { relation: 'Updated', msg: alarmMsg(msg, res.alarm, 'isExistingAlarm') };
      },
    };
  },
};

export const clearAlarmNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.action.TbClearAlarmNode',
  type: 'ACTION',
  name: 'clear alarm',
  description: 'Clear Alarm',
  details:
    'Details - JS function that creates JSON object based on incoming message. This object will be added into Alarm.details field.\n' +
    "Node output:\nIf alarm was not cleared, original message is returned. Otherwise new Message returned with type 'ALARM', " +
    "Alarm object in 'msg' property and 'metadata' will contains 'isClearedAlarm' property.",
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Cleared', 'False', 'Failure'],
  customRelations: false,
  defaultConfiguration: { alarmDetailsBuildJs: DEFAULT_DETAILS_JS, alarmType: 'General Alarm' },
  configurationFields: [
    { key: 'alarmDetailsBuildJs', label: 'Alarm details builder', kind: 'script', scriptReturns: 'details object' },
    {
      key: 'alarmType',
      label: 'Alarm type',
      kind: 'text',
      required: true,
      helpText: 'Use ${metadataKey} for metadata values, $[dataKey] for message data.',
    },
  ],
  create(init) {
    const script = str(init.configuration.alarmDetailsBuildJs, DEFAULT_DETAILS_JS);
    const typePattern = str(init.configuration.alarmType, 'General Alarm');
    return {
      async onMsg(msg) {
        const type = processPattern(typePattern, msg);
        const existing = await init.services.alarms.findActive(init.tenantId, msg.originator, type);
        if (!existing) return { relation: 'False', msg };
        const details = await buildDetails(init, script, msg, existing.details);
        const alarm = await init.services.alarms.clearActive(
          init.tenantId,
          msg.originator,
          type,
          details,
          init.services.clock.now(),
        );
        if (!alarm) return { relation: 'False', msg };
        return { relation: 'Cleared', msg: alarmMsg(msg, alarm, 'isClearedAlarm') };
      },
    };
  },
};

// debug.TbMsgGeneratorNode "generator": every period, a script makes a message from the previous one.
import { randomUUID } from 'node:crypto';
import type { EntityRef, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { isUuid } from '../lookups/data-entity.lookup.ts';
import { cfgNumber, cfgString, renameScriptArgs } from './data-node-helpers.ts';
import { applyUpdateResult, runUpdateScript } from './transform-msg.node.ts';

const DEFAULT_SCRIPT =
  'var msg = { temp: 42, humidity: 77 };\n' +
  'var metadata = { data: 40 };\n' +
  'var msgType = "POST_TELEMETRY_REQUEST";\n\n' +
  'return { msg: msg, metadata: metadata, msgType: msgType };';

const ORIGINATOR_TYPES = ['DEVICE', 'ASSET', 'ENTITY_VIEW', 'TENANT', 'CUSTOMER', 'USER', 'DASHBOARD'];
/** Below this a generator would crowd out real traffic. */
const MIN_PERIOD_MS = 1000;

export const msgGeneratorNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.debug.TbMsgGeneratorNode',
  type: 'ACTION',
  name: 'generator',
  description: 'Periodically generates messages',
  details: 'Generates messages with configurable period. Javascript function used for message generation.',
  inEnabled: false,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    msgCount: 0,
    periodInSeconds: 1,
    originatorId: null,
    originatorType: null,
    jsScript: DEFAULT_SCRIPT,
  },
  configurationFields: [
    { key: 'msgCount', label: 'Message count (0 - unlimited)', kind: 'number', required: true, min: 0 },
    { key: 'periodInSeconds', label: 'Period in seconds', kind: 'number', required: true, min: 1 },
    {
      key: 'originatorType',
      label: 'Originator type',
      kind: 'select',
      options: ORIGINATOR_TYPES.map((t) => ({ value: t, label: t })),
      helpText: 'Without an originator the messages come from this rule node.',
    },
    { key: 'originatorId', label: 'Originator id', kind: 'text' },
    {
      key: 'jsScript',
      label: 'Generate',
      kind: 'script',
      required: true,
      scriptReturns: '{msg, metadata, msgType} (arguments prevMsg, prevMetadata, prevMsgType)',
    },
  ],
  create(init) {
    const c = init.configuration;
    const count = Math.max(Math.floor(cfgNumber(c, 'msgCount', 0)), 0);
    const periodMs = Math.max(cfgNumber(c, 'periodInSeconds', 1) * 1000, MIN_PERIOD_MS);
    const originatorId = cfgString(c, 'originatorId');
    const originatorType = cfgString(c, 'originatorType');
    const originator: EntityRef =
      originatorType && isUuid(originatorId)
        ? { entityType: originatorType, id: originatorId.toLowerCase() }
        : { entityType: 'RULE_NODE', id: init.nodeId };
    const script = renameScriptArgs(cfgString(c, 'jsScript', DEFAULT_SCRIPT), [
      'prevMsg',
      'prevMetadata',
      'prevMsgType',
    ]);
    const { scripts, clock, logger } = init.services;

    let prev: TbMsg = {
      id: randomUUID(),
      ts: clock.now(),
      type: '',
      originator,
      metaData: {},
      dataType: 'JSON',
      data: '{}',
      ruleChainId: init.ruleChainId,
      ruleNodeId: init.nodeId,
    };
    let sent = 0;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;

    const tick = async () => {
      if (stopped) return;
      try {
        const result = await runUpdateScript(scripts, init.tenantId, script, prev, init.nodeId);
        const base = { ...prev, id: randomUUID(), ts: clock.now() };
        const next = applyUpdateResult(base, result);
        if (!next.type) next.type = 'POST_TELEMETRY_REQUEST';
        if (stopped) return;
        prev = next;
        sent++;
        init.emit({ relation: 'Success', msg: next });
      } catch (err) {
        logger.warn({ err, ruleNodeId: init.nodeId }, 'generator script failed');
      }
      if (!stopped && (count === 0 || sent < count)) timer = setTimeout(() => void tick(), periodMs);
    };
    timer = setTimeout(() => void tick(), periodMs);

    return {
      // The generator has no input: anything that reaches it anyway is dropped.
      onMsg: () => null,
      destroy() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  },
};

// delay.TbMsgDelayNode "delay": holds each message for a period, then sends it on to Success.
import type { RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { cfgBool, cfgNumber, cfgString, derivedMsg, processPattern } from './data-node-helpers.ts';

export const MAX_PENDING_REACHED = 'Max limit of pending messages reached!';

export const msgDelayNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.delay.TbMsgDelayNode',
  type: 'ACTION',
  name: 'delay',
  description: 'Delays incoming message',
  details:
    'Delays messages for configurable period. Please note, this node acknowledges the message from the current ' +
    'queue (message will be removed from queue)',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { periodInSeconds: 60, maxPendingMsgs: 1000, useMetadataPeriodInSecondsPatterns: false },
  configurationFields: [
    { key: 'useMetadataPeriodInSecondsPatterns', label: 'Use period in seconds pattern', kind: 'boolean' },
    { key: 'periodInSeconds', label: 'Period in seconds', kind: 'number', required: true, min: 0 },
    {
      key: 'periodInSecondsPattern',
      label: 'Period in seconds pattern',
      kind: 'text',
      helpText: 'With the pattern option, e.g. ${delay}: the number of seconds from the message metadata.',
    },
    { key: 'maxPendingMsgs', label: 'Maximum pending messages', kind: 'number', required: true, min: 1, max: 100000 },
  ],
  create(init) {
    const c = init.configuration;
    const usePattern = cfgBool(c, 'useMetadataPeriodInSecondsPatterns');
    const periodSec = Math.max(cfgNumber(c, 'periodInSeconds', 60), 0);
    const pattern = cfgString(c, 'periodInSecondsPattern');
    const maxPending = Math.max(Math.floor(cfgNumber(c, 'maxPendingMsgs', 1000)), 1);
    const pending = new Set<NodeJS.Timeout>();

    const delayMs = (msg: TbMsg): number => {
      if (!usePattern) return periodSec * 1000;
      const text = processPattern(pattern, msg.metaData).trim();
      const n = Number(text);
      if (text === '' || !Number.isFinite(n) || n < 0) {
        throw new Error(`Can't parse period in seconds from metadata using pattern: ${pattern}`);
      }
      return n * 1000;
    };

    return {
      onMsg(msg) {
        if (pending.size >= maxPending) throw new Error(MAX_PENDING_REACHED);
        // Timers cannot exceed 2^31-1 ms (about 24.8 days).
        const ms = Math.min(delayMs(msg), 2 ** 31 - 1);
        const timer = setTimeout(() => {
          pending.delete(timer);
          init.emit({ relation: 'Success', msg: derivedMsg(msg, {}) });
        }, ms);
        pending.add(timer);
        return null;
      },
      destroy() {
        for (const t of pending) clearTimeout(t);
        pending.clear();
      },
    };
  },
};

// filter.TbJsSwitchNode "switch": the user's script names the relation(s) the message goes down.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { cfgString, msgPayload } from './data-node-helpers.ts';
import { describeType } from './js-filter.node.ts';

const DEFAULT_SCRIPT =
  'function nextRelation(metadata, msg) {\n' +
  "    return ['one','nine'];\n" +
  '}\n' +
  "if(msgType === 'POST_TELEMETRY_REQUEST') {\n" +
  "    return ['two'];\n" +
  '}\n' +
  'return nextRelation(metadata, msg);';

export const jsSwitchNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.filter.TbJsSwitchNode',
  type: 'FILTER',
  name: 'switch',
  description: 'Route incoming Message to one or multiple output chains',
  details:
    'Node executes configured JS script. Script should return array of next Chain names where Message should be routed. ' +
    'If Array is empty - message not routed to next Node. Message payload can be accessed via <code>msg</code> property. ' +
    'For example <code>msg.temperature < 10;</code><br/>Message metadata can be accessed via <code>metadata</code> property. ' +
    "For example <code>metadata.customerName === 'John';</code><br/>Message type can be accessed via <code>msgType</code> property.",
  inEnabled: true,
  outEnabled: true,
  relationTypes: [],
  customRelations: true,
  defaultConfiguration: { jsScript: DEFAULT_SCRIPT },
  configurationFields: [
    {
      key: 'jsScript',
      label: 'Switch',
      kind: 'script',
      required: true,
      scriptReturns: 'relation name or array of relation names',
    },
  ],
  create(init) {
    const script = cfgString(init.configuration, 'jsScript', DEFAULT_SCRIPT);
    if (!script.trim()) throw new Error('Switch script is not set!');
    const { scripts } = init.services;
    return {
      async onMsg(msg) {
        const result = await scripts.run(init.tenantId, script, msgPayload(msg), msg.metaData, msg.type, init.nodeId);
        if (typeof result === 'string') return { relation: result, msg };
        if (Array.isArray(result) && result.every((r) => typeof r === 'string')) {
          const relations = [...new Set(result as string[])];
          // An empty list routes nowhere: the message is done.
          return relations.length ? { relation: relations, msg } : null;
        }
        throw new Error(`Wrong result type: ${describeType(result)}`);
      },
    };
  },
};

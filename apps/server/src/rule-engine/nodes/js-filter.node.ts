// filter.TbJsFilterNode "script": routes by a boolean the user's script returns.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { cfgString, msgPayload } from './data-node-helpers.ts';

const DEFAULT_SCRIPT = 'return msg.temperature > 20;';

export const jsFilterNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.filter.TbJsFilterNode',
  type: 'FILTER',
  name: 'script',
  description: 'Filter incoming messages using JS script',
  details:
    'Evaluate incoming Message with configured JavaScript condition. If <b>True</b> - send Message via <b>True</b> chain, ' +
    'otherwise <b>False</b> chain is used.Message payload can be accessed via <code>msg</code> property. ' +
    'For example <code>msg.temperature < 10;</code><br/>Message metadata can be accessed via <code>metadata</code> property. ' +
    "For example <code>metadata.customerName === 'John';</code><br/>Message type can be accessed via <code>msgType</code> property.",
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['True', 'False'],
  customRelations: false,
  defaultConfiguration: { jsScript: DEFAULT_SCRIPT },
  configurationFields: [{ key: 'jsScript', label: 'Filter', kind: 'script', required: true, scriptReturns: 'boolean' }],
  create(init) {
    const script = cfgString(init.configuration, 'jsScript', DEFAULT_SCRIPT);
    if (!script.trim()) throw new Error('Filter script is not set!');
    const { scripts } = init.services;
    return {
      async onMsg(msg) {
        const result = await scripts.run(init.tenantId, script, msgPayload(msg), msg.metaData, msg.type, init.nodeId);
        if (typeof result !== 'boolean') throw new Error(`Wrong result type: ${describeType(result)}`);
        return { relation: result ? 'True' : 'False', msg };
      },
    };
  },
};

/** The JSON type name ThingsBoard reports for a wrong script result. */
export function describeType(v: unknown): string {
  if (v === null) return 'NULL';
  if (v === undefined) return 'UNDEFINED';
  if (Array.isArray(v)) return 'ARRAY';
  return (typeof v).toUpperCase();
}

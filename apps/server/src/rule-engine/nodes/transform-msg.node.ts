// transform.TbTransformMsgNode "script": the user's script rewrites payload, metadata and type.
import type { RuleNodeDefinition, ScriptRunner, TbMsg } from '../rule-engine-types.ts';
import { cfgString, msgPayload, toStringMap } from './data-node-helpers.ts';
import { describeType } from './js-filter.node.ts';

const DEFAULT_SCRIPT = 'return {msg: msg, metadata: metadata, msgType: msgType};';

/**
 * Applies an "update" script result `{msg, metadata, msgType}` to a message: absent parts keep the
 * message's own (ThingsBoard's unbindMsg); the id stays, as in `transformMsg`. Shared with the generator.
 */
export function applyUpdateResult(base: TbMsg, result: unknown): TbMsg {
  if (!result || typeof result !== 'object' || Array.isArray(result)) {
    throw new Error(`Wrong result type: ${describeType(result)}`);
  }
  const r = result as Record<string, unknown>;
  const patch: Partial<TbMsg> = {};
  if ('msg' in r && r.msg !== undefined) {
    patch.data = JSON.stringify(r.msg);
    patch.dataType = 'JSON';
  }
  if (r.metadata !== undefined && r.metadata !== null) patch.metaData = toStringMap(r.metadata);
  if (typeof r.msgType === 'string' && r.msgType !== '') patch.type = r.msgType;
  return { ...base, ...patch };
}

export async function runUpdateScript(
  runner: ScriptRunner,
  tenantId: string,
  script: string,
  msg: TbMsg,
  nodeId?: string,
) {
  return runner.run(tenantId, script, msgPayload(msg), msg.metaData, msg.type, nodeId);
}

export const transformMsgNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.transform.TbTransformMsgNode',
  type: 'TRANSFORMATION',
  name: 'script',
  description: 'Change Message payload, Metadata or Message type using JavaScript',
  details:
    'JavaScript function receive 3 input parameters <br/> <code>metadata</code> - is a Message metadata.<br/>' +
    '<code>msg</code> - is a Message payload.<br/><code>msgType</code> - is a Message type.<br/>' +
    'Should return the following structure:<br/><code>{ msg: <i style="color: #666;">new payload</i>,<br/>&nbsp&nbsp&nbspmetadata: ' +
    '<i style="color: #666;">new metadata</i>,<br/>&nbsp&nbsp&nbspmsgType: <i style="color: #666;">new msgType</i> }</code><br/>' +
    'All fields in resulting object are optional and will be taken from original message if not specified.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { jsScript: DEFAULT_SCRIPT },
  configurationFields: [
    { key: 'jsScript', label: 'Transform', kind: 'script', required: true, scriptReturns: '{msg, metadata, msgType}' },
  ],
  create(init) {
    const script = cfgString(init.configuration, 'jsScript', DEFAULT_SCRIPT);
    if (!script.trim()) throw new Error('Transform script is not set!');
    const { scripts } = init.services;
    return {
      async onMsg(msg) {
        const result = await runUpdateScript(scripts, init.tenantId, script, msg, init.nodeId);
        return { relation: 'Success', msg: applyUpdateResult(msg, result) };
      },
    };
  },
};

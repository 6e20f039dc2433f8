// action.TbLogNode ('log'): logs the string its script builds from the message at info level.
import { scriptMsgArg } from '../msg.ts';
import type { NodeOutput, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { configString, TB } from './node-config.ts';

export const DEFAULT_LOG_SCRIPT =
  "return '\\nIncoming message:\\n' + JSON.stringify(msg) + '\\nIncoming metadata:\\n' + JSON.stringify(metadata);";

export const logNode: RuleNodeDefinition = {
  clazz: `${TB}action.TbLogNode`,
  type: 'ACTION',
  name: 'log',
  description: 'Log incoming messages using JS script for transformation Message into String',
  details:
    'Transform incoming Message with configured JavaScript function to String and log final value into the server log. Message payload can be accessed via <code>msg</code> property.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { jsScript: DEFAULT_LOG_SCRIPT },
  configurationFields: [
    { key: 'jsScript', label: 'To string function', kind: 'script', required: true, scriptReturns: 'string' },
  ],
  create({ tenantId, nodeId, name, services, configuration }) {
    const script = configString(configuration, 'jsScript', '');
    if (!script.trim()) throw new Error('Log node needs a script returning a string');
    return {
      async onMsg(msg: TbMsg): Promise<NodeOutput> {
        const text = await services.scripts.run(tenantId, script, scriptMsgArg(msg), msg.metaData, msg.type, nodeId);
        services.logger.info({ ruleNodeId: nodeId, ruleNode: name, msgId: msg.id }, String(text));
        return { relation: 'Success', msg };
      },
    };
  },
};

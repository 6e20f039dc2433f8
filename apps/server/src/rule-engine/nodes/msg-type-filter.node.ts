// filter.TbMsgTypeFilterNode: True when the message type is one of the configured ones.
import { MESSAGE_TYPES } from '@sapo/common';
import type { NodeOutput, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { configStrings, TB } from './node-config.ts';

const TYPE_OPTIONS = MESSAGE_TYPES.map((t) => ({ value: t, label: t }));

export const msgTypeFilterNode: RuleNodeDefinition = {
  clazz: `${TB}filter.TbMsgTypeFilterNode`,
  type: 'FILTER',
  name: 'message type',
  description: 'Filter incoming messages by Message Type',
  details:
    'If incoming MessageType is expected - send Message via <b>True</b> chain, otherwise <b>False</b> chain is used.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['True', 'False'],
  customRelations: false,
  defaultConfiguration: { messageTypes: ['POST_ATTRIBUTES_REQUEST', 'POST_TELEMETRY_REQUEST'] },
  configurationFields: [
    {
      key: 'messageTypes',
      label: 'Message types filter',
      kind: 'stringList',
      required: true,
      options: TYPE_OPTIONS,
      helpText: 'Message types that go to True; custom types may be typed in.',
    },
  ],
  create({ configuration }) {
    const types = new Set(configStrings(configuration, 'messageTypes'));
    return {
      onMsg(msg: TbMsg): NodeOutput {
        return { relation: types.has(msg.type) ? 'True' : 'False', msg };
      },
    };
  },
};

// rpc.TbSendRPCReplyNode "rpc call reply": answers a device's own RPC request with the message data.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { cfgString } from './data-node-helpers.ts';

export const sendRpcReplyNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.rpc.TbSendRPCReplyNode',
  type: 'ACTION',
  name: 'rpc call reply',
  description: 'Sends reply to RPC call from device',
  details: 'Expects messages with any message type. Will forward message body to the device.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { requestIdMetaDataAttribute: 'requestId' },
  configurationFields: [
    { key: 'requestIdMetaDataAttribute', label: 'Request Id Metadata attribute name', kind: 'text', required: true },
  ],
  create(init) {
    const attr = cfgString(init.configuration, 'requestIdMetaDataAttribute', 'requestId') || 'requestId';
    return {
      onMsg(msg) {
        const requestId = msg.metaData[attr];
        if (msg.originator.entityType !== 'DEVICE') throw new Error('Message originator is not a device entity!');
        if (!requestId) throw new Error('Request id is not present in the metadata!');
        if (!msg.data) throw new Error('Request body is empty!');
        const id = Number(requestId);
        if (!Number.isInteger(id)) throw new Error(`Request id is not a number: ${requestId}`);
        init.services.replyToDeviceRpc(msg.originator.id, id, msg.data);
        return { relation: 'Success', msg };
      },
    };
  },
};

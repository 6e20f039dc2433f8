// telemetry.TbMsgAttributesNode ('save attributes'): stores POST_ATTRIBUTES_REQUEST data in a scope.
import { parseKvObject } from '@sapo/common';
import type { AttributeScope } from '../../modules/telemetry/telemetry-types.ts';
import { storageFailure } from '../engine-events.ts';
import { msgJson, msgKv } from '../msg.ts';
import type { NodeOutput, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { configBool, configString, TB } from './node-config.ts';

const SCOPES: readonly AttributeScope[] = ['CLIENT_SCOPE', 'SERVER_SCOPE', 'SHARED_SCOPE'];

export const saveAttributesNode: RuleNodeDefinition = {
  clazz: `${TB}telemetry.TbMsgAttributesNode`,
  type: 'ACTION',
  name: 'save attributes',
  description: 'Saves attributes data',
  details:
    'Saves entity attributes based on configurable scope parameter. Expects messages with <b>POST_ATTRIBUTES_REQUEST</b> message type.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { scope: 'SERVER_SCOPE', notifyDevice: false },
  configurationFields: [
    {
      key: 'scope',
      label: 'Attributes scope',
      kind: 'select',
      required: true,
      options: SCOPES.map((s) => ({
        value: s,
        label:
          s === 'CLIENT_SCOPE' ? 'Client attributes' : s === 'SERVER_SCOPE' ? 'Server attributes' : 'Shared attributes',
      })),
    },
    {
      key: 'notifyDevice',
      label: 'Notify device',
      kind: 'boolean',
      helpText: 'Shared attributes only: the device receives the update.',
    },
  ],
  create({ tenantId, services, configuration }) {
    const scope = configString(configuration, 'scope', 'SERVER_SCOPE') as AttributeScope;
    if (!SCOPES.includes(scope)) throw new Error(`Unknown attributes scope '${scope}'`);
    // Devices subscribed to shared attributes hear of every saved change (the bus); the flag is kept for the form.
    configBool(configuration, 'notifyDevice', false);
    return {
      async onMsg(msg: TbMsg): Promise<NodeOutput> {
        if (msg.type !== 'POST_ATTRIBUTES_REQUEST') throw new Error(`Unsupported msg type: ${msg.type}`);
        const entries = msgKv(msg) ?? parseKvObject(msgJson(msg));
        try {
          await services.attributeStore.save(
            { tenantId, entityType: msg.originator.entityType, id: msg.originator.id },
            scope,
            entries,
          );
        } catch (err) {
          throw storageFailure(err);
        }
        return { relation: 'Success', msg };
      },
    };
  },
};

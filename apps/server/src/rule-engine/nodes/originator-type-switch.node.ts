// filter.TbOriginatorTypeSwitchNode: routes by the originator's entity type.
import type { NodeOutput, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { TB } from './node-config.ts';

const RELATIONS: Readonly<Record<string, string>> = {
  DEVICE: 'Device',
  ASSET: 'Asset',
  ALARM: 'Alarm',
  ENTITY_VIEW: 'Entity View',
  TENANT: 'Tenant',
  CUSTOMER: 'Customer',
  USER: 'User',
  DASHBOARD: 'Dashboard',
  RULE_CHAIN: 'Rule chain',
  RULE_NODE: 'Rule node',
};

export const originatorTypeSwitchNode: RuleNodeDefinition = {
  clazz: `${TB}filter.TbOriginatorTypeSwitchNode`,
  type: 'FILTER',
  name: 'originator type switch',
  description: 'Route incoming messages by Message Originator Type',
  details: 'Routes messages to chain according to the originator type (Device, Asset, etc.).',
  inEnabled: true,
  outEnabled: true,
  relationTypes: Object.values(RELATIONS),
  customRelations: false,
  defaultConfiguration: { version: 0 },
  configurationFields: [],
  create() {
    return {
      onMsg(msg: TbMsg): NodeOutput {
        const relation = RELATIONS[msg.originator.entityType];
        if (!relation) throw new Error(`Unsupported originator type: ${msg.originator.entityType}`);
        return { relation, msg };
      },
    };
  },
};

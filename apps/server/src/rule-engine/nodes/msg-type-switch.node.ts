// filter.TbMsgTypeSwitchNode: routes by message type; unknown types go to 'Other'.
import type { NodeOutput, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { TB } from './node-config.ts';

export const MSG_TYPE_RELATIONS: Readonly<Record<string, string>> = {
  POST_ATTRIBUTES_REQUEST: 'Post attributes',
  POST_TELEMETRY_REQUEST: 'Post telemetry',
  TO_SERVER_RPC_REQUEST: 'RPC Request from Device',
  RPC_CALL_FROM_SERVER_TO_DEVICE: 'RPC Request to Device',
  ACTIVITY_EVENT: 'Activity Event',
  INACTIVITY_EVENT: 'Inactivity Event',
  CONNECT_EVENT: 'Connect Event',
  DISCONNECT_EVENT: 'Disconnect Event',
  ENTITY_CREATED: 'Entity Created',
  ENTITY_UPDATED: 'Entity Updated',
  ENTITY_DELETED: 'Entity Deleted',
  ENTITY_ASSIGNED: 'Entity Assigned',
  ENTITY_UNASSIGNED: 'Entity Unassigned',
  ATTRIBUTES_UPDATED: 'Attributes Updated',
  ATTRIBUTES_DELETED: 'Attributes Deleted',
  ALARM_ACK: 'Alarm Acknowledged',
  ALARM_CLEAR: 'Alarm Cleared',
  ENTITY_ASSIGNED_FROM_TENANT: 'Entity Assigned From Tenant',
  ENTITY_ASSIGNED_TO_TENANT: 'Entity Assigned To Tenant',
  TIMESERIES_UPDATED: 'Timeseries Updated',
  TIMESERIES_DELETED: 'Timeseries Deleted',
};
const BY_TYPE = new Map(Object.entries(MSG_TYPE_RELATIONS));

export const msgTypeSwitchNode: RuleNodeDefinition = {
  clazz: `${TB}filter.TbMsgTypeSwitchNode`,
  type: 'FILTER',
  name: 'message type switch',
  description: 'Route incoming messages by Message Type',
  details:
    'Sends messages with message types <b>"Post attributes", "Post telemetry", "RPC Request"</b> etc. via corresponding chain, otherwise <b>Other</b> chain is used.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: [...Object.values(MSG_TYPE_RELATIONS), 'Other'],
  customRelations: false,
  defaultConfiguration: { version: 0 },
  configurationFields: [],
  create() {
    return {
      onMsg(msg: TbMsg): NodeOutput {
        return { relation: BY_TYPE.get(msg.type) ?? 'Other', msg };
      },
    };
  },
};

// Node group: alarms, device profile, copy to view, assign/unassign, send email, REST API call, MQTT.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { clearAlarmNode, createAlarmNode } from './alarm-nodes.node.ts';
import { copyToViewNode } from './copy-to-view.node.ts';
import { assignToCustomerNode, unassignFromCustomerNode } from './customer-assignment.node.ts';
import { deviceProfileNode } from './device-profile.node.ts';
import { mqttNode } from './mqtt.node.ts';
import { restApiCallNode } from './rest-api-call.node.ts';
import { sendEmailNode } from './send-email.node.ts';

export const ACTION_NODES: readonly RuleNodeDefinition[] = [
  createAlarmNode,
  clearAlarmNode,
  deviceProfileNode,
  copyToViewNode,
  assignToCustomerNode,
  unassignFromCustomerNode,
  sendEmailNode,
  restApiCallNode,
  mqttNode,
];

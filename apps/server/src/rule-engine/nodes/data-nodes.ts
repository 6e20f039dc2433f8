// Node group: script filter/switch/transform, check relation, enrichment, change originator, to email, RPC, generator, delay.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { changeOriginatorNode } from './change-originator.node.ts';
import { checkRelationNode } from './check-relation.node.ts';
import { getAttributesNode } from './get-attributes.node.ts';
import { getCustomerAttributesNode } from './get-customer-attributes.node.ts';
import { getOriginatorFieldsNode } from './get-originator-fields.node.ts';
import { getRelatedAttributesNode } from './get-related-attributes.node.ts';
import { getTelemetryNode } from './get-telemetry.node.ts';
import { getTenantAttributesNode } from './get-tenant-attributes.node.ts';
import { jsFilterNode } from './js-filter.node.ts';
import { jsSwitchNode } from './js-switch.node.ts';
import { msgDelayNode } from './msg-delay.node.ts';
import { msgGeneratorNode } from './msg-generator.node.ts';
import { msgToEmailNode } from './msg-to-email.node.ts';
import { sendRpcReplyNode } from './send-rpc-reply.node.ts';
import { sendRpcRequestNode } from './send-rpc-request.node.ts';
import { transformMsgNode } from './transform-msg.node.ts';

export const DATA_NODES: readonly RuleNodeDefinition[] = [
  jsFilterNode,
  jsSwitchNode,
  checkRelationNode,
  getAttributesNode,
  getOriginatorFieldsNode,
  getTelemetryNode,
  getCustomerAttributesNode,
  getTenantAttributesNode,
  getRelatedAttributesNode,
  transformMsgNode,
  changeOriginatorNode,
  msgToEmailNode,
  sendRpcRequestNode,
  sendRpcReplyNode,
  msgGeneratorNode,
  msgDelayNode,
];

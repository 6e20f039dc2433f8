// Node group: message type filter/switch, originator type switch, check fields, save time series/attributes, log.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';
import { checkMessageNode } from './check-message.node.ts';
import { logNode } from './log.node.ts';
import { msgTypeFilterNode } from './msg-type-filter.node.ts';
import { msgTypeSwitchNode } from './msg-type-switch.node.ts';
import { originatorTypeSwitchNode } from './originator-type-switch.node.ts';
import { saveAttributesNode } from './save-attributes.node.ts';
import { saveTimeseriesNode } from './save-timeseries.node.ts';

export const CORE_NODES: readonly RuleNodeDefinition[] = [
  msgTypeFilterNode,
  msgTypeSwitchNode,
  originatorTypeSwitchNode,
  checkMessageNode,
  saveTimeseriesNode,
  saveAttributesNode,
  logNode,
];

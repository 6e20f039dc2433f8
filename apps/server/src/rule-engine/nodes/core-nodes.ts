// Node group: message type filter/switch, originator type switch, check fields, save time series/attributes, log.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';

export const CORE_NODES: readonly RuleNodeDefinition[] = [];

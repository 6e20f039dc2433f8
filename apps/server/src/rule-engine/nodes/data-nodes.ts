// Node group: script filter/switch/transform, check relation, enrichment, change originator, to email, RPC, generator, delay.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';

export const DATA_NODES: readonly RuleNodeDefinition[] = [];

// Every rule node type the engine knows, by class name. Each nodes-*.ts file lists one group.
import type { RuleNodeDefinition } from './rule-engine-types.ts';
import { CORE_NODES } from './nodes/core-nodes.ts';
import { DATA_NODES } from './nodes/data-nodes.ts';
import { ACTION_NODES } from './nodes/action-nodes.ts';

const ALL: readonly RuleNodeDefinition[] = [...CORE_NODES, ...DATA_NODES, ...ACTION_NODES];
const BY_CLASS = new Map(ALL.map((d) => [d.clazz, d]));

export function allNodeDefinitions(): readonly RuleNodeDefinition[] {
  return ALL;
}

export function findNodeDefinition(clazz: string): RuleNodeDefinition | undefined {
  return BY_CLASS.get(clazz);
}

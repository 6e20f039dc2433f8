// Rows of the rule-chain tables and their ThingsBoard 3.2 wire shapes (reference §2.1).
import type { RuleChain, RuleChainMetadata, RuleNode } from '@sapo/common';

export interface RuleChainRow {
  id: string;
  created_time: number;
  tenant_id: string;
  name: string;
  type: string;
  first_rule_node_id: string | null;
  root: boolean;
  debug_mode: boolean;
  configuration: unknown;
  additional_info: unknown;
}

export interface RuleNodeRow {
  id: string;
  created_time: number;
  rule_chain_id: string;
  node_index: number;
  type: string;
  name: string;
  debug_mode: boolean;
  configuration: Record<string, unknown> | null;
  additional_info: unknown;
}

export interface ConnectionRow {
  rule_chain_id: string;
  ord: number;
  from_node_id: string;
  to_node_id: string | null;
  to_chain_id: string | null;
  type: string;
  additional_info: unknown;
}

/** A chain's graph as the metadata call exchanges it, already validated; indexes point into `nodes`. */
export interface GraphInput {
  firstNodeIndex: number | null;
  nodes: {
    id?: string;
    type: string;
    name: string;
    debugMode: boolean;
    configuration: Record<string, unknown>;
    additionalInfo: unknown;
  }[];
  connections: { fromIndex: number; toIndex: number; type: string }[];
  ruleChainConnections: { fromIndex: number; targetRuleChainId: string; type: string; additionalInfo: unknown }[];
}

export const chainRef = (id: string) => ({ entityType: 'RULE_CHAIN' as const, id });
export const nodeRef = (id: string) => ({ entityType: 'RULE_NODE' as const, id });

export function toRuleChain(r: RuleChainRow): RuleChain {
  return {
    id: chainRef(r.id),
    createdTime: r.created_time,
    additionalInfo: r.additional_info ?? null,
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    name: r.name,
    type: r.type,
    firstRuleNodeId: r.first_rule_node_id ? nodeRef(r.first_rule_node_id) : null,
    root: r.root,
    debugMode: r.debug_mode,
    configuration: r.configuration ?? null,
  };
}
export type RuleChainDto = RuleChain;

export function toRuleNode(r: RuleNodeRow): RuleNode {
  return {
    id: nodeRef(r.id),
    createdTime: r.created_time,
    ruleChainId: chainRef(r.rule_chain_id),
    type: r.type,
    name: r.name,
    debugMode: r.debug_mode,
    configuration: r.configuration ?? {},
    additionalInfo: r.additional_info ?? null,
  };
}

/** RuleChainMetaData: connections by index into `nodes` (ordered by node_index). */
export function toMetadata(chain: RuleChainRow, nodes: RuleNodeRow[], conns: ConnectionRow[]): RuleChainMetadata {
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const first = chain.first_rule_node_id ? index.get(chain.first_rule_node_id) : undefined;
  const connections: { fromIndex: number; toIndex: number; type: string }[] = [];
  const ruleChainConnections: {
    fromIndex: number;
    targetRuleChainId: ReturnType<typeof chainRef>;
    additionalInfo: unknown;
    type: string;
  }[] = [];
  for (const c of conns) {
    const fromIndex = index.get(c.from_node_id);
    if (fromIndex === undefined) continue;
    if (c.to_node_id) {
      const toIndex = index.get(c.to_node_id);
      if (toIndex !== undefined) connections.push({ fromIndex, toIndex, type: c.type });
    } else if (c.to_chain_id) {
      ruleChainConnections.push({
        fromIndex,
        targetRuleChainId: chainRef(c.to_chain_id),
        additionalInfo: c.additional_info ?? null,
        type: c.type,
      });
    }
  }
  return {
    ruleChainId: chainRef(chain.id),
    firstNodeIndex: first ?? null,
    nodes: nodes.map(toRuleNode),
    connections,
    ruleChainConnections,
  };
}
export type RuleChainMetadataDto = RuleChainMetadata;

import type { ComponentDescriptor, RuleChainConnection, RuleChainMetaData, RuleNode } from '../rule-chain-types';
import { RULE_CHAIN_NODE_CLASS, unknownDetails, type NodeKind } from './node-kinds';

/** What a drawn node carries. Regular nodes keep the server's fields so a save round-trips them. */
export interface RuleNodeData extends Record<string, unknown> {
  kind: NodeKind;
  name: string;
  /** Class name; for an unknown node the class the server sent. */
  clazz: string;
  debugMode: boolean;
  configuration: Record<string, unknown>;
  description: string;
  /** Server id of a saved node (debug events, debugIn). */
  ruleNodeId?: string;
  /** Extra additionalInfo keys to keep on save. */
  extraInfo?: Record<string, unknown>;
  /** 'rule chain' nodes: the target chain. */
  targetRuleChainId?: string;
  targetName?: string;
  /** Unknown nodes: 'Unknown Rule Node class: {clazz}'. */
  details?: string;
}

export interface GraphNode {
  id: string;
  type: 'ruleNode';
  position: { x: number; y: number };
  data: RuleNodeData;
  deletable?: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  data: { types: string[] };
  deletable?: boolean;
}

export interface FlowGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export const INPUT_NODE_ID = 'input';
const INPUT_POSITION = { x: 50, y: 150 };

export const edgeId = (source: string, target: string) => `${source}->${target}`;

export function inputNode(position = INPUT_POSITION): GraphNode {
  return {
    id: INPUT_NODE_ID,
    type: 'ruleNode',
    position,
    deletable: false,
    data: { kind: 'INPUT', name: 'Input', clazz: 'Input', debugMode: false, configuration: {}, description: '' },
  };
}

export function makeEdge(source: string, target: string, types: string[]): GraphEdge {
  return {
    id: edgeId(source, target),
    source,
    target,
    label: types.join(' / '),
    data: { types },
  };
}

const nodeKey = (node: RuleNode, index: number) => node.id?.id ?? `node-${index}`;

function toNodeData(node: RuleNode, components: ReadonlyMap<string, ComponentDescriptor>): RuleNodeData {
  const extraInfo: Record<string, unknown> = { ...node.additionalInfo };
  const description = typeof extraInfo.description === 'string' ? extraInfo.description : '';
  // Position and description have their own fields; any other key is kept for the save.
  delete extraInfo.layoutX;
  delete extraInfo.layoutY;
  delete extraInfo.description;
  const component = components.get(node.type);
  return {
    kind: component ? component.type : 'UNKNOWN',
    name: node.name,
    clazz: node.type,
    debugMode: node.debugMode,
    configuration: node.configuration ?? {},
    description,
    ...(node.id ? { ruleNodeId: node.id.id } : {}),
    ...(Object.keys(extraInfo).length ? { extraInfo } : {}),
    ...(component ? {} : { details: unknownDetails(node.type) }),
  };
}

/** Adds `type` to the edge source→target (one drawn edge carries every relation type between two nodes). */
function addRelation(edges: Map<string, GraphEdge>, source: string, target: string, type: string) {
  const id = edgeId(source, target);
  const existing = edges.get(id);
  const types = existing ? [...existing.data.types, type] : [type];
  edges.set(id, makeEdge(source, target, types));
}

/**
 * Server metadata → drawn graph: the Input node, one node per rule node (unknown classes become
 * 'unknown' nodes), one 'rule chain' node per target of ruleChainConnections (named from the
 * resolved targets, else a stub showing the id), and merged edges.
 */
export function metadataToGraph(metadata: RuleChainMetaData, components: readonly ComponentDescriptor[]): FlowGraph {
  const byClass = new Map(components.map((component) => [component.clazz, component]));
  const nodes: GraphNode[] = [inputNode(inputPosition(metadata))];
  const edges = new Map<string, GraphEdge>();
  const keys = metadata.nodes.map(nodeKey);
  metadata.nodes.forEach((node, index) => {
    nodes.push({
      id: keys[index] ?? `node-${index}`,
      type: 'ruleNode',
      position: { x: node.additionalInfo?.layoutX ?? 300 + index * 40, y: node.additionalInfo?.layoutY ?? 150 },
      data: toNodeData(node, byClass),
    });
  });
  const first = metadata.firstNodeIndex;
  const firstKey = first === null || first === undefined ? undefined : keys[first];
  // The Input node's edge carries no relation type.
  if (firstKey) edges.set(edgeId(INPUT_NODE_ID, firstKey), makeEdge(INPUT_NODE_ID, firstKey, []));
  for (const connection of metadata.connections ?? []) {
    const source = keys[connection.fromIndex];
    const target = keys[connection.toIndex];
    if (source && target) addRelation(edges, source, target, connection.type);
  }
  const chainNodes = new Map<string, GraphNode>();
  (metadata.ruleChainConnections ?? []).forEach((connection, index) => {
    const source = keys[connection.fromIndex];
    if (!source) return;
    const id = chainNodeKey(connection, index);
    if (!chainNodes.has(id)) chainNodes.set(id, chainNode(id, connection, metadata));
    addRelation(edges, source, id, connection.type);
  });
  nodes.push(...chainNodes.values());
  return { nodes, edges: [...edges.values()] };
}

/** Input is not stored: it goes left of the leftmost node, level with the first node. */
function inputPosition(metadata: RuleChainMetaData): { x: number; y: number } {
  const xs = metadata.nodes.map((n) => n.additionalInfo?.layoutX).filter((x): x is number => typeof x === 'number');
  if (xs.length === 0) return INPUT_POSITION;
  const first = metadata.firstNodeIndex === null ? undefined : metadata.nodes[metadata.firstNodeIndex];
  return { x: Math.min(...xs) - 180, y: first?.additionalInfo?.layoutY ?? INPUT_POSITION.y };
}

function chainNodeKey(connection: RuleChainConnection, index: number): string {
  const stored = connection.additionalInfo?.ruleChainNodeId;
  return typeof stored === 'string' && stored ? stored : `chain-${connection.targetRuleChainId.id}-${index}`;
}

function chainNode(id: string, connection: RuleChainConnection, metadata: RuleChainMetaData): GraphNode {
  const targetId = connection.targetRuleChainId.id;
  const target = (metadata.targetRuleChainsMap ?? metadata.targetRuleChains)?.[targetId];
  return {
    id,
    type: 'ruleNode',
    position: { x: connection.additionalInfo?.layoutX ?? 700, y: connection.additionalInfo?.layoutY ?? 300 },
    data: {
      kind: 'RULE_CHAIN',
      name: target?.name ?? targetId,
      clazz: RULE_CHAIN_NODE_CLASS,
      debugMode: false,
      configuration: {},
      description: '',
      targetRuleChainId: targetId,
      targetName: target?.name ?? targetId,
    },
  };
}

const isRegular = (node: GraphNode) => node.data.kind !== 'INPUT' && node.data.kind !== 'RULE_CHAIN';

/** Drawn graph → server metadata (POST /api/ruleChain/metadata). Unknown nodes keep their class. */
export function graphToMetadata(graph: FlowGraph, ruleChainId?: string): RuleChainMetaData {
  const regular = graph.nodes.filter(isRegular);
  const index = new Map(regular.map((node, i) => [node.id, i]));
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const nodes: RuleNode[] = regular.map((node) => ({
    ...(node.data.ruleNodeId ? { id: { entityType: 'RULE_NODE' as const, id: node.data.ruleNodeId } } : {}),
    type: node.data.clazz,
    name: node.data.name,
    debugMode: node.data.debugMode,
    configuration: node.data.configuration,
    additionalInfo: {
      ...node.data.extraInfo,
      description: node.data.description,
      layoutX: Math.round(node.position.x),
      layoutY: Math.round(node.position.y),
    },
  }));
  let firstNodeIndex: number | null = null;
  const connections: RuleChainMetaData['connections'] = [];
  const ruleChainConnections: RuleChainConnection[] = [];
  for (const edge of graph.edges) {
    const target = byId.get(edge.target);
    if (!target) continue;
    if (edge.source === INPUT_NODE_ID) {
      firstNodeIndex = index.get(edge.target) ?? firstNodeIndex;
      continue;
    }
    const fromIndex = index.get(edge.source);
    if (fromIndex === undefined) continue;
    for (const type of edge.data.types) {
      if (target.data.kind === 'RULE_CHAIN' && target.data.targetRuleChainId) {
        ruleChainConnections.push({
          fromIndex,
          targetRuleChainId: { entityType: 'RULE_CHAIN', id: target.data.targetRuleChainId },
          additionalInfo: {
            layoutX: Math.round(target.position.x),
            layoutY: Math.round(target.position.y),
            ruleChainNodeId: target.id,
          },
          type,
        });
      } else {
        const toIndex = index.get(edge.target);
        if (toIndex !== undefined) connections.push({ fromIndex, toIndex, type });
      }
    }
  }
  return {
    ...(ruleChainId ? { ruleChainId: { entityType: 'RULE_CHAIN' as const, id: ruleChainId } } : {}),
    firstNodeIndex,
    nodes,
    connections,
    ruleChainConnections,
  };
}

/** Relation types a node offers when connecting (the descriptor's, or none for free text). */
export function relationTypesOf(
  clazz: string,
  components: readonly ComponentDescriptor[],
): {
  types: string[];
  custom: boolean;
} {
  const definition = components.find((c) => c.clazz === clazz)?.configurationDescriptor?.nodeDefinition;
  if (!definition) return { types: ['Success', 'Failure'], custom: true };
  return { types: definition.relationTypes, custom: definition.customRelations };
}

/** Whether a node can start / end a connection (descriptor's outEnabled / inEnabled). */
export function connectable(
  node: GraphNode,
  components: readonly ComponentDescriptor[],
): { in: boolean; out: boolean } {
  if (node.data.kind === 'INPUT') return { in: false, out: true };
  if (node.data.kind === 'RULE_CHAIN') return { in: true, out: false };
  const definition = components.find((c) => c.clazz === node.data.clazz)?.configurationDescriptor?.nodeDefinition;
  return { in: definition?.inEnabled ?? true, out: definition?.outEnabled ?? true };
}

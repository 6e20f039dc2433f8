import { INPUT_NODE_ID, makeEdge, edgeId, type FlowGraph, type GraphNode, type RuleNodeData } from './flow-graph';
import type { PaletteItem } from './palette';

/** Settings of a node just dropped from the palette: its default configuration, no name yet. */
export function newNodeData(item: PaletteItem): RuleNodeData {
  const defaults = item.descriptor?.configurationDescriptor?.nodeDefinition?.defaultConfiguration ?? {};
  return {
    kind: item.kind,
    name: '',
    clazz: item.clazz,
    debugMode: false,
    configuration: structuredClone(defaults),
    description: '',
  };
}

/** Adds a node; the first node of an empty chain is connected from Input. */
export function addNode(graph: FlowGraph, node: GraphNode): FlowGraph {
  const hasFirst = graph.edges.some((e) => e.source === INPUT_NODE_ID);
  const connectInput = !hasFirst && node.data.kind !== 'RULE_CHAIN';
  return {
    nodes: [...graph.nodes, node],
    edges: connectInput ? [...graph.edges, makeEdge(INPUT_NODE_ID, node.id, [])] : graph.edges,
  };
}

export function updateNodeData(graph: FlowGraph, id: string, data: RuleNodeData): FlowGraph {
  return { ...graph, nodes: graph.nodes.map((n) => (n.id === id ? { ...n, data } : n)) };
}

/** Sets the relation types of source→target; an empty list removes the link. */
export function setLink(graph: FlowGraph, source: string, target: string, types: readonly string[]): FlowGraph {
  const id = edgeId(source, target);
  const others = graph.edges.filter((e) => e.id !== id);
  if (types.length === 0) return { ...graph, edges: others };
  const index = graph.edges.findIndex((e) => e.id === id);
  const edge = makeEdge(source, target, [...new Set(types)]);
  const edges = index < 0 ? [...others, edge] : graph.edges.map((e) => (e.id === id ? edge : e));
  return { ...graph, edges };
}

/** Removes nodes (never Input) with their links, and the given links. */
export function removeFromGraph(graph: FlowGraph, nodeIds: readonly string[], edgeIds: readonly string[]): FlowGraph {
  const gone = new Set(nodeIds.filter((id) => id !== INPUT_NODE_ID));
  const goneEdges = new Set(edgeIds);
  return {
    nodes: graph.nodes.filter((n) => !gone.has(n.id)),
    edges: graph.edges.filter((e) => !goneEdges.has(e.id) && !gone.has(e.source) && !gone.has(e.target)),
  };
}

let counter = 0;
/** Id of a node not saved yet (the server gives it a real id on save). */
export const newNodeId = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}`;

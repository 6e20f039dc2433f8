import { describe, expect, it } from 'vitest';
import type { ComponentDescriptor, RuleChainMetaData } from '../rule-chain-types';
import { INPUT_NODE_ID, graphToMetadata, makeEdge, metadataToGraph } from './flow-graph';

const PKG = 'org.thingsboard.rule.engine.';
const component = (type: ComponentDescriptor['type'], clazz: string, name: string): ComponentDescriptor => ({
  type,
  clazz: PKG + clazz,
  name,
  configurationDescriptor: {
    nodeDefinition: {
      description: '',
      details: '',
      inEnabled: true,
      outEnabled: true,
      relationTypes: ['Success', 'Failure'],
      customRelations: false,
      defaultConfiguration: {},
    },
  },
});
const components = [
  component('FILTER', 'filter.TbMsgTypeSwitchNode', 'message type switch'),
  component('ACTION', 'telemetry.TbMsgTimeseriesNode', 'save timeseries'),
];

const rootChain = (): RuleChainMetaData => ({
  ruleChainId: { entityType: 'RULE_CHAIN', id: 'rc1' },
  firstNodeIndex: 0,
  nodes: [
    {
      id: { entityType: 'RULE_NODE', id: 'n-switch' },
      type: PKG + 'filter.TbMsgTypeSwitchNode',
      name: 'Message Type Switch',
      debugMode: false,
      configuration: { version: 0 },
      additionalInfo: { layoutX: 300, layoutY: 150 },
    },
    {
      id: { entityType: 'RULE_NODE', id: 'n-save' },
      type: PKG + 'telemetry.TbMsgTimeseriesNode',
      name: 'Save Timeseries',
      debugMode: true,
      configuration: { defaultTTL: 0 },
      additionalInfo: { layoutX: 600, layoutY: 100, description: 'keeps data' },
    },
    {
      id: { entityType: 'RULE_NODE', id: 'n-gone' },
      type: 'com.acme.Missing',
      name: 'Legacy',
      debugMode: false,
      configuration: { a: 1 },
      additionalInfo: { layoutX: 600, layoutY: 300 },
    },
  ],
  connections: [
    { fromIndex: 0, toIndex: 1, type: 'Post telemetry' },
    { fromIndex: 0, toIndex: 1, type: 'Post attributes' },
    { fromIndex: 0, toIndex: 2, type: 'Other' },
  ],
  ruleChainConnections: [
    {
      fromIndex: 0,
      targetRuleChainId: { entityType: 'RULE_CHAIN', id: 'rc-known' },
      additionalInfo: { layoutX: 900, layoutY: 50 },
      type: 'RPC Request from Device',
    },
    {
      fromIndex: 1,
      targetRuleChainId: { entityType: 'RULE_CHAIN', id: 'rc-missing' },
      additionalInfo: null,
      type: 'Success',
    },
  ],
  targetRuleChainsMap: {
    'rc-known': { name: 'Thermostats' },
    'rc-missing': { id: { entityType: 'RULE_CHAIN', id: 'rc-missing' } },
  },
});

describe('metadataToGraph', () => {
  const graph = metadataToGraph(rootChain(), components);

  it('draws the Input node connected to the first node', () => {
    expect(graph.nodes[0]?.id).toBe(INPUT_NODE_ID);
    expect(graph.edges.find((e) => e.source === INPUT_NODE_ID)?.target).toBe('n-switch');
  });

  it('merges relation types between the same two nodes into one labelled edge', () => {
    const edge = graph.edges.find((e) => e.source === 'n-switch' && e.target === 'n-save');
    expect(edge?.data.types).toEqual(['Post telemetry', 'Post attributes']);
    expect(edge?.label).toBe('Post telemetry / Post attributes');
  });

  it('colours nodes by their component type and keeps position and description', () => {
    const save = graph.nodes.find((n) => n.id === 'n-save');
    expect(save?.data.kind).toBe('ACTION');
    expect(save?.position).toEqual({ x: 600, y: 100 });
    expect(save?.data.description).toBe('keeps data');
    expect(save?.data.debugMode).toBe(true);
  });

  it("shows an unknown class as an 'unknown' node with ThingsBoard's details", () => {
    const legacy = graph.nodes.find((n) => n.id === 'n-gone');
    expect(legacy?.data.kind).toBe('UNKNOWN');
    expect(legacy?.data.details).toBe('Unknown Rule Node class: com.acme.Missing');
  });

  it('names a target chain from the resolved map, else shows a stub with its id', () => {
    const chains = graph.nodes.filter((n) => n.data.kind === 'RULE_CHAIN');
    expect(chains.map((n) => n.data.targetName)).toEqual(['Thermostats', 'rc-missing']);
  });
});

describe('graphToMetadata', () => {
  it('round-trips the server metadata (connections, chain links, first node, unknown class)', () => {
    const original = rootChain();
    const back = graphToMetadata(metadataToGraph(original, components), 'rc1');
    expect(back.firstNodeIndex).toBe(0);
    expect(back.nodes.map((n) => n.type)).toEqual(original.nodes.map((n) => n.type));
    expect(back.nodes[2]?.configuration).toEqual({ a: 1 });
    expect(back.nodes[1]?.id?.id).toBe('n-save');
    expect(back.connections).toEqual(original.connections);
    expect(back.ruleChainConnections?.map((c) => [c.fromIndex, c.targetRuleChainId.id, c.type])).toEqual([
      [0, 'rc-known', 'RPC Request from Device'],
      [1, 'rc-missing', 'Success'],
    ]);
    expect(back.nodes[1]?.additionalInfo).toMatchObject({ layoutX: 600, layoutY: 100, description: 'keeps data' });
  });

  it('re-indexes after a node is deleted and drops its connections', () => {
    const graph = metadataToGraph(rootChain(), components);
    const pruned = {
      nodes: graph.nodes.filter((n) => n.id !== 'n-save'),
      edges: graph.edges.filter((e) => e.source !== 'n-save' && e.target !== 'n-save'),
    };
    const back = graphToMetadata(pruned);
    expect(back.nodes.map((n) => n.name)).toEqual(['Message Type Switch', 'Legacy']);
    expect(back.connections).toEqual([{ fromIndex: 0, toIndex: 1, type: 'Other' }]);
    expect(back.ruleChainConnections).toHaveLength(1);
  });

  it('takes the first node from the Input edge; without it there is none', () => {
    const graph = metadataToGraph(rootChain(), components);
    const rewired = {
      ...graph,
      edges: [...graph.edges.filter((e) => e.source !== INPUT_NODE_ID), makeEdge(INPUT_NODE_ID, 'n-save', [])],
    };
    expect(graphToMetadata(rewired).firstNodeIndex).toBe(1);
    expect(
      graphToMetadata({ ...graph, edges: graph.edges.filter((e) => e.source !== INPUT_NODE_ID) }).firstNodeIndex,
    ).toBeNull();
  });
});

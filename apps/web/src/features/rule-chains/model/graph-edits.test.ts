import { describe, expect, it } from 'vitest';
import { INPUT_NODE_ID, inputNode, type FlowGraph, type GraphNode } from './flow-graph';
import { addNode, newNodeData, removeFromGraph, setLink } from './graph-edits';
import { RULE_CHAIN_ITEM } from './palette';

const node = (id: string, kind: GraphNode['data']['kind'] = 'FILTER'): GraphNode => ({
  id,
  type: 'ruleNode',
  position: { x: 0, y: 0 },
  data: { kind, name: id, clazz: `c.${id}`, debugMode: false, configuration: {}, description: '' },
});
const empty = (): FlowGraph => ({ nodes: [inputNode()], edges: [] });

describe('graph edits', () => {
  it('connects the first node of an empty chain from Input, later ones not', () => {
    let g = addNode(empty(), node('a'));
    g = addNode(g, node('b'));
    expect(g.edges.map((e) => [e.source, e.target])).toEqual([[INPUT_NODE_ID, 'a']]);
  });

  it('adds, relabels and removes a link', () => {
    let g = addNode(addNode(empty(), node('a')), node('b'));
    g = setLink(g, 'a', 'b', ['True']);
    g = setLink(g, 'a', 'b', ['True', 'False', 'True']);
    expect(g.edges.find((e) => e.source === 'a')?.label).toBe('True / False');
    g = setLink(g, 'a', 'b', []);
    expect(g.edges.some((e) => e.source === 'a')).toBe(false);
  });

  it('removing a node removes its links and never the Input node', () => {
    let g = addNode(addNode(empty(), node('a')), node('b'));
    g = setLink(g, 'a', 'b', ['Success']);
    g = removeFromGraph(g, ['a', INPUT_NODE_ID], []);
    expect(g.nodes.map((n) => n.id)).toEqual([INPUT_NODE_ID, 'b']);
    expect(g.edges).toEqual([]);
  });

  it('a new node starts from a copy of the default configuration', () => {
    const defaults = { jsScript: 'return true;', list: [1] };
    const item = {
      ...RULE_CHAIN_ITEM,
      kind: 'FILTER' as const,
      descriptor: {
        type: 'FILTER' as const,
        name: 'script',
        clazz: 'x',
        configurationDescriptor: {
          nodeDefinition: {
            description: '',
            details: '',
            inEnabled: true,
            outEnabled: true,
            relationTypes: [],
            customRelations: false,
            defaultConfiguration: defaults,
          },
        },
      },
    };
    const data = newNodeData(item);
    expect(data.configuration).toEqual(defaults);
    expect(data.configuration).not.toBe(defaults);
    expect(data.name).toBe('');
  });
});

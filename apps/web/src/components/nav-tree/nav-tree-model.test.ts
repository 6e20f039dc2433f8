import { describe, expect, it } from 'vitest';
import { filterTree, treeKey, visibleRows, type TreeNode } from './nav-tree-model';

const tree: TreeNode[] = [
  {
    id: 'a',
    label: 'Building A',
    children: [
      { id: 'a1', label: 'Floor 1', children: [{ id: 'a1x', label: 'Sensor X' }] },
      { id: 'a2', label: 'Floor 2' },
    ],
  },
  { id: 'b', label: 'Building B', hasChildren: true },
];

describe('visibleRows', () => {
  it('shows children of expanded nodes only', () => {
    const ids = (expanded: string[]) => visibleRows(tree, new Set(expanded)).map((r) => r.node.id);
    expect(ids([])).toEqual(['a', 'b']);
    expect(ids(['a'])).toEqual(['a', 'a1', 'a2', 'b']);
    expect(ids(['a', 'a1'])).toEqual(['a', 'a1', 'a1x', 'a2', 'b']);
    // a collapsed parent hides its expanded descendants
    expect(ids(['a1'])).toEqual(['a', 'b']);
  });

  it('marks lazy nodes expandable and uses their loaded children', () => {
    const loaded = new Map([['b', [{ id: 'b1', label: 'Lobby' }]]]);
    const rows = visibleRows(tree, new Set(['b']), loaded);
    expect(rows.map((r) => [r.node.id, r.depth])).toEqual([
      ['a', 0],
      ['b', 0],
      ['b1', 1],
    ]);
    expect(rows[1]?.expandable).toBe(true);
    expect(rows[2]?.expandable).toBe(false);
  });
});

describe('filterTree', () => {
  it('keeps matches with their ancestors and expands the way to them', () => {
    const { nodes, expand } = filterTree(tree, 'sensor');
    expect(visibleRows(nodes, expand).map((r) => r.node.id)).toEqual(['a', 'a1', 'a1x']);
  });

  it('returns the tree unchanged for empty text', () => {
    expect(filterTree(tree, ' ').nodes).toEqual(tree);
  });
});

describe('treeKey', () => {
  const rows = visibleRows(tree, new Set(['a']));

  it('moves, expands and collapses like an ARIA tree', () => {
    expect(treeKey(rows, 0, 'ArrowDown')).toEqual({ kind: 'focus', index: 1 });
    expect(treeKey(rows, 0, 'ArrowRight')).toEqual({ kind: 'focus', index: 1 });
    expect(treeKey(rows, 1, 'ArrowRight')).toEqual({ kind: 'expand', id: 'a1' });
    expect(treeKey(rows, 0, 'ArrowLeft')).toEqual({ kind: 'collapse', id: 'a' });
    expect(treeKey(rows, 2, 'ArrowLeft')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKey(rows, 3, 'Enter')).toEqual({ kind: 'select', index: 3 });
    expect(treeKey(rows, 3, 'ArrowDown')).toBeNull();
  });
});

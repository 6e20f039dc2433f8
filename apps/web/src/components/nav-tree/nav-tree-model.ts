/** A node of the navigation tree; `children` undefined + hasChildren means "load on expand". */
export interface TreeNode<D = unknown> {
  id: string;
  label: string;
  children?: readonly TreeNode<D>[];
  /** True when children exist but are loaded on demand. */
  hasChildren?: boolean;
  disabled?: boolean;
  data?: D;
}

export interface TreeRow<D = unknown> {
  node: TreeNode<D>;
  depth: number;
  parentId: string | null;
  expandable: boolean;
  expanded: boolean;
}

/** Children of a node: given inline, or loaded (by id) into `loaded`. */
export function childrenOf<D>(node: TreeNode<D>, loaded: ReadonlyMap<string, readonly TreeNode<D>[]>) {
  return node.children ?? loaded.get(node.id);
}

export const isExpandable = (node: TreeNode, loaded: ReadonlyMap<string, readonly TreeNode[]>) =>
  Boolean(node.hasChildren) || (childrenOf(node, loaded)?.length ?? 0) > 0;

/** The rows a user sees, top to bottom: nodes of expanded parents only. */
export function visibleRows<D>(
  nodes: readonly TreeNode<D>[],
  expanded: ReadonlySet<string>,
  loaded: ReadonlyMap<string, readonly TreeNode<D>[]> = new Map(),
): TreeRow<D>[] {
  const rows: TreeRow<D>[] = [];
  const walk = (list: readonly TreeNode<D>[], depth: number, parentId: string | null) => {
    for (const node of list) {
      const expandable = isExpandable(node, loaded);
      const open = expandable && expanded.has(node.id);
      rows.push({ node, depth, parentId, expandable, expanded: open });
      const kids = childrenOf(node, loaded);
      if (open && kids) walk(kids, depth + 1, node.id);
    }
  };
  walk(nodes, 0, null);
  return rows;
}

/**
 * The tree cut down to nodes whose label contains the text (case-insensitive), with their
 * ancestors; the ids to expand so every match shows. Only children already known are searched.
 */
export function filterTree<D>(
  nodes: readonly TreeNode<D>[],
  text: string,
  loaded: ReadonlyMap<string, readonly TreeNode<D>[]> = new Map(),
): { nodes: TreeNode<D>[]; expand: Set<string> } {
  const query = text.trim().toLowerCase();
  const expand = new Set<string>();
  if (!query) return { nodes: [...nodes], expand };
  const walk = (list: readonly TreeNode<D>[]): TreeNode<D>[] => {
    const out: TreeNode<D>[] = [];
    for (const node of list) {
      const kids = walk(childrenOf(node, loaded) ?? []);
      const hit = node.label.toLowerCase().includes(query);
      if (kids.length > 0) {
        expand.add(node.id);
        out.push({ ...node, children: kids });
      } else if (hit) out.push({ ...node, children: [], hasChildren: false });
    }
    return out;
  };
  return { nodes: walk(nodes), expand };
}

export type TreeKeyResult =
  | { kind: 'focus'; index: number }
  | { kind: 'expand'; id: string }
  | { kind: 'collapse'; id: string }
  | { kind: 'select'; index: number }
  | null;

/** What a key does on the focused row (WAI-ARIA tree pattern). */
export function treeKey(rows: readonly TreeRow[], index: number, key: string): TreeKeyResult {
  const row = rows[index];
  if (!row) return null;
  switch (key) {
    case 'ArrowDown':
      return index < rows.length - 1 ? { kind: 'focus', index: index + 1 } : null;
    case 'ArrowUp':
      return index > 0 ? { kind: 'focus', index: index - 1 } : null;
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (row.expandable && !row.expanded) return { kind: 'expand', id: row.node.id };
      return row.expanded && rows[index + 1]?.parentId === row.node.id ? { kind: 'focus', index: index + 1 } : null;
    case 'ArrowLeft': {
      if (row.expanded) return { kind: 'collapse', id: row.node.id };
      const parent = rows.findIndex((r) => r.node.id === row.parentId);
      return parent >= 0 ? { kind: 'focus', index: parent } : null;
    }
    case 'Enter':
    case ' ':
      return row.node.disabled ? null : { kind: 'select', index };
    default:
      return null;
  }
}

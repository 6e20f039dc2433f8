import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree, treeKey, visibleRows, type TreeNode } from './nav-tree-model';

export interface NavTreeProps<D> {
  nodes: readonly TreeNode<D>[];
  /** Loads the children of a node marked hasChildren, on its first expansion. */
  loadChildren?: (node: TreeNode<D>) => Promise<TreeNode<D>[]>;
  selectedId?: string | null;
  onSelect?: (node: TreeNode<D>) => void;
  /** Double click (or Enter on a selected node): open the node. */
  onOpen?: (node: TreeNode<D>) => void;
  /** The icon of a node (folder, device…). */
  renderIcon?: (node: TreeNode<D>, expanded: boolean) => ReactNode;
  /** Filters by label (case-insensitive), showing the ancestors of matches. */
  search?: string;
  /** Ids expanded at first. */
  defaultExpanded?: readonly string[];
  label: string;
}

/** A navigation tree: expandable nodes with icons, selection, children loaded on demand, keyboard. */
export function NavTree<D>(props: NavTreeProps<D>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(props.defaultExpanded));
  const [loaded, setLoaded] = useState<ReadonlyMap<string, readonly TreeNode<D>[]>>(new Map());
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const [focusIndex, setFocusIndex] = useState(0);
  const rowRefs = useRef<(HTMLDivElement | null)[]>([]);

  const filtered = useMemo(
    () => filterTree(props.nodes, props.search ?? '', loaded),
    [props.nodes, props.search, loaded],
  );
  const open = useMemo(() => new Set([...expanded, ...filtered.expand]), [expanded, filtered.expand]);
  const rows = useMemo(() => visibleRows(filtered.nodes, open, loaded), [filtered.nodes, open, loaded]);

  const expand = (node: TreeNode<D>) => {
    setExpanded((prev) => new Set(prev).add(node.id));
    if (node.children || loaded.has(node.id) || !props.loadChildren || loading.has(node.id)) return;
    setLoading((prev) => new Set(prev).add(node.id));
    props
      .loadChildren(node)
      .then(
        (children) => setLoaded((prev) => new Map(prev).set(node.id, children)),
        () => setLoaded((prev) => new Map(prev).set(node.id, [])),
      )
      .finally(() =>
        setLoading((prev) => {
          const next = new Set(prev);
          next.delete(node.id);
          return next;
        }),
      );
  };
  const collapse = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      next.delete(id);
      return next;
    });
  const focusRow = (index: number) => {
    setFocusIndex(index);
    rowRefs.current[index]?.focus();
  };

  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {props.search ? t('nav-tree.no-matching', { search: props.search }) : t('nav-tree.empty')}
      </Typography>
    );

  const current = Math.min(focusIndex, rows.length - 1);
  return (
    <Box role="tree" aria-label={props.label} sx={{ py: 0.5 }}>
      {rows.map((row, index) => {
        const { node } = row;
        const selected = node.id === props.selectedId;
        const busy = loading.has(node.id);
        return (
          <Box
            key={node.id}
            ref={(el: HTMLDivElement | null) => {
              rowRefs.current[index] = el;
            }}
            role="treeitem"
            aria-level={row.depth + 1}
            aria-expanded={row.expandable ? row.expanded : undefined}
            aria-selected={selected}
            aria-disabled={node.disabled}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setFocusIndex(index)}
            onClick={() => {
              setFocusIndex(index);
              if (!node.disabled) props.onSelect?.(node);
            }}
            onDoubleClick={() => !node.disabled && props.onOpen?.(node)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && selected && props.onOpen) {
                event.preventDefault();
                return props.onOpen(node);
              }
              const action = treeKey(rows, index, event.key);
              if (!action) return;
              event.preventDefault();
              if (action.kind === 'focus') focusRow(action.index);
              else if (action.kind === 'expand') expand(node);
              else if (action.kind === 'collapse') collapse(action.id);
              else props.onSelect?.(node);
            }}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              minHeight: 36,
              pl: 1 + row.depth * 2.5,
              pr: 1,
              cursor: node.disabled ? 'default' : 'pointer',
              color: node.disabled ? 'text.disabled' : 'text.primary',
              bgcolor: selected ? 'action.selected' : 'transparent',
              borderRadius: 1,
              '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <Box
              component="span"
              aria-hidden
              onClick={(event) => {
                if (!row.expandable) return;
                event.stopPropagation();
                if (row.expanded) collapse(node.id);
                else expand(node);
              }}
              sx={{
                width: 24,
                height: 24,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                flexShrink: 0,
              }}
            >
              {busy ? (
                <CircularProgress size={14} />
              ) : row.expandable ? (
                row.expanded ? (
                  <ExpandMore fontSize="small" />
                ) : (
                  <ChevronRight fontSize="small" />
                )
              ) : null}
            </Box>
            {props.renderIcon && (
              <Box component="span" sx={{ display: 'flex', color: 'action.active', flexShrink: 0 }}>
                {props.renderIcon(node, row.expanded)}
              </Box>
            )}
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
              {node.label}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

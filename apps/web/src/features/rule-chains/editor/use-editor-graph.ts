import { applyNodeChanges, type NodeChange } from '@xyflow/react';
import { useCallback, useRef, useState } from 'react';
import type { FlowGraph, GraphNode } from '../model/flow-graph';
import { canRedo, canUndo, record, redo, startHistory, undo, type History } from '../model/history';

/**
 * The editor's graph with undo/redo. Every user edit is one history step; a node drag is one step
 * (recorded when it ends), and measuring or selecting nodes records nothing. `baseline` is the saved
 * graph: the chain is unchanged while the present graph is that very object.
 */
export function useEditorGraph(initial: FlowGraph) {
  const [history, setHistory] = useState<History<FlowGraph>>(() => startHistory(initial));
  const [baseline, setBaseline] = useState<FlowGraph>(initial);
  const dragStart = useRef<FlowGraph | null>(null);

  const commit = useCallback((update: (graph: FlowGraph) => FlowGraph) => {
    setHistory((h) => record(h, update(h.present)));
  }, []);

  /** xyflow's node changes: positions and sizes only (selection and removal are handled elsewhere). */
  const onNodesChange = useCallback((changes: NodeChange<GraphNode>[]) => {
    const kept = changes.filter((c) => c.type === 'position' || c.type === 'dimensions');
    if (kept.length === 0) return;
    setHistory((h) => {
      const dragging = kept.some((c) => c.type === 'position');
      if (dragging && !dragStart.current) dragStart.current = h.present;
      const nodes = applyNodeChanges(kept, h.present.nodes) as GraphNode[];
      return { ...h, present: { ...h.present, nodes } };
    });
  }, []);

  /** Ends a drag: the whole move becomes one undo step. */
  const onDragStop = useCallback(() => {
    const start = dragStart.current;
    dragStart.current = null;
    if (!start) return;
    setHistory((h) => ({ past: [...h.past, start].slice(-100), present: h.present, future: [] }));
  }, []);

  const reset = useCallback((graph: FlowGraph) => {
    setHistory(startHistory(graph));
    setBaseline(graph);
  }, []);

  return {
    graph: history.present,
    commit,
    onNodesChange,
    onDragStop,
    undo: useCallback(() => setHistory((h) => keepMeasured(undo(h), h.present)), []),
    redo: useCallback(() => setHistory((h) => keepMeasured(redo(h), h.present)), []),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    dirty: !sameGraph(history.present, baseline),
    /** Back to the saved graph (discard changes); undo can bring the edits back. */
    discard: useCallback(() => setHistory((h) => keepMeasured(record(h, baseline), h.present)), [baseline]),
    reset,
  };
}

/** Measuring nodes copies them without changing anything a save would send. */
function sameGraph(a: FlowGraph, b: FlowGraph): boolean {
  if (a === b) return true;
  if (a.edges !== b.edges || a.nodes.length !== b.nodes.length) return false;
  return a.nodes.every((node, i) => {
    const other = b.nodes[i];
    return (
      other !== undefined &&
      node.id === other.id &&
      node.data === other.data &&
      node.position.x === other.position.x &&
      node.position.y === other.position.y
    );
  });
}

/**
 * xyflow hides a node until it knows its size; an older snapshot may predate the measurement, so the
 * restored nodes take the sizes measured on screen.
 */
function keepMeasured(history: History<FlowGraph>, shown: FlowGraph): History<FlowGraph> {
  if (history.present === shown) return history;
  const sizes = new Map(shown.nodes.map((node) => [node.id, (node as GraphNode & { measured?: unknown }).measured]));
  const nodes = history.present.nodes.map((node) => {
    const measured = sizes.get(node.id);
    return measured && !(node as GraphNode & { measured?: unknown }).measured ? { ...node, measured } : node;
  });
  return { ...history, present: { ...history.present, nodes } };
}

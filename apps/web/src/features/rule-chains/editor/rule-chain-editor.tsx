import '@xyflow/react/dist/style.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type NodeTypes,
} from '@xyflow/react';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  INPUT_NODE_ID,
  connectable,
  type FlowGraph,
  type GraphEdge,
  type GraphNode,
  type RuleNodeData,
} from '../model/flow-graph';
import { NODE_COLORS } from '../model/node-kinds';
import type { PaletteItem } from '../model/palette';
import type { ComponentDescriptor } from '../rule-chain-types';
import { DebugEventsPanel } from './debug-events-panel';
import { EditorContext } from './editor-context';
import { EditorDialogs, type EditorDialog } from './editor-dialogs';
import { EditorToolbar } from './editor-toolbar';
import { useEditorKeys } from './use-editor-keys';
import { useEditorGraph } from './use-editor-graph';
import { PALETTE_MIME, RuleNodePalette } from './rule-node-palette';
import { RuleNodeView } from './rule-node-view';
import { usePaletteItem, removeFromGraph, newNodeData } from './editor-edits';

const NODE_TYPES: NodeTypes = { ruleNode: RuleNodeView };

export interface RuleChainEditorProps {
  /** Undefined for an imported chain not saved yet. */
  ruleChainId: string | undefined;
  title: string;
  subtitle?: string | undefined;
  components: readonly ComponentDescriptor[];
  initialGraph: FlowGraph;
  tenantId: string | undefined;
  /** Saves the graph; resolves the graph to show afterwards (new node ids), or null when it failed. */
  onSave: (graph: FlowGraph) => Promise<FlowGraph | null>;
  /** An imported chain starts with unsaved changes. */
  startDirty?: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}

export function RuleChainEditor(props: RuleChainEditorProps) {
  return (
    <ReactFlowProvider>
      <EditorCanvas {...props} />
    </ReactFlowProvider>
  );
}

function EditorCanvas(props: RuleChainEditorProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const phone = useMediaQuery((th: Theme) => th.breakpoints.down('md'));
  const flow = useReactFlow();
  const editor = useEditorGraph(props.initialGraph);
  const { graph, commit } = editor;
  const [selection, setSelection] = useState<{ node?: string; edge?: string }>({});
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [eventsFor, setEventsFor] = useState<string | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [hintClosed, setHintClosed] = useState(false);
  const [saving, setSaving] = useState(false);
  const paletteItem = usePaletteItem(props.components);
  const context = useMemo(
    () => ({ components: props.components, byClass: new Map(props.components.map((c) => [c.clazz, c])) }),
    [props.components],
  );
  const dirty = editor.dirty || Boolean(props.startDirty);
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph.nodes]);
  const selectedNode = selection.node ? byId.get(selection.node) : undefined;
  const eventsNode = eventsFor ? graph.nodes.find((n) => n.data.ruleNodeId === eventsFor) : undefined;

  const nodes = useMemo(
    () => graph.nodes.map((n) => ({ ...n, selected: n.id === selection.node })),
    [graph.nodes, selection.node],
  );
  const edges: Edge[] = useMemo(
    () =>
      graph.edges.map((e) => ({
        ...e,
        selected: e.id === selection.edge,
        markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
        style: { strokeWidth: e.id === selection.edge ? 3 : 2 },
        labelStyle: { fontSize: 12, fontWeight: 500, fill: theme.palette.text.primary },
        labelBgStyle: { fill: theme.palette.background.paper },
        labelBgPadding: [6, 3] as [number, number],
        labelBgBorderRadius: 4,
      })),
    [graph.edges, selection.edge, theme],
  );

  const openAdd = (item: PaletteItem, position: { x: number; y: number }) =>
    setDialog({ kind: 'settings', mode: 'add', data: newNodeData(item), position });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const item = paletteItem(event.dataTransfer.getData(PALETTE_MIME));
    if (item) openAdd(item, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const onConnect = ({ source, target }: Connection) => {
    if (!source || !target || source === target) return;
    if (source === INPUT_NODE_ID) {
      commit((g) => ({ ...g, edges: [...g.edges.filter((e) => e.source !== INPUT_NODE_ID), inputEdge(target)] }));
      return;
    }
    const existing = graph.edges.find((e) => e.source === source && e.target === target);
    setDialog({ kind: 'link', source, target, initial: existing?.data.types ?? [], existing: Boolean(existing) });
  };

  const isValidConnection = (c: Connection | Edge) => {
    const from = byId.get(c.source);
    const to = byId.get(c.target);
    if (!from || !to || c.source === c.target) return false;
    return connectable(from, props.components).out && connectable(to, props.components).in;
  };

  const remove = (nodeIds: readonly string[], edgeIds: readonly string[]) => {
    const ids = nodeIds.filter((id) => id !== INPUT_NODE_ID);
    if (ids.length === 0 && edgeIds.length === 0) return;
    commit((g) => removeFromGraph(g, ids, edgeIds));
    setSelection({});
    if (eventsNode && ids.includes(eventsNode.id)) setEventsFor(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await props.onSave(graph);
      if (saved) editor.reset(saved);
    } finally {
      setSaving(false);
    }
  };

  useEditorKeys({ enabled: dialog === null, undo: editor.undo, redo: editor.redo });

  const palette = (
    <RuleNodePalette
      components={props.components}
      tapToAdd={phone}
      onPick={(item) => {
        setPaletteOpen(false);
        openAdd(item, flow.screenToFlowPosition({ x: window.innerWidth / 2, y: window.innerHeight / 2 }));
      }}
    />
  );

  return (
    <EditorContext value={context}>
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          height: { xs: 'calc(100dvh - 120px)', sm: 'calc(100dvh - 150px)' },
          minHeight: 460,
          overflow: 'hidden',
        }}
      >
        <EditorToolbar
          title={props.title}
          subtitle={props.subtitle}
          onBack={() => void navigate('/ruleChains')}
          onTogglePalette={phone ? () => setPaletteOpen(true) : undefined}
          canUndo={editor.canUndo}
          canRedo={editor.canRedo}
          onUndo={editor.undo}
          onRedo={editor.redo}
          canDelete={Boolean((selectedNode && selectedNode.id !== INPUT_NODE_ID) || selection.edge)}
          onDelete={() => remove(selection.node ? [selection.node] : [], selection.edge ? [selection.edge] : [])}
          canShowEvents={Boolean(selectedNode?.data.ruleNodeId) || eventsFor !== null}
          eventsOpen={eventsFor !== null}
          onToggleEvents={() => setEventsFor(eventsFor ? null : (selectedNode?.data.ruleNodeId ?? null))}
          onFit={() => void flow.fitView({ padding: 0.15 })}
          dirty={dirty}
          saving={saving}
          onDiscard={editor.discard}
          onSave={() => void save()}
        />
        {phone && !hintClosed && (
          <Alert severity="info" onClose={() => setHintClosed(true)} sx={{ borderRadius: 0 }}>
            {t('rulechain.larger-screen-hint')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
          {phone ? (
            <Drawer
              open={paletteOpen}
              onClose={() => setPaletteOpen(false)}
              slotProps={{ paper: { sx: { width: 280 } } }}
            >
              {palette}
            </Drawer>
          ) : (
            <Box sx={{ width: 250, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>{palette}</Box>
          )}
          <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
            <Box
              sx={{ flexGrow: 1, minHeight: 0 }}
              onDrop={onDrop}
              onDragOver={(e) => {
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              }}
              data-testid="rule-chain-canvas"
            >
              <ReactFlow
                nodes={nodes}
                edges={edges}
                nodeTypes={NODE_TYPES}
                colorMode={theme.palette.mode}
                onNodesChange={editor.onNodesChange}
                onNodeDragStop={editor.onDragStop}
                onConnect={onConnect}
                isValidConnection={isValidConnection}
                onNodeClick={(_e, node) => setSelection({ node: node.id })}
                onNodeDoubleClick={(_e, node) => {
                  if (node.id !== INPUT_NODE_ID)
                    setDialog({ kind: 'settings', mode: 'edit', data: (node as GraphNode).data, nodeId: node.id });
                }}
                onEdgeClick={(_e, edge) => {
                  setSelection({ edge: edge.id });
                  const e = edge as unknown as GraphEdge;
                  if (e.source !== INPUT_NODE_ID)
                    setDialog({
                      kind: 'link',
                      source: e.source,
                      target: e.target,
                      initial: e.data.types,
                      existing: true,
                    });
                }}
                onPaneClick={() => setSelection({})}
                onDelete={({ nodes: n, edges: e }) =>
                  remove(
                    n.map((x) => x.id),
                    e.map((x) => x.id),
                  )
                }
                deleteKeyCode={['Delete', 'Backspace']}
                fitView
                fitViewOptions={{ padding: 0.15, maxZoom: 1.1 }}
                minZoom={0.2}
                proOptions={{ hideAttribution: true }}
              >
                <Background gap={20} />
                <Controls showInteractive={false} />
                {!phone && (
                  <MiniMap
                    pannable
                    zoomable
                    style={{ width: 150, height: 100 }}
                    nodeColor={(n) => NODE_COLORS[(n.data as RuleNodeData).kind]}
                  />
                )}
              </ReactFlow>
            </Box>
            {eventsFor && (
              <Box sx={{ height: { xs: '55%', md: '42%' }, borderTop: 1, borderColor: 'divider', flexShrink: 0 }}>
                <DebugEventsPanel
                  key={eventsFor}
                  nodeId={eventsFor}
                  nodeName={eventsNode?.data.name ?? ''}
                  tenantId={props.tenantId}
                  onClose={() => setEventsFor(null)}
                />
              </Box>
            )}
          </Box>
        </Box>
      </Paper>
      <EditorDialogs
        dialog={dialog}
        setDialog={setDialog}
        graph={graph}
        commit={commit}
        components={props.components}
        ruleChainId={props.ruleChainId}
        onSelect={(node) => setSelection({ node })}
      />
    </EditorContext>
  );
}

function inputEdge(target: string): GraphEdge {
  return { id: `${INPUT_NODE_ID}->${target}`, source: INPUT_NODE_ID, target, label: '', data: { types: [] } };
}

import type { RuleNodeConfigField } from '@sapo/common';
import { useState } from 'react';
import type { FlowGraph, RuleNodeData } from '../model/flow-graph';
import { relationTypesOf } from '../model/flow-graph';
import { addNode, newNodeId, setLink, updateNodeData } from '../model/graph-edits';
import type { ComponentDescriptor } from '../rule-chain-types';
import { useRuleChainApi } from '../rule-chains-queries';
import { ScriptTestDialog } from '../script-test/script-test-dialog';
import { scriptTypeOf, type ScriptType } from '../script-test/script-types';
import { LinkDialog } from './link-dialog';
import { NodeSettingsDialog } from './node-settings-dialog';

export type EditorDialog =
  | { kind: 'settings'; mode: 'add'; data: RuleNodeData; position: { x: number; y: number } }
  | { kind: 'settings'; mode: 'edit'; data: RuleNodeData; nodeId: string }
  | { kind: 'link'; source: string; target: string; initial: readonly string[]; existing: boolean };

interface ScriptTest {
  script: string;
  scriptType: ScriptType;
  msg?: string | undefined;
  metadata?: Record<string, string> | undefined;
  msgType?: string | undefined;
  resolve: (script: string | null) => void;
}

export interface EditorDialogsProps {
  dialog: EditorDialog | null;
  setDialog: (dialog: EditorDialog | null) => void;
  graph: FlowGraph;
  commit: (update: (graph: FlowGraph) => FlowGraph) => void;
  components: readonly ComponentDescriptor[];
  ruleChainId: string | undefined;
  onSelect: (nodeId: string) => void;
}

/** The editor's dialogs: node settings (add/edit), link relation types, and the script test. */
export function EditorDialogs({
  dialog,
  setDialog,
  graph,
  commit,
  components,
  ruleChainId,
  onSelect,
}: EditorDialogsProps) {
  const api = useRuleChainApi();
  const [scriptTest, setScriptTest] = useState<ScriptTest | null>(null);

  /** Opens the script test, starting from the node's last input message when debug data exists. */
  const testScript = async (ruleNodeId: string | undefined, script: string, field: RuleNodeConfigField) => {
    const last = ruleNodeId ? await api.debugIn(ruleNodeId).catch(() => null) : null;
    return new Promise<string | null>((resolve) =>
      setScriptTest({
        script,
        scriptType: scriptTypeOf(field.scriptReturns, field.key),
        msg: last ? messageText(last.data ?? last.msg) : undefined,
        metadata: last ? parseMetadata(last.metadata) : undefined,
        msgType: last?.msgType,
        resolve,
      }),
    );
  };

  const nameOf = (id: string) => graph.nodes.find((n) => n.id === id)?.data.name ?? id;

  return (
    <>
      {dialog?.kind === 'settings' && (
        <NodeSettingsDialog
          key={dialog.mode === 'edit' ? dialog.nodeId : 'new'}
          mode={dialog.mode}
          data={dialog.data}
          descriptor={components.find((c) => c.clazz === dialog.data.clazz)}
          ruleChainId={ruleChainId}
          onTestScript={(script, field) => testScript(dialog.data.ruleNodeId, script, field)}
          onClose={(data) => {
            setDialog(null);
            if (!data) return;
            if (dialog.mode === 'edit') {
              commit((g) => updateNodeData(g, dialog.nodeId, data));
            } else {
              const id = newNodeId();
              commit((g) => addNode(g, { id, type: 'ruleNode', position: dialog.position, data }));
              onSelect(id);
            }
          }}
        />
      )}
      {dialog?.kind === 'link' && (
        <LinkDialog
          sourceName={nameOf(dialog.source)}
          targetName={nameOf(dialog.target)}
          {...linkOptions(graph, dialog.source, components)}
          initial={dialog.initial}
          existing={dialog.existing}
          onClose={(result) => {
            setDialog(null);
            if (!result) return;
            commit((g) => setLink(g, dialog.source, dialog.target, 'remove' in result ? [] : result.types));
          }}
        />
      )}
      {scriptTest && (
        <ScriptTestDialog
          script={scriptTest.script}
          scriptType={scriptTest.scriptType}
          msg={scriptTest.msg}
          metadata={scriptTest.metadata}
          msgType={scriptTest.msgType}
          onClose={(script) => {
            scriptTest.resolve(script);
            setScriptTest(null);
          }}
        />
      )}
    </>
  );
}

function linkOptions(graph: FlowGraph, source: string, components: readonly ComponentDescriptor[]) {
  const clazz = graph.nodes.find((n) => n.id === source)?.data.clazz ?? '';
  const { types, custom } = relationTypesOf(clazz, components);
  return { options: types, custom };
}

function messageText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parseMetadata(value: unknown): Record<string, string> | undefined {
  if (value && typeof value === 'object') return value as Record<string, string>;
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

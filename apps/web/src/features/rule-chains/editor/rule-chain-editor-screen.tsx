import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useCrumbLabel } from '../../../components/page-search/crumb-label';
import { notify } from '../../../lib/notifications';
import { useCurrentUser } from '../../auth/auth-queries';
import { IMPORT_ROUTE_ID, getImportedChain, setImportedChain } from '../imported-chain-store';
import { graphToMetadata, metadataToGraph, type FlowGraph } from '../model/flow-graph';
import type { ComponentDescriptor, RuleChainMetaData } from '../rule-chain-types';
import {
  useRuleChain,
  useRuleChainApi,
  useRuleChainMetadata,
  useRuleNodeComponents,
  useSaveRuleChainMetadata,
} from '../rule-chains-queries';
import { RuleChainEditor } from './rule-chain-editor';
import { useUnsavedGuard } from './use-unsaved-guard';

/** /ruleChains/:ruleChainId — loads the chain, its metadata and the components, then shows the editor. */
export function RuleChainEditorScreen({ ruleChainId }: { ruleChainId: string }) {
  const { t } = useTranslation();
  const imported = ruleChainId === IMPORT_ROUTE_ID;
  const components = useRuleNodeComponents();
  const chain = useRuleChain(imported ? undefined : ruleChainId);
  const metadata = useRuleChainMetadata(imported ? undefined : ruleChainId);
  useCrumbLabel(imported ? getImportedChain()?.ruleChain.name : chain.data?.name);

  if (imported) {
    const file = getImportedChain();
    if (!file) return <Navigate to="/ruleChains" replace />;
    if (!components.data) return <Loading error={components.isError} />;
    return <ImportedChainEditor components={components.data} />;
  }
  if (!components.data || !chain.data || !metadata.data) {
    return <Loading error={components.isError || chain.isError || metadata.isError} text={t('rulechain.load-error')} />;
  }
  return (
    <SavedChainEditor
      ruleChainId={ruleChainId}
      name={chain.data.name}
      root={chain.data.root}
      components={components.data}
      metadata={metadata.data}
    />
  );
}

function SavedChainEditor(props: {
  ruleChainId: string;
  name: string;
  root: boolean;
  components: ComponentDescriptor[];
  metadata: RuleChainMetaData;
}) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const saveMetadata = useSaveRuleChainMetadata();
  const initial = useMemo(() => metadataToGraph(props.metadata, props.components), [props.metadata, props.components]);
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const onSave = async (graph: FlowGraph) => {
    try {
      const saved = await saveMetadata.mutateAsync(graphToMetadata(graph, props.ruleChainId));
      notify({ message: t('rulechain.rulechain-saved', { name: props.name }), type: 'success' });
      return metadataToGraph(withTargets(saved, graph), props.components);
    } catch {
      return null; // the client showed the server's message; the edits stay
    }
  };
  return (
    <RuleChainEditor
      ruleChainId={props.ruleChainId}
      title={props.name}
      subtitle={props.root ? t('rulechain.root') : undefined}
      components={props.components}
      initialGraph={initial}
      tenantId={user?.tenantId.id}
      onSave={onSave}
      onDirtyChange={setDirty}
    />
  );
}

/** An imported file: shown unsaved; Save creates the chain, then its metadata, then opens it. */
function ImportedChainEditor({ components }: { components: ComponentDescriptor[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const api = useRuleChainApi();
  const [file] = useState(() => getImportedChain());
  const initial = useMemo(() => (file ? metadataToGraph(file.metadata, components) : null), [file, components]);
  const [dirty, setDirty] = useState(true);
  const release = useUnsavedGuard(dirty);
  if (!file || !initial) return null;
  const onSave = async (graph: FlowGraph) => {
    try {
      const chain = await api.saveChain({
        name: file.ruleChain.name,
        debugMode: file.ruleChain.debugMode ?? false,
        configuration: file.ruleChain.configuration ?? null,
        additionalInfo: file.ruleChain.additionalInfo ?? null,
        root: false,
      });
      await api.saveMetadata(graphToMetadata(graph, chain.id.id));
      setImportedChain(null);
      release();
      notify({ message: t('rulechain.rulechain-imported', { name: chain.name }), type: 'success' });
      void navigate(`/ruleChains/${chain.id.id}`, { replace: true });
      return graph;
    } catch {
      return null;
    }
  };
  return (
    <RuleChainEditor
      ruleChainId={undefined}
      title={file.ruleChain.name}
      subtitle={t('rulechain.imported-unsaved')}
      components={components}
      initialGraph={initial}
      tenantId={undefined}
      onSave={onSave}
      startDirty
      onDirtyChange={setDirty}
    />
  );
}

/** The save answer may leave out the resolved target names: keep the ones on screen. */
function withTargets(saved: RuleChainMetaData, graph: FlowGraph): RuleChainMetaData {
  if (saved.targetRuleChainsMap ?? saved.targetRuleChains) return saved;
  const targets: NonNullable<RuleChainMetaData['targetRuleChainsMap']> = {};
  for (const node of graph.nodes) {
    if (node.data.targetRuleChainId)
      targets[node.data.targetRuleChainId] = { name: node.data.targetName ?? node.data.targetRuleChainId };
  }
  return { ...saved, targetRuleChainsMap: targets };
}

function Loading({ error, text }: { error: boolean; text?: string }) {
  const { t } = useTranslation();
  if (error) return <Alert severity="error">{text ?? t('rulechain.load-error')}</Alert>;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('common.loading', { defaultValue: 'Loading' })} />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_COLORS, KIND_LABEL_KEYS } from '../model/node-kinds';
import type { RuleNodeData } from '../model/flow-graph';
import { useEditorContext } from './editor-context';
import { DebugIcon, NodeIcon } from './node-icon';

export type RuleFlowNode = Node<RuleNodeData, 'ruleNode'>;

/** One drawn rule node: coloured by type, icon, type and name; handles where the descriptor allows. */
export const RuleNodeView = memo(function RuleNodeView({ data, selected }: NodeProps<RuleFlowNode>) {
  const { t } = useTranslation();
  const { byClass } = useEditorContext();
  const definition = byClass.get(data.clazz)?.configurationDescriptor?.nodeDefinition;
  const component = byClass.get(data.clazz);
  const hasIn = data.kind === 'RULE_CHAIN' || (data.kind !== 'INPUT' && (definition?.inEnabled ?? true));
  const hasOut = data.kind === 'INPUT' || (data.kind !== 'RULE_CHAIN' && (definition?.outEnabled ?? true));
  const typeLabel =
    data.kind === 'INPUT'
      ? ''
      : data.kind === 'UNKNOWN' || data.kind === 'RULE_CHAIN'
        ? t(KIND_LABEL_KEYS[data.kind])
        : (component?.name ?? '');
  const tip = data.details ?? definition?.description ?? '';

  return (
    <Tooltip title={tip} placement="top" enterDelay={600} disableInteractive>
      <Box
        data-testid="rule-node"
        data-node-name={data.name}
        sx={{
          bgcolor: NODE_COLORS[data.kind],
          color: 'rgba(0,0,0,0.87)',
          border: '1px solid rgba(0,0,0,0.25)',
          borderRadius: 1.5,
          boxShadow: selected ? '0 0 0 3px rgba(25,118,210,0.55)' : '0 1px 3px rgba(0,0,0,0.2)',
          minWidth: data.kind === 'INPUT' ? 90 : 150,
          maxWidth: 220,
          px: 1.25,
          py: 0.75,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          cursor: 'pointer',
        }}
      >
        {hasIn && (
          <Handle type="target" position={Position.Left} style={{ width: 10, height: 10, background: '#455a64' }} />
        )}
        <NodeIcon kind={data.kind} fontSize="small" sx={{ opacity: 0.75 }} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          {typeLabel && (
            <Typography variant="caption" component="div" sx={{ lineHeight: 1.2, opacity: 0.7 }} noWrap>
              {typeLabel}
            </Typography>
          )}
          <Typography variant="body2" component="div" sx={{ fontWeight: 600, lineHeight: 1.25 }} noWrap>
            {data.name}
          </Typography>
        </Box>
        {data.debugMode && <DebugIcon fontSize="small" titleAccess={t('rulenode.debug-mode')} sx={{ opacity: 0.7 }} />}
        {hasOut && (
          <Handle type="source" position={Position.Right} style={{ width: 10, height: 10, background: '#455a64' }} />
        )}
      </Box>
    </Tooltip>
  );
});

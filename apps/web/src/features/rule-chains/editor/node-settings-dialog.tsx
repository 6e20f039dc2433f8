import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RuleNodeConfigField } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/entity-form/form-dialog';
import { getPath, setPath } from '../model/config-path';
import type { RuleNodeData } from '../model/flow-graph';
import { KIND_LABEL_KEYS, detailsText } from '../model/node-kinds';
import type { ComponentDescriptor } from '../rule-chain-types';
import { ConfigFieldInput } from './config-field-input';
import { RuleChainTargetSelect } from './rule-chain-target-select';

export interface NodeSettingsDialogProps {
  mode: 'add' | 'edit';
  data: RuleNodeData;
  descriptor: ComponentDescriptor | undefined;
  /** Id of the chain being edited (a chain cannot forward to itself). */
  ruleChainId?: string | undefined;
  onClose: (data: RuleNodeData | null) => void;
  /** Opens the script test dialog for a script field; resolves the script to keep, or null. */
  onTestScript: (script: string, field: RuleNodeConfigField) => Promise<string | null>;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && !value.trim()) ||
  (Array.isArray(value) && value.length === 0);

/** Name, debug mode, description and the descriptor's configuration fields of one node. */
export function NodeSettingsDialog(props: NodeSettingsDialogProps) {
  const { t } = useTranslation();
  const [data, setData] = useState<RuleNodeData>(props.data);
  const [tried, setTried] = useState(false);
  const definition = props.descriptor?.configurationDescriptor?.nodeDefinition;
  const fields: RuleNodeConfigField[] = definition?.configurationFields ?? [];
  const isChain = data.kind === 'RULE_CHAIN';
  // Nodes with no field list (and unknown classes) keep an editable raw configuration.
  const rawFields: RuleNodeConfigField[] =
    !isChain && fields.length === 0 ? [{ key: '', label: t('rulenode.configuration'), kind: 'json' }] : [];

  const fieldErrors: Record<string, string> = {};
  if (!isChain && !data.name.trim()) fieldErrors.name = 'rulenode.name-required';
  if (isChain && !data.targetRuleChainId) fieldErrors.target = 'rulenode.rulechain-required';
  for (const field of fields) {
    if (field.required && isEmpty(getPath(data.configuration, field.key)))
      fieldErrors[field.key] = 'rulenode.field-required';
  }
  const errorOf = (key: string) => (tried ? fieldErrors[key] : undefined);

  const submit = () => {
    setTried(true);
    if (Object.keys(fieldErrors).length === 0) props.onClose({ ...data, name: data.name.trim() });
  };

  const setConfig = (key: string, value: unknown) =>
    setData((d) => ({
      ...d,
      configuration: key ? setPath(d.configuration, key, value) : ((value as Record<string, unknown>) ?? {}),
    }));

  const typeName = props.descriptor?.name ?? t(KIND_LABEL_KEYS[data.kind]);
  return (
    <FormDialog
      open
      title={`${typeName}: ${props.mode === 'add' ? t('rulenode.add') : data.name}`}
      onClose={() => props.onClose(null)}
      onSubmit={submit}
      submitText={props.mode === 'add' ? t('action.add') : t('action.apply')}
      maxWidth="md"
    >
      {data.details && <Alert severity="warning">{data.details}</Alert>}
      {definition?.uiResourceLoadError && <Alert severity="error">{t('rulenode.ui-resources-load-error')}</Alert>}
      {definition?.details && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {detailsText(definition.details)}
        </Typography>
      )}
      {isChain ? (
        <RuleChainTargetSelect
          value={
            data.targetRuleChainId
              ? { id: data.targetRuleChainId, name: data.targetName ?? data.targetRuleChainId }
              : null
          }
          excludeId={props.ruleChainId}
          error={errorOf('target') && t(errorOf('target') ?? '')}
          onChange={(chain) =>
            setData((d) => ({
              ...d,
              targetRuleChainId: chain?.id,
              targetName: chain?.name,
              name: chain?.name ?? '',
            }))
          }
        />
      ) : (
        <TextField
          name="name"
          label={t('rulenode.name')}
          required
          autoFocus
          value={data.name}
          onChange={(e) => setData({ ...data, name: e.target.value })}
          error={Boolean(errorOf('name'))}
          helperText={errorOf('name') && t(errorOf('name') ?? '')}
        />
      )}
      {!isChain && (
        <FormControlLabel
          control={
            <Switch checked={data.debugMode} onChange={(e) => setData({ ...data, debugMode: e.target.checked })} />
          }
          label={t('rulenode.debug-mode')}
        />
      )}
      {[...fields, ...rawFields].map((field) => (
        <ConfigFieldInput
          key={field.key || 'raw'}
          field={field}
          value={field.key ? getPath(data.configuration, field.key) : data.configuration}
          onChange={(value) => setConfig(field.key, value)}
          error={errorOf(field.key)}
          onTestScript={
            field.kind === 'script'
              ? (script) =>
                  void props.onTestScript(script, field).then((kept) => {
                    if (kept !== null) setConfig(field.key, kept);
                  })
              : undefined
          }
        />
      ))}
      {!isChain && (
        <TextField
          name="description"
          label={t('rulenode.description')}
          multiline
          minRows={2}
          value={data.description}
          onChange={(e) => setData({ ...data, description: e.target.value })}
        />
      )}
    </FormDialog>
  );
}

import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import { notify } from '../../lib/notifications';
import type { RuleChain } from './rule-chain-types';
import { useSaveRuleChain } from './rule-chains-queries';

interface Form {
  name: string;
  debugMode: boolean;
  description: string;
}
type Field = 'name' | 'description';

export interface RuleChainFormDialogProps {
  onClose: (saved?: RuleChain) => void;
}

/** "Add rule chain": name, debug mode, description (POST /api/ruleChain). */
export function RuleChainFormDialog({ onClose }: RuleChainFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveRuleChain();
  const { form, change, fieldError, generalError, submit } = useEntityForm<Form, Field>({
    initial: { name: '', debugMode: false, description: '' },
    validate: (f) => (f.name.trim() ? {} : { name: 'rulechain.name-required' }),
    fields: ['name', 'description'],
  });

  const onSubmit = async () => {
    let saved: RuleChain | undefined;
    const ok = await submit(async (f) => {
      saved = await save.mutateAsync({
        name: f.name.trim(),
        debugMode: f.debugMode,
        additionalInfo: { description: f.description },
      });
    });
    if (ok && saved) {
      notify({ message: t('rulechain.rulechain-added', { name: saved.name }), type: 'success' });
      onClose(saved);
    }
  };

  return (
    <FormDialog
      open
      title={t('rulechain.add')}
      onClose={() => onClose()}
      onSubmit={() => void onSubmit()}
      submitting={save.isPending}
      error={generalError}
      submitText={t('action.add')}
    >
      <TextField
        name="name"
        label={t('rulechain.name')}
        required
        autoFocus
        value={form.name}
        onChange={(e) => change((f) => ({ ...f, name: e.target.value }), 'name')}
        error={Boolean(fieldError('name'))}
        helperText={fieldError('name')}
      />
      <FormControlLabel
        control={
          <Switch checked={form.debugMode} onChange={(e) => change((f) => ({ ...f, debugMode: e.target.checked }))} />
        }
        label={t('rulechain.debug-mode')}
      />
      <TextField
        name="description"
        label={t('rulechain.description')}
        multiline
        minRows={2}
        value={form.description}
        onChange={(e) => change((f) => ({ ...f, description: e.target.value }), 'description')}
      />
    </FormDialog>
  );
}

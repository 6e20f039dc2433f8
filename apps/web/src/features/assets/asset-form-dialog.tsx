import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { EntitySubtypeAutocomplete } from '../../components/entity-subtype';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { notify } from '../../lib/notifications';
import { useAuth } from '../auth/auth-provider';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import type { AssetInfo } from './asset-types';
import { useSaveAsset } from './assets-queries';
import { ASSET_FORM_FIELDS, assetFormFrom, assetPayload, validateAssetForm, type AssetForm } from './model/asset-form';

export interface AssetFormDialogProps {
  /** The asset to edit; absent to add one. */
  asset?: AssetInfo | undefined;
  onClose: () => void;
}

/** Add or edit an asset: name, type (with the types in use as suggestions), label, description. */
export function AssetFormDialog({ asset, onClose }: AssetFormDialogProps) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const save = useSaveAsset();
  const { form, change, fieldError, generalError, submit } = useEntityForm<AssetForm>({
    initial: assetFormFrom(asset),
    validate: validateAssetForm,
    fields: ASSET_FORM_FIELDS,
  });
  const set = (field: keyof AssetForm) => (value: string) => change((f) => ({ ...f, [field]: value }), field);

  const onSubmit = () =>
    void submit(async (values) => {
      const saved = await save.mutateAsync(assetPayload(values, asset));
      notify({ message: t(asset ? 'asset.asset-saved' : 'asset.asset-added', { name: saved.name }), type: 'success' });
      onClose();
    });

  return (
    <FormDialog
      open
      title={t(asset ? 'asset.edit' : 'asset.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={generalError}
      submitText={asset ? t('action.save') : t('action.add')}
    >
      <TextField
        name="name"
        label={t('asset.name')}
        value={form.name}
        onChange={(event) => set('name')(event.target.value)}
        required
        autoFocus
        error={Boolean(fieldError('name'))}
        helperText={fieldError('name')}
        disabled={save.isPending}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <EntitySubtypeAutocomplete
        entityType="ASSET"
        client={client}
        value={form.type}
        onChange={set('type')}
        required
        error={fieldError('type')}
        disabled={save.isPending}
      />
      <TextField
        name="label"
        label={t('asset.label')}
        value={form.label}
        onChange={(event) => set('label')(event.target.value)}
        error={Boolean(fieldError('label'))}
        helperText={fieldError('label')}
        disabled={save.isPending}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        name="description"
        label={t('common.description')}
        value={form.description}
        onChange={(event) => set('description')(event.target.value)}
        multiline
        minRows={2}
        maxRows={8}
        disabled={save.isPending}
      />
    </FormDialog>
  );
}

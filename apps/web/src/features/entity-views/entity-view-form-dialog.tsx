import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityAutocomplete, type EntityOption } from '../../components/entity-autocomplete/entity-autocomplete';
import { EntityTypeSelect } from '../../components/entity-autocomplete/entity-type-select';
import { allowedEntityTypes, type PickableEntityType } from '../../components/entity-autocomplete/entity-types';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { EntitySubtypeAutocomplete } from '../../components/entity-subtype';
import { notify } from '../../lib/notifications';
import { useAuth } from '../auth/auth-provider';
import { useCurrentUser } from '../auth/auth-queries';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import { useEntitySearch } from '../relations/entity-search';
import type { EntityViewInfo } from './entity-view-types';
import { useSaveEntityView } from './entity-views-queries';
import { KeysInput } from './keys-input';
import {
  ENTITY_VIEW_FORM_FIELDS,
  entityViewFormFrom,
  entityViewPayload,
  validateEntityViewForm,
  type EntityViewForm,
} from './model/entity-view-form';
import type { KeysValue } from './model/keys-list';

export interface EntityViewFormDialogProps {
  view?: EntityViewInfo | undefined;
  onClose: () => void;
}

const TARGET_TYPES: readonly PickableEntityType[] = ['DEVICE', 'ASSET'];

/** Add or edit an entity view: name, type, the device or asset it shows, its keys and time window. */
export function EntityViewFormDialog({ view, onClose }: EntityViewFormDialogProps) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const { data: user } = useCurrentUser();
  const search = useEntitySearch();
  const save = useSaveEntityView();
  const types = useMemo(() => (user ? allowedEntityTypes(user.authority, { only: TARGET_TYPES }) : []), [user]);
  const [targetType, setTargetType] = useState<string>(view?.entityId.entityType ?? 'DEVICE');
  const [target, setTarget] = useState<EntityOption | null>(
    view ? { id: view.entityId, name: view.entityName ?? '' } : null,
  );
  const { form, change, fieldError, generalError, submit } = useEntityForm<EntityViewForm>({
    initial: entityViewFormFrom(view),
    validate: validateEntityViewForm,
    fields: ENTITY_VIEW_FORM_FIELDS,
  });
  const text = (field: 'name' | 'startTime' | 'endTime' | 'description') => (value: string) =>
    change((f) => ({ ...f, [field]: value }), field);
  const keys = (field: 'timeseries' | 'clientAttributes' | 'sharedAttributes' | 'serverAttributes') => ({
    value: form[field],
    onChange: (value: KeysValue) => change((f) => ({ ...f, [field]: value })),
    name: field,
    disabled: save.isPending,
  });

  const onSubmit = () =>
    void submit(async (values) => {
      const saved = await save.mutateAsync(entityViewPayload(values, view));
      notify({
        message: t(view ? 'entity-view.entity-view-saved' : 'entity-view.entity-view-added', { name: saved.name }),
        type: 'success',
      });
      onClose();
    });

  return (
    <FormDialog
      open
      title={t(view ? 'entity-view.edit' : 'entity-view.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={generalError}
      submitText={view ? t('action.save') : t('action.add')}
      maxWidth="md"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            name="name"
            label={t('entity-view.name')}
            value={form.name}
            onChange={(event) => text('name')(event.target.value)}
            required
            autoFocus
            fullWidth
            error={Boolean(fieldError('name'))}
            helperText={fieldError('name')}
            disabled={save.isPending}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <EntitySubtypeAutocomplete
            entityType="ENTITY_VIEW"
            client={client}
            value={form.type}
            onChange={(value) => change((f) => ({ ...f, type: value }), 'type')}
            required
            error={fieldError('type')}
            disabled={save.isPending}
          />
        </Box>
      </Stack>
      <Section title={t('entity-view.target-entity')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Box sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0, display: 'flex', flexDirection: 'column' }}>
          <EntityTypeSelect
            required
            types={types}
            value={targetType}
            onChange={(type) => {
              setTargetType(type);
              setTarget(null);
              change((f) => ({ ...f, target: null }), 'target');
            }}
            disabled={save.isPending}
          />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <EntityAutocomplete
            required
            name="target"
            entityType={targetType}
            value={target}
            onChange={(option) => {
              setTarget(option);
              change((f) => ({ ...f, target: option ? option.id : null }), 'target');
            }}
            search={search}
            error={fieldError('target')}
            disabled={save.isPending}
          />
        </Box>
      </Stack>
      <Section title={t('entity-view.keys')} hint={t('entity-view.keys-hint')} />
      <KeysInput label={t('entity-view.timeseries-keys')} {...keys('timeseries')} />
      <KeysInput label={t('entity-view.client-attributes')} {...keys('clientAttributes')} />
      <KeysInput label={t('entity-view.shared-attributes')} {...keys('sharedAttributes')} />
      <KeysInput label={t('entity-view.server-attributes')} {...keys('serverAttributes')} />
      <Section title={t('entity-view.time-window')} hint={t('entity-view.time-window-hint')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['startTime', 'endTime'] as const).map((field) => (
          <TextField
            key={field}
            type="datetime-local"
            name={field}
            label={field === 'startTime' ? t('entity-view.start-time') : t('entity-view.end-time')}
            value={form[field]}
            onChange={(event) => text(field)(event.target.value)}
            fullWidth
            error={Boolean(fieldError(field))}
            helperText={fieldError(field)}
            disabled={save.isPending}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          />
        ))}
      </Stack>
      <TextField
        name="description"
        label={t('common.description')}
        value={form.description}
        onChange={(event) => text('description')(event.target.value)}
        multiline
        minRows={2}
        maxRows={6}
        disabled={save.isPending}
      />
    </FormDialog>
  );
}

function Section({ title, hint }: { title: string; hint?: string }) {
  return (
    <div>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </div>
  );
}

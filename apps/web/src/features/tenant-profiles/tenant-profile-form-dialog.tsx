import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { notify } from '../../lib/notifications';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import { LimitFields } from './limit-fields';
import {
  TENANT_PROFILE_FORM_FIELDS,
  tenantProfileFormFrom,
  tenantProfilePayload,
  validateTenantProfileForm,
  type TenantProfileForm,
} from './model/tenant-profile-form';
import type { TenantProfile } from './tenant-profile-types';
import { useSaveTenantProfile } from './tenant-profiles-queries';

export interface TenantProfileFormDialogProps {
  /** The profile to edit; absent to add one. */
  profile?: TenantProfile | undefined;
  onClose: () => void;
}

/** Add or edit a tenant profile: name, description, isolation (new profiles only) and limits. */
export function TenantProfileFormDialog({ profile, onClose }: TenantProfileFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveTenantProfile();
  const { form, change, fieldError, generalError, submit } = useEntityForm<TenantProfileForm>({
    initial: tenantProfileFormFrom(profile),
    validate: validateTenantProfileForm,
    fields: TENANT_PROFILE_FORM_FIELDS,
  });
  const busy = save.isPending;
  // The server refuses to change isolation once a profile exists (its tenants' queues depend on it).
  const isolationLocked = Boolean(profile) || busy;

  const onSubmit = () =>
    void submit(async (values) => {
      const saved = await save.mutateAsync(tenantProfilePayload(values, profile));
      notify({
        message: t(profile ? 'tenant-profile.tenant-profile-saved' : 'tenant-profile.tenant-profile-added', {
          name: saved.name,
        }),
        type: 'success',
      });
      onClose();
    });

  return (
    <FormDialog
      open
      title={t(profile ? 'tenant-profile.edit' : 'tenant-profile.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={busy}
      error={generalError}
      submitText={profile ? t('action.save') : t('action.add')}
      maxWidth="md"
    >
      <TextField
        name="name"
        label={t('tenant-profile.name')}
        value={form.name}
        onChange={(event) => change((current) => ({ ...current, name: event.target.value }), 'name')}
        required
        autoFocus
        disabled={busy}
        error={Boolean(fieldError('name'))}
        helperText={fieldError('name')}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        fullWidth
      />
      <TextField
        name="description"
        label={t('common.description')}
        value={form.description}
        onChange={(event) => change((current) => ({ ...current, description: event.target.value }), 'description')}
        disabled={busy}
        error={Boolean(fieldError('description'))}
        helperText={fieldError('description')}
        slotProps={{ htmlInput: { maxLength: 1024 } }}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
      />
      <div>
        <FormGroup row sx={{ columnGap: 3 }}>
          <FormControlLabel
            control={
              <Checkbox
                name="isolatedTbCore"
                checked={form.isolatedTbCore}
                onChange={(event) =>
                  change((current) => ({ ...current, isolatedTbCore: event.target.checked }), 'isolatedTbCore')
                }
                disabled={isolationLocked}
              />
            }
            label={t('tenant-profile.isolated-tb-core')}
          />
          <FormControlLabel
            control={
              <Checkbox
                name="isolatedTbRuleEngine"
                checked={form.isolatedTbRuleEngine}
                onChange={(event) =>
                  change(
                    (current) => ({ ...current, isolatedTbRuleEngine: event.target.checked }),
                    'isolatedTbRuleEngine',
                  )
                }
                disabled={isolationLocked}
              />
            }
            label={t('tenant-profile.isolated-tb-rule-engine')}
          />
        </FormGroup>
        <FormHelperText>
          {t(profile ? 'tenant-profile.isolation-locked-hint' : 'tenant-profile.isolation-hint')}
        </FormHelperText>
      </div>
      <Divider />
      <LimitFields
        limits={form.limits}
        onChange={(key, value) =>
          change((current) => ({ ...current, limits: { ...current.limits, [key]: value } }), key)
        }
        fieldError={fieldError}
        disabled={busy}
      />
    </FormDialog>
  );
}

import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { notify } from '../../lib/notifications';
import { TitledContactFields } from '../contact/titled-contact-fields';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import { useTenantProfileOptions } from '../tenant-profiles/tenant-profiles-queries';
import { TENANT_FORM_FIELDS, tenantFormFrom, tenantPayload, validateTenantForm } from './model/tenant-form';
import type { Tenant, TenantInfo } from './tenant-types';
import { useSaveTenant } from './tenants-queries';

export interface TenantFormDialogProps {
  /** The tenant to edit; absent to add one. */
  tenant?: Tenant | TenantInfo | undefined;
  onClose: () => void;
  onSaved?: (tenant: Tenant) => void;
}

/** Add or edit a tenant: title, profile, description and contact. Mounted only while open. */
export function TenantFormDialog({ tenant, onClose, onSaved }: TenantFormDialogProps) {
  const { t } = useTranslation();
  const profiles = useTenantProfileOptions();
  const save = useSaveTenant();
  const { form, change, fieldError, generalError, submit } = useEntityForm({
    initial: tenantFormFrom(tenant),
    validate: validateTenantForm,
    fields: TENANT_FORM_FIELDS,
  });

  // A new tenant gets the default profile once the list is in (unless one was picked already).
  const defaultId = profiles.data?.find((profile) => profile.default)?.id.id;
  useEffect(() => {
    if (defaultId)
      change((current) => (current.tenantProfileId ? current : { ...current, tenantProfileId: defaultId }));
  }, [defaultId]); // not `change`: it is new each render

  const onSubmit = () =>
    void submit(async (values) => {
      const saved = await save.mutateAsync(tenantPayload(values, tenant));
      notify({
        message: t(tenant ? 'tenant.tenant-saved' : 'tenant.tenant-added', { title: saved.title }),
        type: 'success',
      });
      onSaved?.(saved);
      onClose();
    });

  const profileError = fieldError('tenantProfileId');
  const profileOptions = profiles.data ?? [];
  // The tenant's current profile is always selectable, even before the list arrives.
  const selectValue = profileOptions.some((profile) => profile.id.id === form.tenantProfileId)
    ? form.tenantProfileId
    : '';

  return (
    <FormDialog
      open
      title={t(tenant ? 'tenant.edit' : 'tenant.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={generalError}
      submitText={tenant ? t('action.save') : t('action.add')}
    >
      <TitledContactFields
        form={form}
        change={change}
        fieldError={fieldError}
        disabled={save.isPending}
        extra={
          <TextField
            select
            name="tenantProfileId"
            label={t('tenant-profile.tenant-profile')}
            value={selectValue}
            onChange={(event) =>
              change((current) => ({ ...current, tenantProfileId: event.target.value }), 'tenantProfileId')
            }
            required
            disabled={save.isPending || profiles.isPending}
            error={Boolean(profileError)}
            helperText={profileError ?? (profiles.isPending ? t('common.loading') : undefined)}
            fullWidth
          >
            {profileOptions.map((profile) => (
              <MenuItem key={profile.id.id} value={profile.id.id}>
                {profile.name}
                {profile.default && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="primary"
                    label={t('tenant-profile.default')}
                    sx={{ ml: 1, height: 20 }}
                  />
                )}
              </MenuItem>
            ))}
          </TextField>
        }
      />
    </FormDialog>
  );
}

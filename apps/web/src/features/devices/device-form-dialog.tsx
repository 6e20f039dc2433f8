import Autorenew from '@mui/icons-material/Autorenew';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { notify } from '../../lib/notifications';
import { DeviceProfileAutocomplete } from '../device-profiles/device-profile-autocomplete';
import type { DeviceProfileInfo } from '../device-profiles/device-profile-types';
import type { Device, DeviceInfo } from './device-types';
import { useSaveDevice } from './devices-queries';
import { generateAccessToken } from './model/access-token';
import {
  DEVICE_FORM_FIELDS,
  deviceFormFrom,
  initialProfile,
  devicePath,
  devicePayload,
  placeDeviceError,
  validateDeviceForm,
  type DeviceField,
  type DeviceForm,
} from './model/device-form';
import { useEntityForm } from '../../components/entity-form/use-entity-form';

export interface DeviceFormDialogProps {
  /** The device to edit; absent to add one. */
  device?: DeviceInfo | undefined;
  /** The tenant's default profile, preselected for a new device (it may arrive after the dialog opens). */
  defaultProfile: DeviceProfileInfo | undefined;
  /** Tenant users may edit a device but not move it to another profile. */
  canEditProfile: boolean;
  onClose: () => void;
  onSaved?: (device: Device) => void;
}

/** Add or edit a device: name, profile, label, gateway flag, description, and a chosen token on create. */
export function DeviceFormDialog({ device, defaultProfile, canEditProfile, onClose, onSaved }: DeviceFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveDevice();
  const creating = !device;
  const { form, change, fieldError, generalError, submit } = useEntityForm<DeviceForm, DeviceField>({
    initial: deviceFormFrom(device, initialProfile(device, defaultProfile)),
    validate: (values) => validateDeviceForm(values, creating),
    fields: DEVICE_FORM_FIELDS,
    place: placeDeviceError,
  });
  const busy = save.isPending;
  // The default profile may still be loading when "Add device" is clicked: fill it in once, untouched.
  const [profileTouched, setProfileTouched] = useState(false);
  useEffect(() => {
    if (creating && defaultProfile && !profileTouched && !form.profile) {
      change((current) => ({ ...current, profile: defaultProfile }));
    }
  }, [creating, defaultProfile, profileTouched, form.profile, change]);
  const set = <K extends keyof DeviceForm>(field: K, value: DeviceForm[K]) =>
    change((current) => ({ ...current, [field]: value }), field as DeviceField);

  const onSubmit = () =>
    void submit(async (values) => {
      const { body, accessToken } = devicePayload(values, device);
      const saved = await save.mutateAsync({ path: devicePath(accessToken), body });
      notify({
        message: t(creating ? 'device.device-added' : 'device.device-saved', { name: saved.name }),
        type: 'success',
      });
      onSaved?.(saved);
      onClose();
    });

  return (
    <FormDialog
      open
      title={t(creating ? 'device.add' : 'device.edit')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={busy}
      error={generalError}
      submitText={creating ? t('action.add') : t('action.save')}
    >
      <TextField
        name="name"
        label={t('device.name')}
        value={form.name}
        onChange={(event) => set('name', event.target.value)}
        required
        autoFocus
        disabled={busy}
        error={Boolean(fieldError('name'))}
        helperText={fieldError('name')}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        fullWidth
      />
      <DeviceProfileAutocomplete
        value={form.profile}
        onChange={(profile) => {
          setProfileTouched(true);
          set('profile', profile);
        }}
        required
        disabled={busy || !canEditProfile}
        error={fieldError('profile')}
        helperText={canEditProfile ? t('device.device-profile-hint') : t('device.device-profile-locked')}
      />
      <TextField
        name="label"
        label={t('device.label')}
        value={form.label}
        onChange={(event) => set('label', event.target.value)}
        disabled={busy}
        error={Boolean(fieldError('label'))}
        helperText={fieldError('label')}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        fullWidth
      />
      <div>
        <FormGroup row sx={{ columnGap: 3 }}>
          <FormControlLabel
            control={
              <Checkbox
                name="gateway"
                checked={form.gateway}
                onChange={(event) => set('gateway', event.target.checked)}
                disabled={busy}
              />
            }
            label={t('device.is-gateway')}
          />
          {form.gateway && (
            <FormControlLabel
              control={
                <Checkbox
                  name="overwriteActivityTime"
                  checked={form.overwriteActivityTime}
                  onChange={(event) => set('overwriteActivityTime', event.target.checked)}
                  disabled={busy}
                />
              }
              label={t('device.overwrite-activity-time')}
            />
          )}
        </FormGroup>
        <FormHelperText>
          {t(form.gateway ? 'device.overwrite-activity-time-hint' : 'device.is-gateway-hint')}
        </FormHelperText>
      </div>
      <TextField
        name="description"
        label={t('common.description')}
        value={form.description}
        onChange={(event) => set('description', event.target.value)}
        disabled={busy}
        multiline
        minRows={2}
        maxRows={6}
        slotProps={{ htmlInput: { maxLength: 1024 } }}
        fullWidth
      />
      {creating && (
        <Stack spacing={0.5}>
          <TextField
            name="accessToken"
            label={t('device.access-token')}
            value={form.accessToken}
            onChange={(event) => set('accessToken', event.target.value)}
            disabled={busy}
            error={Boolean(fieldError('accessToken'))}
            helperText={fieldError('accessToken') ?? t('device.access-token-optional-hint')}
            fullWidth
            slotProps={{
              htmlInput: { maxLength: 32, spellCheck: false, autoComplete: 'off', sx: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('device.generate-access-token')}>
                      <span>
                        <IconButton
                          edge="end"
                          aria-label={t('device.generate-access-token')}
                          disabled={busy}
                          onClick={() => set('accessToken', generateAccessToken())}
                        >
                          <Autorenew />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      )}
    </FormDialog>
  );
}

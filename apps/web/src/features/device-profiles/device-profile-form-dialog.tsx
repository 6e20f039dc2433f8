import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEVICE_PROFILE_TYPES } from '@sapo/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { notify } from '../../lib/notifications';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import type { DeviceProfile } from './device-profile-types';
import { useSaveDeviceProfile } from './device-profiles-queries';
import {
  DEVICE_PROFILE_FORM_FIELDS,
  deviceProfileFormFrom,
  deviceProfilePayload,
  placeDeviceProfileError,
  validateDeviceProfileForm,
  type DeviceProfileField,
  type DeviceProfileForm,
} from './model/device-profile-form';
import { AlarmRulesTab } from './alarm-rules/alarm-rules-tab';
import { ProfileImageField } from './profile-image-field';
import { ProvisionFields } from './provision-fields';
import { TransportFields } from './transport-fields';

export interface DeviceProfileFormDialogProps {
  /** The profile to edit (loaded in full); absent to add one. */
  profile?: DeviceProfile | undefined;
  onClose: () => void;
  onSaved?: (profile: DeviceProfile) => void;
}

type TabId = 'details' | 'transport' | 'provision' | 'alarms';
const TAB_FIELDS: Record<TabId, readonly DeviceProfileField[]> = {
  details: ['name', 'type', 'description', 'image'],
  transport: [
    'transportType',
    'deviceTelemetryTopic',
    'deviceAttributesTopic',
    'deviceDownlinkTopic',
    'coapDeviceType',
    'payloadType',
    'deviceTelemetryProtoSchema',
    'deviceAttributesProtoSchema',
    'deviceDownlinkProtoSchema',
  ],
  provision: ['provisionType', 'provisionDeviceKey', 'provisionDeviceSecret'],
  alarms: ['alarms'],
};
const TABS: readonly { id: TabId; label: string }[] = [
  { id: 'details', label: 'device-profile.tab-details' },
  { id: 'transport', label: 'device-profile.tab-transport' },
  { id: 'provision', label: 'device-profile.tab-provision' },
  { id: 'alarms', label: 'device-profile.alarm-rules' },
];
const tabOf = (field: DeviceProfileField | undefined): TabId | undefined =>
  field ? TABS.find((tab) => TAB_FIELDS[tab.id].includes(field))?.id : undefined;

/** Add or edit a device profile: details, transport configuration and provisioning, one tab each. */
export function DeviceProfileFormDialog({ profile, onClose, onSaved }: DeviceProfileFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveDeviceProfile();
  const [tab, setTab] = useState<TabId>('details');
  const state = useEntityForm<DeviceProfileForm, DeviceProfileField>({
    initial: deviceProfileFormFrom(profile),
    validate: validateDeviceProfileForm,
    fields: DEVICE_PROFILE_FORM_FIELDS,
    place: placeDeviceProfileError,
  });
  const { form, change, fieldError, invalidFields, serverField, generalError, submit } = state;
  const busy = save.isPending;
  const set = <K extends DeviceProfileField>(field: K, value: DeviceProfileForm[K]) =>
    change((current) => ({ ...current, [field]: value }), field);

  // A server message about a field of another tab brings that tab forward.
  useEffect(() => {
    const target = tabOf(serverField);
    if (target) setTab(target);
  }, [serverField]);

  const onSubmit = () => {
    const firstInvalid = DEVICE_PROFILE_FORM_FIELDS.find((field) => validateDeviceProfileForm(form)[field]);
    const target = tabOf(firstInvalid);
    if (target && target !== tab) setTab(target);
    // After the tab switch has rendered, so the invalid field can take the focus.
    setTimeout(
      () =>
        void submit(async (values) => {
          const saved = await save.mutateAsync(deviceProfilePayload(values, profile));
          notify({
            message: t(profile ? 'device-profile.device-profile-saved' : 'device-profile.device-profile-added', {
              name: saved.name,
            }),
            type: 'success',
          });
          onSaved?.(saved);
          onClose();
        }),
    );
  };

  const tabHasError = (id: TabId) =>
    TAB_FIELDS[id].some((field) => invalidFields.includes(field) || serverField === field);

  return (
    <FormDialog
      open
      title={t(profile ? 'device-profile.edit' : 'device-profile.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={busy}
      error={generalError}
      submitText={profile ? t('action.save') : t('action.add')}
      maxWidth="md"
    >
      <Tabs
        value={tab}
        onChange={(_event, next: TabId) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mt: -1 }}
      >
        {TABS.map(({ id, label }) => (
          <Tab key={id} value={id} label={t(label)} sx={tabHasError(id) ? { color: 'error.main' } : undefined} />
        ))}
      </Tabs>
      <Stack role="tabpanel" spacing={2} sx={{ display: tab === 'details' ? 'flex' : 'none' }}>
        <TextField
          name="name"
          label={t('device-profile.name')}
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
        <TextField
          select
          name="type"
          label={t('device-profile.profile-type')}
          value={form.type}
          onChange={(event) => set('type', event.target.value)}
          disabled={busy}
          error={Boolean(fieldError('type'))}
          helperText={fieldError('type') ?? t('device-profile.profile-type-hint')}
          fullWidth
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          {DEVICE_PROFILE_TYPES.map(({ type, name }) => (
            <MenuItem key={type} value={type}>
              {type === 'DEFAULT' ? t('device-profile.type-default') : name}
            </MenuItem>
          ))}
        </TextField>
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
        <ProfileImageField
          value={form.image}
          onChange={(value) => set('image', value)}
          error={fieldError('image')}
          disabled={busy}
        />
      </Stack>
      <Box role="tabpanel" hidden={tab !== 'transport'}>
        <TransportFields form={form} set={set} fieldError={fieldError} disabled={busy} />
      </Box>
      <Box role="tabpanel" hidden={tab !== 'provision'}>
        <ProvisionFields form={form} set={set} fieldError={fieldError} disabled={busy} />
      </Box>
      <Box role="tabpanel" hidden={tab !== 'alarms'}>
        {fieldError('alarms') && serverField === 'alarms' && (
          <Typography color="error" variant="body2" sx={{ pt: 1 }}>
            {fieldError('alarms')}
          </Typography>
        )}
        <AlarmRulesTab
          alarms={form.alarms}
          onChange={(alarms) => set('alarms', alarms)}
          showErrors={invalidFields.includes('alarms') || serverField === 'alarms'}
          disabled={busy}
        />
      </Box>
    </FormDialog>
  );
}

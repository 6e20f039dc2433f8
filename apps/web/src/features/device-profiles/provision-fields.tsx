import Autorenew from '@mui/icons-material/Autorenew';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { DEVICE_PROVISION_TYPES, type DeviceProvisionType } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button/copy-button';
import { generateSecret } from './model/device-profile-form';
import { PROVISION_HINT, PROVISION_LABEL } from './model/device-profile-labels';
import type { ProfileFieldsProps } from './transport-fields';

const SECRETS = [
  { field: 'provisionDeviceKey', label: 'device-profile.provision-device-key' },
  { field: 'provisionDeviceSecret', label: 'device-profile.provision-device-secret' },
] as const;

/** Device provisioning: the strategy, and the key and secret a device presents (generated on request). */
export function ProvisionFields({ form, set, fieldError, disabled }: ProfileFieldsProps) {
  const { t } = useTranslation();
  const enabled = form.provisionType !== 'DISABLED';
  const choose = (type: DeviceProvisionType) => {
    set('provisionType', type);
    // Turning provisioning on offers fresh credentials rather than two empty required fields.
    if (type !== 'DISABLED') {
      if (!form.provisionDeviceKey) set('provisionDeviceKey', generateSecret());
      if (!form.provisionDeviceSecret) set('provisionDeviceSecret', generateSecret());
    }
  };
  return (
    <Stack spacing={2}>
      <TextField
        select
        name="provisionType"
        label={t('device-profile.provision-strategy')}
        value={form.provisionType}
        onChange={(event) => choose(event.target.value as DeviceProvisionType)}
        disabled={disabled}
        helperText={t(PROVISION_HINT[form.provisionType])}
        fullWidth
      >
        {DEVICE_PROVISION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(PROVISION_LABEL[type])}
          </MenuItem>
        ))}
      </TextField>
      {enabled &&
        SECRETS.map(({ field, label }) => (
          <TextField
            key={field}
            name={field}
            label={t(label)}
            value={form[field]}
            onChange={(event) => set(field, event.target.value)}
            required
            disabled={disabled}
            error={Boolean(fieldError(field))}
            helperText={fieldError(field)}
            fullWidth
            slotProps={{
              htmlInput: { maxLength: 255, spellCheck: false, sx: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('device-profile.generate')}>
                      <span>
                        <IconButton
                          aria-label={t('device-profile.generate-named', { name: t(label) })}
                          disabled={disabled}
                          onClick={() => set(field, generateSecret())}
                        >
                          <Autorenew />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <CopyButton text={form[field]} disabled={!form[field]} edge="end" />
                  </InputAdornment>
                ),
              },
            }}
          />
        ))}
    </Stack>
  );
}

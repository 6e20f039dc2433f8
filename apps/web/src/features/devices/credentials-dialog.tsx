import Autorenew from '@mui/icons-material/Autorenew';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { DEVICE_CREDENTIALS_TYPES, type DeviceCredentialsType } from '@sapo/common';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { notify } from '../../lib/notifications';
import type { DeviceCredentials } from './device-types';
import { useSaveDeviceCredentials } from './devices-queries';
import { generateAccessToken, MAX_ACCESS_TOKEN_LENGTH } from './model/access-token';
import {
  CREDENTIALS_FIELDS,
  MAX_MQTT_FIELD,
  credentialsFormFrom,
  credentialsPayload,
  placeCredentialsError,
  validateCredentialsForm,
  type CredentialsField,
  type CredentialsForm,
} from './model/credentials-form';
import { CREDENTIALS_TYPE_HINT, CREDENTIALS_TYPE_LABEL } from './model/credentials-labels';
import { SecretField } from './secret-field';
import { useEntityForm } from '../../components/entity-form/use-entity-form';

export interface CredentialsDialogProps {
  deviceName: string;
  credentials: DeviceCredentials;
  onClose: () => void;
}

/** 'Manage credentials': access token, MQTT basic (client id / user name / password) or X.509 PEM. */
export function CredentialsDialog({ deviceName, credentials, onClose }: CredentialsDialogProps) {
  const { t } = useTranslation();
  const save = useSaveDeviceCredentials();
  // The type is read at submit time: a taken id belongs to the field of the chosen type.
  const typeRef = useRef<DeviceCredentialsType>(credentials.credentialsType);
  const { form, change, fieldError, generalError, submit } = useEntityForm<CredentialsForm, CredentialsField>({
    initial: credentialsFormFrom(credentials),
    validate: validateCredentialsForm,
    fields: CREDENTIALS_FIELDS,
    place: (message) => placeCredentialsError({ credentialsType: typeRef.current })(message),
  });
  typeRef.current = form.credentialsType;
  const busy = save.isPending;
  const set = <K extends CredentialsField>(field: K, value: CredentialsForm[K]) =>
    change((current) => ({ ...current, [field]: value }), field);

  const onSubmit = () =>
    void submit(async (values) => {
      await save.mutateAsync(credentialsPayload(values, credentials));
      notify({ message: t('device.credentials-saved', { name: deviceName }), type: 'success' });
      onClose();
    });

  const text = (field: CredentialsField, label: string, max: number, extra?: object) => ({
    name: field,
    label: t(label),
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    disabled: busy,
    error: Boolean(fieldError(field)),
    helperText: fieldError(field),
    fullWidth: true,
    slotProps: {
      htmlInput: { maxLength: max, spellCheck: false, autoComplete: 'off', sx: { fontFamily: 'monospace' } },
    },
    ...extra,
  });

  return (
    <FormDialog
      open
      title={t('device.manage-credentials-of', { name: deviceName })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={busy}
      error={generalError}
    >
      <TextField
        select
        name="credentialsType"
        label={t('device.credentials-type')}
        value={form.credentialsType}
        onChange={(event) => set('credentialsType', event.target.value as DeviceCredentialsType)}
        disabled={busy}
        error={Boolean(fieldError('credentialsType'))}
        helperText={fieldError('credentialsType') ?? t(CREDENTIALS_TYPE_HINT[form.credentialsType])}
        fullWidth
      >
        {DEVICE_CREDENTIALS_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(CREDENTIALS_TYPE_LABEL[type])}
          </MenuItem>
        ))}
      </TextField>

      {form.credentialsType === 'ACCESS_TOKEN' && (
        <TextField
          {...text('accessToken', 'device.access-token', MAX_ACCESS_TOKEN_LENGTH)}
          required
          autoFocus
          helperText={fieldError('accessToken') ?? t('device.access-token-hint')}
          slotProps={{
            htmlInput: {
              maxLength: MAX_ACCESS_TOKEN_LENGTH,
              spellCheck: false,
              autoComplete: 'off',
              sx: { fontFamily: 'monospace' },
            },
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
      )}

      {form.credentialsType === 'MQTT_BASIC' && (
        <>
          <TextField {...text('clientId', 'device.client-id', MAX_MQTT_FIELD)} autoFocus />
          <TextField {...text('userName', 'device.user-name', MAX_MQTT_FIELD)} />
          <SecretField
            {...text('password', 'device.password', MAX_MQTT_FIELD)}
            helperText={fieldError('password') ?? t('device.mqtt-basic-hint')}
          />
        </>
      )}

      {form.credentialsType === 'X509_CERTIFICATE' && (
        <TextField
          {...text('certificate', 'device.certificate-pem', 16 * 1024)}
          required
          autoFocus
          multiline
          minRows={8}
          maxRows={16}
          placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
          helperText={fieldError('certificate') ?? t('device.certificate-hint')}
          slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      )}
    </FormDialog>
  );
}

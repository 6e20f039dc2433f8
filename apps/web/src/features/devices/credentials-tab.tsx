import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button/copy-button';
import { DetailsList } from '../contact/details-list';
import { CredentialsDialog } from './credentials-dialog';
import type { DeviceInfo } from './device-types';
import { useDeviceCredentials } from './devices-queries';
import { parseMqttBasic, toPem } from './model/credentials-form';
import { CREDENTIALS_TYPE_LABEL } from './model/credentials-labels';
import { SecretField } from './secret-field';

export interface CredentialsTabProps {
  device: DeviceInfo;
  /** Tenant administrators change credentials; everyone who sees the device may read them. */
  canManage: boolean;
}

/** A read-only value with a copy button, in a monospace field that selects itself on focus. */
function CopyField({
  label,
  value,
  multiline,
  testId,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline={multiline}
      maxRows={multiline ? 12 : undefined}
      onFocus={(event) => event.target.select()}
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <CopyButton text={value} label={t('device.copy-named', { name: label })} edge="end" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'data-testid': testId, sx: { fontFamily: 'monospace', fontSize: multiline ? 13 : undefined } },
      }}
    />
  );
}

/** The device's credentials: what a real device needs to connect, copyable, and the way to change them. */
export function CredentialsTab({ device, canManage }: CredentialsTabProps) {
  const { t } = useTranslation();
  const { data: credentials, isLoading, isError } = useDeviceCredentials(device.id.id);
  const [managing, setManaging] = useState(false);

  if (isLoading) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (isError || !credentials) return <Alert severity="error">{t('device.credentials-load-failed')}</Alert>;

  let fields: ReactNode;
  if (credentials.credentialsType === 'ACCESS_TOKEN') {
    fields = (
      <>
        <CopyField label={t('device.access-token')} value={credentials.credentialsId} testId="access-token" />
        <Alert severity="info">{t('device.access-token-usage', { token: credentials.credentialsId })}</Alert>
      </>
    );
  } else if (credentials.credentialsType === 'MQTT_BASIC') {
    const mqtt = parseMqttBasic(credentials.credentialsValue);
    fields = (
      <>
        {mqtt.clientId && <CopyField label={t('device.client-id')} value={mqtt.clientId} />}
        {mqtt.userName && <CopyField label={t('device.user-name')} value={mqtt.userName} />}
        {mqtt.password && (
          <SecretField
            label={t('device.password')}
            value={mqtt.password}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
            extra={
              <CopyButton
                text={mqtt.password}
                label={t('device.copy-named', { name: t('device.password') })}
                edge="end"
              />
            }
          />
        )}
      </>
    );
  } else {
    fields = <CopyField label={t('device.certificate-pem')} value={toPem(credentials.credentialsValue)} multiline />;
  }

  return (
    <Stack spacing={2.5}>
      <DetailsList
        items={[{ label: t('device.credentials-type'), value: t(CREDENTIALS_TYPE_LABEL[credentials.credentialsType]) }]}
      />
      {fields}
      {canManage && (
        <Button
          variant="outlined"
          startIcon={<Key />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setManaging(true)}
        >
          {t('device.manage-credentials')}
        </Button>
      )}
      {managing && (
        <CredentialsDialog deviceName={device.name} credentials={credentials} onClose={() => setManaging(false)} />
      )}
    </Stack>
  );
}

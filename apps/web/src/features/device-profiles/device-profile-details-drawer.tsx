import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Flag from '@mui/icons-material/Flag';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DEVICE_PROFILE_TYPES, type TransportConfiguration } from '@sapo/common';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button/copy-button';
import { EntityDetailsDrawer } from '../../components/entity-details/entity-details-drawer';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection, type DetailItem } from '../contact/details-list';
import { useLastDefined } from '../contact/use-last-defined';
import type { DeviceProfile } from './device-profile-types';
import { useDeviceProfile } from './device-profiles-queries';
import { COAP_TYPE_LABEL, PAYLOAD_LABEL, PROVISION_LABEL, TRANSPORT_LABEL } from './model/device-profile-labels';
import { isImageDataUrl } from './model/image-file';

export interface DeviceProfileDetailsDrawerProps {
  /** The row that was clicked: shown at once, then refreshed from the server. */
  profile: DeviceProfile | undefined;
  canEdit: boolean;
  onClose: () => void;
  onEdit: (profile: DeviceProfile) => void;
  onDelete: (profile: DeviceProfile) => void;
  onMakeDefault: (profile: DeviceProfile) => void;
}

const mono = (text: string) => (
  <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
    {text}
  </Box>
);

function useTransportItems(transport: TransportConfiguration | undefined): DetailItem[] {
  const { t } = useTranslation();
  if (transport?.type === 'MQTT') {
    return [
      { label: t('device-profile.telemetry-topic-filter'), value: mono(transport.deviceTelemetryTopic), wide: true },
      { label: t('device-profile.attributes-topic-filter'), value: mono(transport.deviceAttributesTopic), wide: true },
      { label: t('device-profile.downlink-topic'), value: mono(transport.deviceDownlinkTopic), wide: true },
      {
        label: t('device-profile.payload-type'),
        value: t(PAYLOAD_LABEL[transport.transportPayloadTypeConfiguration.transportPayloadType]),
      },
    ];
  }
  if (transport?.type === 'COAP') {
    const { coapDeviceType, transportPayloadTypeConfiguration } = transport.coapDeviceTypeConfiguration;
    return [
      { label: t('device-profile.coap-device-type'), value: t(COAP_TYPE_LABEL[coapDeviceType]) },
      {
        label: t('device-profile.payload-type'),
        value: t(PAYLOAD_LABEL[transportPayloadTypeConfiguration.transportPayloadType]),
      },
    ];
  }
  return [];
}

/** A device profile at a glance: general data, transport and provisioning, with its actions. */
export function DeviceProfileDetailsDrawer(props: DeviceProfileDetailsDrawerProps) {
  const { profile: row, canEdit, onClose, onEdit, onDelete, onMakeDefault } = props;
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const { data: fresh } = useDeviceProfile(row?.id.id, row);
  const profile = useLastDefined(fresh);
  const transportItems = useTransportItems(profile?.profileData.transportConfiguration);
  const typeName = DEVICE_PROFILE_TYPES.find((item) => item.type === profile?.type)?.name;
  const secret = profile?.profileData.provisionConfiguration?.provisionDeviceSecret;

  return (
    <EntityDetailsDrawer
      open={Boolean(row)}
      onClose={onClose}
      title={profile?.name ?? ''}
      subtitle={t('device-profile.device-profile-details')}
      actions={
        profile &&
        canEdit && (
          <>
            {!profile.default && (
              <Button variant="outlined" startIcon={<Flag />} onClick={() => onMakeDefault(profile)}>
                {t('device-profile.set-default')}
              </Button>
            )}
            <Button variant="outlined" startIcon={<Edit />} onClick={() => onEdit(profile)}>
              {t('action.edit')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<Delete />}
              disabled={profile.default}
              onClick={() => onDelete(profile)}
            >
              {t('action.delete')}
            </Button>
          </>
        )
      }
    >
      {profile && (
        <>
          <DetailsSection title={t('common.general')}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              {isImageDataUrl(profile.image) && (
                <Box
                  component="img"
                  src={profile.image}
                  alt={t('device-profile.image')}
                  sx={{ width: 100, height: 100, objectFit: 'contain', borderRadius: 1, flexShrink: 0 }}
                />
              )}
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <DetailsList
                  items={[
                    {
                      label: t('device-profile.name'),
                      value: profile.default ? (
                        <>
                          {profile.name} <Chip size="small" color="primary" label={t('device-profile.default')} />
                        </>
                      ) : (
                        profile.name
                      ),
                    },
                    {
                      label: t('device-profile.profile-type'),
                      value: profile.type === 'DEFAULT' ? t('device-profile.type-default') : (typeName ?? profile.type),
                    },
                    { label: t('common.created-time'), value: formatTime(profile.createdTime) },
                    { label: t('common.id'), value: <code>{profile.id.id}</code>, wide: true },
                    { label: t('common.description'), value: profile.description ?? '', wide: true },
                  ]}
                />
              </Box>
            </Stack>
          </DetailsSection>
          <DetailsSection title={t('device-profile.tab-transport')}>
            <DetailsList
              items={[
                { label: t('device-profile.transport-type'), value: t(TRANSPORT_LABEL[profile.transportType]) },
                ...transportItems,
              ]}
            />
          </DetailsSection>
          <DetailsSection title={t('device-profile.tab-provision')}>
            <DetailsList
              items={[
                {
                  label: t('device-profile.provision-strategy'),
                  value: t(PROVISION_LABEL[profile.provisionType]),
                  wide: true,
                },
                ...(profile.provisionType !== 'DISABLED'
                  ? [
                      {
                        label: t('device-profile.provision-device-key'),
                        value: profile.provisionDeviceKey && (
                          <>
                            {mono(profile.provisionDeviceKey)}
                            <CopyButton text={profile.provisionDeviceKey} size="small" />
                          </>
                        ),
                        wide: true,
                      },
                      {
                        label: t('device-profile.provision-device-secret'),
                        value: secret && (
                          <>
                            {mono(secret)}
                            <CopyButton text={secret} size="small" />
                          </>
                        ),
                        wide: true,
                      },
                    ]
                  : []),
              ]}
            />
          </DetailsSection>
        </>
      )}
    </EntityDetailsDrawer>
  );
}

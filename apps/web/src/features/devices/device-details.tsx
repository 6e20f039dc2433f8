import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button/copy-button';
import { isAssigned, isPublic } from '../assignment/model/assignment-model';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection } from '../contact/details-list';
import { deviceDescription, isGateway, type DeviceInfo } from './device-types';

/** Every field of a device, read-only (editing is the dialog's). */
export function DeviceDetails({ device, showOwner }: { device: DeviceInfo; showOwner: boolean }) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const gateway = isGateway(device);
  const owner = !isAssigned(device)
    ? t('device.unassigned')
    : isPublic(device)
      ? t('device.public')
      : (device.customerTitle ?? '');
  return (
    <Stack spacing={3}>
      <DetailsSection title={t('common.general')}>
        <DetailsList
          items={[
            { label: t('device.name'), value: device.name },
            { label: t('device.label'), value: device.label ?? '' },
            { label: t('device-profile.device-profile'), value: device.deviceProfileName },
            { label: t('device.device-type'), value: device.type },
            ...(showOwner ? [{ label: t('device.customer'), value: owner }] : []),
            {
              label: t('device.is-gateway'),
              value: gateway ? (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Chip size="small" color="primary" label={t('device.gateway')} />
                  {device.additionalInfo?.overwriteActivityTime === true && (
                    <Chip size="small" variant="outlined" label={t('device.overwrite-activity-time')} />
                  )}
                </Stack>
              ) : (
                t('action.no')
              ),
            },
            { label: t('common.created-time'), value: formatTime(device.createdTime) },
            {
              label: t('common.id'),
              value: (
                <>
                  <code>{device.id.id}</code>
                  <CopyButton
                    text={device.id.id}
                    label={t('device.copy-id')}
                    size="small"
                    copiedMessage={t('device.id-copied')}
                  />
                </>
              ),
              wide: true,
            },
            { label: t('common.description'), value: deviceDescription(device), wide: true },
          ]}
        />
      </DetailsSection>
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntitySubtypeSelect } from '../../components/entity-subtype/entity-subtype-select';
import { useAuth } from '../auth/auth-provider';
import { DeviceProfileAutocomplete } from '../device-profiles/device-profile-autocomplete';
import type { DeviceProfileInfo } from '../device-profiles/device-profile-types';

export interface DeviceFiltersProps {
  profile: DeviceProfileInfo | null;
  type: string;
  /** The list calls filter by one of them: choosing one clears the other. */
  onProfileChange: (profile: DeviceProfileInfo | null) => void;
  onTypeChange: (type: string) => void;
  /** Buttons at the end of the row (import, export). */
  children?: ReactNode;
}

/** The filter row above the devices table: device profile or device type, then the list's tools. */
export function DeviceFilters({ profile, type, onProfileChange, onTypeChange, children }: DeviceFiltersProps) {
  const { t } = useTranslation();
  const { client } = useAuth();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <DeviceProfileAutocomplete
        value={profile}
        onChange={onProfileChange}
        name="profileFilter"
        label={t('device.filter-by-profile')}
        placeholder={t('device.all-device-profiles')}
        size="small"
        sx={{ width: { xs: '100%', sm: 240 } }}
      />
      <EntitySubtypeSelect
        entityType="DEVICE"
        client={client}
        value={type}
        onChange={onTypeChange}
        label={t('device.filter-by-type')}
        sx={{ width: { xs: '100%', sm: 200 } }}
      />
      <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
        {children}
      </Stack>
    </Stack>
  );
}

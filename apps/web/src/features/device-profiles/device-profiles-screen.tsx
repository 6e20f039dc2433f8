import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { useCurrentUser } from '../auth/auth-queries';
import { DeviceProfileDetailsDrawer } from './device-profile-details-drawer';
import { DeviceProfileFormDialog } from './device-profile-form-dialog';
import type { DeviceProfile } from './device-profile-types';
import { useDeviceProfileActions } from './use-device-profile-actions';
import { DeviceProfilesTable } from './device-profiles-table';

type Editing = { profile?: DeviceProfile } | null;

/** The tenant's device profiles: table, details panel, add/edit dialog, make default, delete. */
export function DeviceProfilesScreen() {
  const { t } = useTranslation();
  const searchText = usePageSearch();
  const { data: user } = useCurrentUser();
  // ThingsBoard: profiles are the tenant administrator's; tenant users may look (reference §2.2).
  const canEdit = user?.authority === 'TENANT_ADMIN';
  const [opened, setOpened] = useState<DeviceProfile>();
  const [editing, setEditing] = useState<Editing>(null);
  const { confirmDelete, confirmMakeDefault } = useDeviceProfileActions();

  const remove = async (profile: DeviceProfile) => {
    await confirmDelete(profile, () => {
      if (opened?.id.id === profile.id.id) setOpened(undefined);
    });
  };

  return (
    <Box>
      <PageHeader
        title={t('device-profile.device-profiles')}
        addLabel={canEdit ? t('device-profile.add') : undefined}
        onAdd={() => setEditing({})}
      />
      <DeviceProfilesTable
        searchText={searchText}
        selectedId={opened?.id.id}
        canEdit={canEdit}
        onOpen={setOpened}
        onEdit={(profile) => setEditing({ profile })}
        onDelete={(profile) => void remove(profile)}
        onMakeDefault={(profile) => void confirmMakeDefault(profile)}
      />
      <DeviceProfileDetailsDrawer
        profile={opened}
        canEdit={canEdit}
        onClose={() => setOpened(undefined)}
        onEdit={(profile) => setEditing({ profile })}
        onDelete={(profile) => void remove(profile)}
        onMakeDefault={(profile) => void confirmMakeDefault(profile)}
      />
      {editing && <DeviceProfileFormDialog profile={editing.profile} onClose={() => setEditing(null)} />}
    </Box>
  );
}

import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { TenantProfileDetailsDrawer } from './tenant-profile-details-drawer';
import { TenantProfileFormDialog } from './tenant-profile-form-dialog';
import type { TenantProfile } from './tenant-profile-types';
import { TenantProfilesTable } from './tenant-profiles-table';
import { useTenantProfileActions } from './use-tenant-profile-actions';

type Editing = { profile?: TenantProfile } | null;

/** The system administrator's tenant profiles: table, details, add/edit, make default, delete. */
export function TenantProfilesScreen() {
  const { t } = useTranslation();
  const searchText = usePageSearch();
  const [opened, setOpened] = useState<TenantProfile>();
  const [editing, setEditing] = useState<Editing>(null);
  const { confirmDelete, confirmMakeDefault } = useTenantProfileActions();

  const remove = async (profile: TenantProfile) => {
    await confirmDelete(profile, () => {
      if (opened?.id.id === profile.id.id) setOpened(undefined);
    });
  };
  const edit = (profile: TenantProfile) => setEditing({ profile });
  const makeDefault = (profile: TenantProfile) => void confirmMakeDefault(profile);

  return (
    <Box>
      <PageHeader
        title={t('tenant-profile.tenant-profiles')}
        addLabel={t('tenant-profile.add')}
        onAdd={() => setEditing({})}
      />
      <TenantProfilesTable
        searchText={searchText}
        selectedId={opened?.id.id}
        onOpen={setOpened}
        onEdit={edit}
        onDelete={(profile) => void remove(profile)}
        onMakeDefault={makeDefault}
      />
      <TenantProfileDetailsDrawer
        profile={opened}
        onClose={() => setOpened(undefined)}
        onEdit={edit}
        onDelete={(profile) => void remove(profile)}
        onMakeDefault={makeDefault}
      />
      {editing && <TenantProfileFormDialog profile={editing.profile} onClose={() => setEditing(null)} />}
    </Box>
  );
}

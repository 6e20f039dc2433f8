import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { TenantDetailsDrawer } from './tenant-details-drawer';
import { TenantFormDialog } from './tenant-form-dialog';
import type { TenantInfo } from './tenant-types';
import { TenantsTable } from './tenants-table';
import { useConfirmDeleteTenant } from './use-delete-tenant';

type Editing = { tenant?: TenantInfo } | null;

/** The system administrator's tenants: table, details panel, add/edit dialog, delete. */
export function TenantsScreen() {
  const { t } = useTranslation();
  const searchText = usePageSearch();
  const [opened, setOpened] = useState<TenantInfo>();
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useConfirmDeleteTenant();

  const remove = async (tenant: TenantInfo) => {
    await confirmDelete(tenant, () => {
      if (opened?.id.id === tenant.id.id) setOpened(undefined);
    });
  };

  return (
    <Box>
      <PageHeader title={t('tenant.tenants')} addLabel={t('tenant.add')} onAdd={() => setEditing({})} />
      <TenantsTable
        searchText={searchText}
        selectedId={opened?.id.id}
        onOpen={setOpened}
        onEdit={(tenant) => setEditing({ tenant })}
        onDelete={(tenant) => void remove(tenant)}
      />
      <TenantDetailsDrawer
        tenant={opened}
        onClose={() => setOpened(undefined)}
        onEdit={(tenant) => setEditing({ tenant })}
        onDelete={(tenant) => void remove(tenant)}
      />
      {editing && <TenantFormDialog tenant={editing.tenant} onClose={() => setEditing(null)} />}
    </Box>
  );
}

import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NULL_UUID } from '@sapo/common';
import { PageHeader } from '../../components/entity-table/page-header';
import { ImportJsonButton } from '../../components/import-file/import-json-button';
import { usePageSearch } from '../../components/page-search/page-search';
import { useCurrentUser } from '../auth/auth-queries';
import { DashboardFormDialog } from './dashboard-form-dialog';
import type { DashboardInfo } from './dashboard-types';
import { DashboardsTable } from './dashboards-table';
import { ManageCustomersDialog } from './manage-customers-dialog';
import { PublicLinkDialog } from './public-link-dialog';
import { useDashboardActions } from './use-dashboard-actions';

/**
 * /dashboards: a tenant administrator's dashboards with add, edit, import/export, sharing with customers
 * and public links; tenant users and customer users see their list read-only.
 */
export function DashboardsScreen() {
  const { t } = useTranslation();
  const searchText = usePageSearch();
  const user = useCurrentUser().data;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DashboardInfo | null>(null);
  const [sharing, setSharing] = useState<DashboardInfo | null>(null);
  const actions = useDashboardActions();
  if (!user) return null;
  const admin = user.authority === 'TENANT_ADMIN';
  const customerId = user.customerId.id !== NULL_UUID ? user.customerId.id : undefined;

  return (
    <Box>
      <PageHeader
        title={t('dashboard.dashboards')}
        addLabel={admin ? t('dashboard.add') : undefined}
        onAdd={admin ? () => setAdding(true) : undefined}
        actions={
          admin && (
            <ImportJsonButton
              label={t('dashboard.import')}
              inputTestId="dashboard-import-input"
              onFile={(file) => void actions.importFile(file)}
            />
          )
        }
      />
      <DashboardsTable
        searchText={searchText}
        customerId={customerId}
        actions={
          admin
            ? {
                onEdit: setEditing,
                onExport: (d) => void actions.exportDashboard(d),
                onManageCustomers: setSharing,
                onMakePublic: (d) => void actions.makePublic(d),
                onMakePrivate: (d) => void actions.makePrivate(d),
                onShowPublicLink: actions.showPublicLink,
                onDelete: (d) => void actions.confirmDelete(d),
              }
            : undefined
        }
      />
      {adding && <DashboardFormDialog onClose={() => setAdding(false)} />}
      {editing && (
        <DashboardFormDialog
          editing={{
            id: editing.id.id,
            title: editing.title,
            description:
              typeof editing.configuration?.description === 'string' ? editing.configuration.description : '',
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {sharing && <ManageCustomersDialog dashboard={sharing} onClose={() => setSharing(null)} />}
      {actions.publicLink && (
        <PublicLinkDialog
          title={actions.publicLink.title}
          link={actions.publicLink.link}
          onClose={actions.closePublicLink}
        />
      )}
    </Box>
  );
}

import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityTable, type Column, type RowAction } from '../../components/entity-table/entity-table';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { queryKeys } from '../../lib/query-keys';
import { countryLabel } from '../contact/model/country-options';
import { useDateTimeFormat } from '../contact/date-time';
import type { TenantInfo } from './tenant-types';
import { useTenantPages } from './tenants-queries';

export interface TenantsTableProps {
  searchText: string;
  selectedId?: string | undefined;
  onOpen: (tenant: TenantInfo) => void;
  onEdit: (tenant: TenantInfo) => void;
  onDelete: (tenant: TenantInfo) => void;
}

/** The tenants of the system, newest first; phones see the title and the actions. */
export function TenantsTable({ searchText, selectedId, onOpen, onEdit, onDelete }: TenantsTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const fetchPage = useTenantPages();

  const columns: Column<TenantInfo>[] = [
    createdTimeColumn(t, formatTime, 'sm'),
    { id: 'title', label: t('common.title'), sortProperty: 'title', render: (row) => row.title },
    {
      id: 'profile',
      label: t('tenant-profile.tenant-profile'),
      sortProperty: 'tenantProfileName',
      render: (row) => row.tenantProfileName,
      hideBelow: 'md',
    },
    { id: 'email', label: t('contact.email'), sortProperty: 'email', render: (row) => row.email, hideBelow: 'md' },
    {
      id: 'country',
      label: t('contact.country'),
      sortProperty: 'country',
      render: (row) => countryLabel(row.country, i18n.language),
      hideBelow: 'lg',
    },
    { id: 'city', label: t('contact.city'), sortProperty: 'city', render: (row) => row.city, hideBelow: 'lg' },
  ];
  const actions: RowAction<TenantInfo>[] = [
    {
      id: 'users',
      label: t('tenant.manage-tenant-users'),
      icon: <SupervisorAccount fontSize="small" />,
      onClick: (row) => navigate(`/tenants/${row.id.id}/users`),
    },
    { id: 'edit', label: t('action.edit'), icon: <Edit fontSize="small" />, onClick: onEdit },
    { id: 'delete', label: t('action.delete'), icon: <Delete fontSize="small" />, onClick: onDelete },
  ];

  return (
    <EntityTable<TenantInfo>
      queryKey={queryKeys.tenants.list}
      fetchPage={fetchPage}
      rowId={(row) => row.id.id}
      columns={columns}
      defaultSort={{ property: 'createdTime', direction: 'DESC' }}
      searchText={searchText}
      actions={actions}
      onRowClick={onOpen}
      selectedId={selectedId}
      emptyText={searchText ? t('tenant.no-tenants-matching', { entity: searchText }) : t('tenant.no-tenants-text')}
      label={t('tenant.tenants')}
    />
  );
}

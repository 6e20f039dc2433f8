import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Flag from '@mui/icons-material/Flag';
import { useTranslation } from 'react-i18next';
import { EntityTable, type Column, type RowAction } from '../../components/entity-table/entity-table';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { queryKeys } from '../../lib/query-keys';
import { useDateTimeFormat } from '../contact/date-time';
import type { TenantProfile } from './tenant-profile-types';
import { useTenantProfilePages } from './tenant-profiles-queries';

export interface TenantProfilesTableProps {
  searchText: string;
  selectedId?: string | undefined;
  onOpen: (profile: TenantProfile) => void;
  onEdit: (profile: TenantProfile) => void;
  onDelete: (profile: TenantProfile) => void;
  onMakeDefault: (profile: TenantProfile) => void;
}

/** Tenant profiles, newest first. The default one cannot be deleted nor made default again. */
export function TenantProfilesTable(props: TenantProfilesTableProps) {
  const { searchText, selectedId, onOpen, onEdit, onDelete, onMakeDefault } = props;
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const fetchPage = useTenantProfilePages();

  const columns: Column<TenantProfile>[] = [
    createdTimeColumn(t, formatTime, 'sm'),
    { id: 'name', label: t('tenant-profile.name'), sortProperty: 'name', render: (row) => row.name },
    {
      id: 'description',
      label: t('common.description'),
      sortProperty: 'description',
      render: (row) => row.description,
      hideBelow: 'md',
    },
    {
      id: 'default',
      label: t('tenant-profile.default'),
      sortProperty: 'isDefault',
      align: 'center',
      width: 110,
      render: (row) =>
        row.default ? <CheckCircle color="primary" fontSize="small" titleAccess={t('tenant-profile.default')} /> : null,
    },
  ];
  const actions: RowAction<TenantProfile>[] = [
    {
      id: 'default',
      label: t('tenant-profile.set-default'),
      icon: <Flag fontSize="small" />,
      onClick: onMakeDefault,
      hidden: (row) => row.default,
    },
    { id: 'edit', label: t('action.edit'), icon: <Edit fontSize="small" />, onClick: onEdit },
    {
      id: 'delete',
      label: t('action.delete'),
      icon: <Delete fontSize="small" />,
      onClick: onDelete,
      disabled: (row) => row.default,
    },
  ];

  return (
    <EntityTable<TenantProfile>
      queryKey={queryKeys.tenantProfiles.list}
      fetchPage={fetchPage}
      rowId={(row) => row.id.id}
      columns={columns}
      defaultSort={{ property: 'createdTime', direction: 'DESC' }}
      searchText={searchText}
      actions={actions}
      onRowClick={onOpen}
      selectedId={selectedId}
      emptyText={
        searchText
          ? t('tenant-profile.no-tenant-profiles-matching', { entity: searchText })
          : t('tenant-profile.no-tenant-profiles-text')
      }
      label={t('tenant-profile.tenant-profiles')}
    />
  );
}

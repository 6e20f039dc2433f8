import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Flag from '@mui/icons-material/Flag';
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { EntityTable, type Column, type RowAction } from '../../components/entity-table/entity-table';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { queryKeys } from '../../lib/query-keys';
import { useDateTimeFormat } from '../contact/date-time';
import type { DeviceProfile } from './device-profile-types';
import { useDeviceProfilePages } from './device-profiles-queries';
import { isImageDataUrl } from './model/image-file';
import { PROVISION_LABEL, TRANSPORT_LABEL } from './model/device-profile-labels';

export interface DeviceProfilesTableProps {
  searchText: string;
  selectedId?: string | undefined;
  /** Tenant administrators change profiles; tenant users only look. */
  canEdit: boolean;
  onOpen: (profile: DeviceProfile) => void;
  onEdit: (profile: DeviceProfile) => void;
  onDelete: (profile: DeviceProfile) => void;
  onMakeDefault: (profile: DeviceProfile) => void;
}

/** The tenant's device profiles, newest first. The default one cannot be deleted nor made default again. */
export function DeviceProfilesTable(props: DeviceProfilesTableProps) {
  const { searchText, selectedId, canEdit, onOpen, onEdit, onDelete, onMakeDefault } = props;
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const fetchPage = useDeviceProfilePages();

  const columns: Column<DeviceProfile>[] = [
    createdTimeColumn(t, formatTime, 'md'),
    {
      id: 'name',
      label: t('device-profile.name'),
      sortProperty: 'name',
      render: (row) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {isImageDataUrl(row.image) && (
            <Avatar src={row.image} alt="" variant="rounded" sx={{ width: 28, height: 28 }} />
          )}
          <span>{row.name}</span>
        </Stack>
      ),
    },
    {
      id: 'transportType',
      label: t('device-profile.transport-type'),
      sortProperty: 'transportType',
      render: (row) => t(TRANSPORT_LABEL[row.transportType] ?? row.transportType),
      hideBelow: 'sm',
    },
    {
      id: 'provisionType',
      label: t('device-profile.provision-strategy'),
      sortProperty: 'provisionType',
      render: (row) => t(PROVISION_LABEL[row.provisionType] ?? row.provisionType),
      hideBelow: 'lg',
    },
    {
      id: 'description',
      label: t('common.description'),
      sortProperty: 'description',
      render: (row) => row.description,
      hideBelow: 'lg',
    },
    {
      id: 'default',
      label: t('device-profile.default'),
      sortProperty: 'isDefault',
      align: 'center',
      width: 100,
      render: (row) =>
        row.default ? <CheckCircle color="primary" fontSize="small" titleAccess={t('device-profile.default')} /> : null,
    },
  ];
  const actions: RowAction<DeviceProfile>[] = canEdit
    ? [
        {
          id: 'default',
          label: t('device-profile.set-default'),
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
      ]
    : [];

  return (
    <EntityTable<DeviceProfile>
      queryKey={queryKeys.deviceProfiles.list}
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
          ? t('device-profile.no-device-profiles-matching', { entity: searchText })
          : t('device-profile.no-device-profiles-text')
      }
      label={t('device-profile.device-profiles')}
    />
  );
}

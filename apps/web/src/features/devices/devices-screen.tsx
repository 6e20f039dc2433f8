import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Delete from '@mui/icons-material/Delete';
import FileUpload from '@mui/icons-material/FileUpload';
import Public from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityTable, type RowAction } from '../../components/entity-table/entity-table';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { queryKeys } from '../../lib/query-keys';
import { AssignToCustomerDialog } from '../assignment/assign-to-customer-dialog';
import { BulkProgressDialog } from '../assignment/bulk-progress-dialog';
import { useCurrentUser } from '../auth/auth-queries';
import { ExportCsvButton } from '../bulk-import/export-csv-button';
import { BulkImportDialog } from '../bulk-import/bulk-import-dialog';
import { useDateTimeFormat } from '../contact/date-time';
import type { DeviceProfileInfo } from '../device-profiles/device-profile-types';
import { useDefaultDeviceProfileInfo } from '../device-profiles/device-profiles-queries';
import { deviceColumns, deviceCsvColumns } from './device-columns';
import { DeviceDetailsDrawer, type DeviceTab } from './device-details-drawer';
import { DeviceFilters } from './device-filters';
import { DeviceFormDialog } from './device-form-dialog';
import { DeviceSelectionBar } from './device-selection-bar';
import type { DeviceInfo } from './device-types';
import { useDevicePages, useRefreshDevices } from './devices-queries';
import { withProfileFilter, withTypeFilter, type DeviceFilter } from './model/device-list';
import { devicePermissions } from './model/device-permissions';
import { useDeviceActions } from './use-device-actions';

type Editing = { device?: DeviceInfo } | null;

/** Devices of the tenant (or, for customer roles, of their customer): table, details, dialogs, bulk actions. */
export function DevicesScreen() {
  const { t } = useTranslation();
  const searchText = usePageSearch();
  const formatTime = useDateTimeFormat();
  const { data: user } = useCurrentUser();
  const permissions = devicePermissions(user?.authority);
  const scope = user ? { authority: user.authority, customerId: user.customerId.id } : undefined;

  const [filter, setFilter] = useState<DeviceFilter>({});
  const [profileFilter, setProfileFilter] = useState<DeviceProfileInfo | null>(null);
  const [opened, setOpened] = useState<{ device: DeviceInfo; tab: DeviceTab }>();
  const [editing, setEditing] = useState<Editing>(null);
  const [assigning, setAssigning] = useState<DeviceInfo[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<Map<string, DeviceInfo>>(new Map());
  const defaultProfile = useDefaultDeviceProfileInfo(permissions.create);
  const refresh = useRefreshDevices();
  const fetchPage = useDevicePages(scope, filter);

  const actions = useDeviceActions(permissions, {
    onEdit: (device) => setEditing({ device }),
    onAssign: setAssigning,
    onCredentials: (device) => setOpened({ device, tab: 'credentials' }),
    onDeleting: (devices) => {
      if (opened && devices.some((device) => device.id.id === opened.device.id.id)) setOpened(undefined);
    },
  });
  const clearSelection = () => setSelected(new Map());
  const selectedList = [...selected.values()];

  const rowActions: RowAction<DeviceInfo>[] = actions.items.map((item) => ({
    id: item.id,
    label: item.label,
    icon: item.icon,
    onClick: item.run,
    hidden: (row) => !item.shown(row),
  }));

  const bulkActions = [
    ...(permissions.assign
      ? [
          {
            id: 'assign',
            label: t('assignment.assign-to-customer'),
            icon: <AssignmentInd fontSize="small" />,
            run: () => setAssigning(selectedList),
          },
          {
            id: 'unassign',
            label: t('assignment.unassign'),
            icon: <AssignmentReturn fontSize="small" />,
            run: () => void actions.assignment.unassign(selectedList).then((done) => done && clearSelection()),
          },
          {
            id: 'make-public',
            label: t('assignment.make-public'),
            icon: <Public fontSize="small" />,
            run: () => void actions.assignment.makePublic(selectedList).then((done) => done && clearSelection()),
          },
        ]
      : []),
    ...(permissions.delete
      ? [
          {
            id: 'delete',
            label: t('action.delete'),
            icon: <Delete fontSize="small" />,
            danger: true,
            run: () => void actions.remove(selectedList).then((done) => done !== null && clearSelection()),
          },
        ]
      : []),
  ];
  const canSelect = bulkActions.length > 0;
  const columns = deviceColumns(t, formatTime, permissions.seeOwner);
  const csvColumns = useMemo(() => deviceCsvColumns(t, permissions.seeOwner), [t, permissions.seeOwner]);

  return (
    <Box>
      <PageHeader
        title={t('device.devices')}
        addLabel={permissions.create ? t('device.add') : undefined}
        onAdd={() => setEditing({})}
      />
      <DeviceFilters
        profile={profileFilter}
        type={filter.type ?? ''}
        onProfileChange={(profile) => {
          setProfileFilter(profile);
          setFilter(withProfileFilter(profile?.id.id));
        }}
        onTypeChange={(type) => {
          setProfileFilter(null);
          setFilter(withTypeFilter(type));
        }}
      >
        {permissions.import && (
          <Button variant="outlined" startIcon={<FileUpload />} onClick={() => setImporting(true)}>
            {t('device.import')}
          </Button>
        )}
        <ExportCsvButton
          baseName="devices"
          fetchPage={fetchPage}
          columns={csvColumns}
          searchText={searchText}
          sortProperty="name"
          sortOrder="ASC"
        />
      </DeviceFilters>
      {canSelect && selected.size > 0 && (
        <DeviceSelectionBar
          selected={selectedList}
          actions={bulkActions}
          busy={actions.busy}
          onClear={clearSelection}
        />
      )}
      <EntityTable<DeviceInfo>
        queryKey={[...queryKeys.devices.list, scope?.authority, scope?.customerId, filter]}
        fetchPage={fetchPage}
        rowId={(row) => row.id.id}
        columns={columns}
        defaultSort={{ property: 'createdTime', direction: 'DESC' }}
        searchText={searchText}
        actions={rowActions}
        onRowClick={(device) => setOpened({ device, tab: 'details' })}
        selectedId={opened?.device.id.id}
        emptyText={searchText ? t('device.no-devices-matching', { entity: searchText }) : t('device.no-devices-text')}
        label={t('device.devices')}
        selection={canSelect ? { selected, onChange: setSelected, rowLabel: (row) => row.name } : undefined}
      />
      <DeviceDetailsDrawer
        device={opened?.device}
        tab={opened?.tab ?? 'details'}
        onTabChange={(tab) => setOpened((current) => current && { ...current, tab })}
        permissions={permissions}
        actions={actions.items}
        busy={actions.busy}
        onClose={() => setOpened(undefined)}
      />
      {editing && (
        <DeviceFormDialog
          device={editing.device}
          defaultProfile={defaultProfile.data}
          canEditProfile={permissions.editProfile}
          onClose={() => setEditing(null)}
        />
      )}
      <AssignToCustomerDialog
        entityType="DEVICE"
        entities={assigning ?? []}
        open={assigning !== null}
        onClose={() => setAssigning(null)}
        onDone={() => {
          // A bulk assignment empties the selection; a row's leaves it alone.
          if (assigning && assigning.length > 1) clearSelection();
          else if (assigning?.[0] && selected.has(assigning[0].id.id)) clearSelection();
        }}
      />
      <BulkImportDialog
        entityType="DEVICE"
        open={importing}
        onClose={() => {
          setImporting(false);
          void refresh();
        }}
      />
      {/* One row's action needs no modal progress; a selection's does. */}
      <BulkProgressDialog progress={actions.progress && actions.progress.total > 1 ? actions.progress : null} />
    </Box>
  );
}

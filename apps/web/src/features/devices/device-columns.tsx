import CheckCircle from '@mui/icons-material/CheckCircle';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/entity-table/entity-table';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { isPublic } from '../assignment/model/assignment-model';
import type { CsvColumn } from '../bulk-import/csv-export';
import { deviceDescription, isGateway, type DeviceInfo } from './device-types';

/** Table columns; the customer and public columns are for tenant roles (customers own every row). */
export function deviceColumns(
  t: TFunction,
  formatTime: (ms: number) => string,
  showOwner: boolean,
): Column<DeviceInfo>[] {
  const columns: Column<DeviceInfo>[] = [
    createdTimeColumn(t, formatTime, 'md'),
    { id: 'name', label: t('device.name'), sortProperty: 'name', render: (row) => row.name },
    {
      id: 'deviceProfileName',
      label: t('device-profile.device-profile'),
      sortProperty: 'deviceProfileName',
      render: (row) => row.deviceProfileName,
      hideBelow: 'sm',
    },
    { id: 'label', label: t('device.label'), sortProperty: 'label', render: (row) => row.label, hideBelow: 'lg' },
  ];
  if (showOwner) {
    columns.push(
      {
        id: 'customerTitle',
        label: t('device.customer'),
        sortProperty: 'customerTitle',
        render: (row) => (isPublic(row) ? '' : row.customerTitle),
        hideBelow: 'md',
      },
      {
        id: 'public',
        label: t('device.public'),
        sortProperty: 'customerIsPublic',
        align: 'center',
        width: 90,
        render: (row) =>
          isPublic(row) ? <CheckCircle color="primary" fontSize="small" titleAccess={t('device.public')} /> : null,
        hideBelow: 'lg',
      },
    );
  }
  columns.push({
    id: 'gateway',
    label: t('device.gateway'),
    align: 'center',
    width: 90,
    render: (row) =>
      isGateway(row) ? <Chip size="small" variant="outlined" color="primary" label={t('device.gateway')} /> : null,
    hideBelow: 'sm',
  });
  return columns;
}

/** CSV export columns: everything the table shows, plus the description and the device id. */
export function deviceCsvColumns(t: TFunction, showOwner: boolean): CsvColumn<DeviceInfo>[] {
  return [
    { header: t('device.name'), value: (row) => row.name },
    { header: t('device-profile.device-profile'), value: (row) => row.deviceProfileName },
    { header: t('device.label'), value: (row) => row.label },
    ...(showOwner
      ? [
          { header: t('device.customer'), value: (row: DeviceInfo) => (isPublic(row) ? '' : row.customerTitle) },
          { header: t('device.public'), value: (row: DeviceInfo) => isPublic(row) },
        ]
      : []),
    { header: t('device.gateway'), value: (row) => isGateway(row) },
    { header: t('common.description'), value: (row) => deviceDescription(row) },
    { header: t('common.created-time'), value: (row) => new Date(row.createdTime).toISOString() },
    { header: t('common.id'), value: (row) => row.id.id },
  ];
}

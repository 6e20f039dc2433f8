import Check from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/entity-table/entity-table';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { isAssignedToCustomer, isPublic } from '../assignment';
import { useDateTimeFormat } from '../contact/date-time';
import type { CsvColumn } from '../bulk-import/csv-export';
import { descriptionOf, type AssetInfo } from './asset-types';

/** The customer an asset belongs to, by title; public assets show the public mark instead. */
export const customerOf = (asset: AssetInfo) => (isAssignedToCustomer(asset) ? (asset.customerTitle ?? '') : '');

/** Table columns: created time, name, type, label, customer, public; phones keep the name and type. */
export function useAssetColumns(): Column<AssetInfo>[] {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  return [
    createdTimeColumn(t, formatTime, 'md'),
    { id: 'name', label: t('asset.name'), sortProperty: 'name', render: (row) => row.name },
    { id: 'type', label: t('asset.asset-type'), sortProperty: 'type', render: (row) => row.type },
    { id: 'label', label: t('asset.label'), sortProperty: 'label', render: (row) => row.label, hideBelow: 'sm' },
    {
      id: 'customer',
      label: t('asset.customer'),
      sortProperty: 'customerTitle',
      render: customerOf,
      hideBelow: 'lg',
    },
    {
      id: 'public',
      label: t('asset.public'),
      align: 'center',
      render: (row) =>
        isPublic(row) ? <Check fontSize="small" color="primary" titleAccess={t('asset.public')} /> : null,
      hideBelow: 'lg',
    },
  ];
}

/** The CSV export's columns: what the table shows, plus the description and the id. */
export function useAssetCsvColumns(): CsvColumn<AssetInfo>[] {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  return [
    { header: t('common.created-time'), value: (row) => formatTime(row.createdTime) },
    { header: t('asset.name'), value: (row) => row.name },
    { header: t('asset.asset-type'), value: (row) => row.type },
    { header: t('asset.label'), value: (row) => row.label },
    { header: t('asset.customer'), value: customerOf },
    { header: t('asset.public'), value: (row) => isPublic(row) },
    { header: t('common.description'), value: descriptionOf },
    { header: t('common.id'), value: (row) => row.id.id },
  ];
}

import { useTranslation } from 'react-i18next';
import { entityTypeKeys } from '../../components/entity-autocomplete/entity-types';
import type { Column } from '../../components/entity-table/entity-table';
import { isAssignedToCustomer, isPublic } from '../assignment';
import type { CsvColumn } from '../bulk-import/csv-export';
import { useDateTimeFormat } from '../contact/date-time';
import type { EntityViewInfo } from './entity-view-types';

const customerOf = (view: EntityViewInfo) => (isAssignedToCustomer(view) ? (view.customerTitle ?? '') : '');

/** Start/end of the view's window; 0 means no bound, shown as such. */
function useBound() {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  return (ms: number) => (ms ? formatTime(ms) : t('entity-view.unbounded'));
}

function useTargetType() {
  const { t } = useTranslation();
  return (view: EntityViewInfo) => {
    const keys = entityTypeKeys(view.entityId.entityType);
    return keys ? t(keys.one) : view.entityId.entityType;
  };
}

/** Name, type, target entity, customer, start and end; phones keep the name and target. */
export function useEntityViewColumns(): Column<EntityViewInfo>[] {
  const { t } = useTranslation();
  const bound = useBound();
  const targetType = useTargetType();
  const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return [
    { id: 'name', label: t('entity-view.name'), sortProperty: 'name', render: (row) => row.name },
    {
      id: 'type',
      label: t('entity-view.entity-view-type'),
      sortProperty: 'type',
      render: (row) => row.type,
      hideBelow: 'sm',
    },
    {
      id: 'entity',
      label: t('entity-view.target-entity'),
      render: (row) => (
        <>
          {row.entityName}
          <span style={{ display: 'block', fontSize: '0.75rem', opacity: 0.7 }}>{targetType(row)}</span>
        </>
      ),
    },
    {
      id: 'customer',
      label: t('asset.customer'),
      sortProperty: 'customerTitle',
      render: (row) => (isPublic(row) ? t('asset.public') : customerOf(row)),
      hideBelow: 'lg',
    },
    {
      id: 'start',
      label: t('entity-view.start-time'),
      render: (row) => nowrap(bound(row.startTimeMs)),
      hideBelow: 'md',
    },
    { id: 'end', label: t('entity-view.end-time'), render: (row) => nowrap(bound(row.endTimeMs)), hideBelow: 'md' },
  ];
}

export function useEntityViewCsvColumns(): CsvColumn<EntityViewInfo>[] {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const targetType = useTargetType();
  const keys = (list: string[] | null | undefined) => (list ?? []).join(';');
  return [
    { header: t('common.created-time'), value: (row) => formatTime(row.createdTime) },
    { header: t('entity-view.name'), value: (row) => row.name },
    { header: t('entity-view.entity-view-type'), value: (row) => row.type },
    { header: t('entity.entity-type'), value: targetType },
    { header: t('entity-view.target-entity'), value: (row) => row.entityName },
    { header: t('asset.customer'), value: customerOf },
    { header: t('asset.public'), value: (row) => isPublic(row) },
    { header: t('entity-view.start-time'), value: (row) => (row.startTimeMs ? formatTime(row.startTimeMs) : '') },
    { header: t('entity-view.end-time'), value: (row) => (row.endTimeMs ? formatTime(row.endTimeMs) : '') },
    { header: t('entity-view.timeseries-keys'), value: (row) => keys(row.keys?.timeseries) },
    { header: t('entity-view.client-attributes'), value: (row) => keys(row.keys?.attributes?.cs) },
    { header: t('entity-view.shared-attributes'), value: (row) => keys(row.keys?.attributes?.sh) },
    { header: t('entity-view.server-attributes'), value: (row) => keys(row.keys?.attributes?.ss) },
    { header: t('common.id'), value: (row) => row.id.id },
  ];
}

import type { Breakpoint } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import type { Column } from './entity-table';

/** The "Created time" column most entity tables start with: sortable, kept on one line, hidden on small screens. */
export function createdTimeColumn<T extends { createdTime: number }>(
  t: TFunction,
  formatTime: (ms: number) => string,
  hideBelow: Breakpoint,
): Column<T> {
  return {
    id: 'createdTime',
    label: t('common.created-time'),
    sortProperty: 'createdTime',
    render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(row.createdTime)}</span>,
    hideBelow,
  };
}

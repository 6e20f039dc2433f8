import type { TFunction } from 'i18next';
import type { Column } from '../../components/entity-table/entity-table';
import { formatDateTime, userStatus } from './model/user-status';
import type { User } from './model/user-types';
import { UserStatusChip } from './user-status-chip';

/** Phones keep email, status and the actions; names, role and time come back on wider screens. */
export function userColumns(t: TFunction): Column<User>[] {
  return [
    {
      id: 'createdTime',
      label: t('user.created-time'),
      sortProperty: 'createdTime',
      hideBelow: 'md',
      width: 180,
      render: (user) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.createdTime)}</span>,
    },
    { id: 'email', label: t('user.email'), sortProperty: 'email', render: (user) => user.email },
    { id: 'firstName', label: t('user.first-name'), hideBelow: 'sm', render: (user) => user.firstName ?? '' },
    { id: 'lastName', label: t('user.last-name'), hideBelow: 'sm', render: (user) => user.lastName ?? '' },
    { id: 'authority', label: t('user.role'), hideBelow: 'md', render: (user) => t(`authority.${user.authority}`) },
    { id: 'status', label: t('user.status.title'), render: (user) => <UserStatusChip status={userStatus(user)} /> },
  ];
}

import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import HowToReg from '@mui/icons-material/HowToReg';
import Link from '@mui/icons-material/Link';
import LockOpen from '@mui/icons-material/LockOpen';
import Login from '@mui/icons-material/Login';
import PersonOff from '@mui/icons-material/PersonOff';
import RemoveModerator from '@mui/icons-material/RemoveModerator';
import Send from '@mui/icons-material/Send';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { RowAction } from '../../components/entity-table/entity-table';
import type { UserActions } from './model/user-status';
import type { User } from './model/user-types';
import type { UserActionHandlers } from './use-user-actions';

export interface UserActionItem {
  id: keyof UserActions | 'resend' | 'link';
  label: string;
  icon: ReactNode;
  run: (user: User) => void;
  shown: (actions: UserActions) => boolean;
  danger?: boolean;
}

/** Every action, in the order the details panel lists them. */
export function userActionItems(t: TFunction, h: UserActionHandlers): UserActionItem[] {
  return [
    { id: 'edit', label: t('action.edit'), icon: <Edit />, run: h.edit, shown: (a) => a.edit },
    {
      id: 'link',
      label: t('user.display-activation-link'),
      icon: <Link />,
      run: (u) => void h.showActivationLink(u),
      shown: (a) => a.activation,
    },
    {
      id: 'resend',
      label: t('user.resend-activation'),
      icon: <Send />,
      run: (u) => void h.resendActivation(u),
      shown: (a) => a.activation,
    },
    {
      id: 'promote',
      label: t('user.promote'),
      icon: <AdminPanelSettings />,
      run: (u) => void h.changeRole(u, true),
      shown: (a) => a.promote,
    },
    {
      id: 'demote',
      label: t('user.demote'),
      icon: <RemoveModerator />,
      run: (u) => void h.changeRole(u, false),
      shown: (a) => a.demote,
    },
    {
      id: 'unlock',
      label: t('user.unlock-account'),
      icon: <LockOpen />,
      run: (u) => void h.unlock(u),
      shown: (a) => a.unlock,
    },
    {
      id: 'enable',
      label: t('user.enable-account'),
      icon: <HowToReg />,
      run: (u) => void h.setEnabled(u, true),
      shown: (a) => a.enable,
    },
    {
      id: 'disable',
      label: t('user.disable-account'),
      icon: <PersonOff />,
      run: (u) => void h.setEnabled(u, false),
      shown: (a) => a.disable,
      danger: true,
    },
    {
      id: 'loginAs',
      label: t('user.login-as'),
      icon: <Login />,
      run: (u) => void h.loginAs(u),
      shown: (a) => a.loginAs,
    },
    {
      id: 'delete',
      label: t('action.delete'),
      icon: <Delete />,
      run: (u) => void h.remove(u),
      shown: (a) => a.delete,
      danger: true,
    },
  ];
}

// Rows keep the frequent few; the rest live in the details panel, so a phone row stays one line. Unlock is
// shown only for a locked user, who is why the administrator opened the list.
const ROW_ACTIONS: readonly UserActionItem['id'][] = ['unlock', 'link', 'loginAs', 'edit', 'delete'];

export function userRowActions(t: TFunction, h: UserActionHandlers): RowAction<User>[] {
  return userActionItems(t, h)
    .filter((item) => ROW_ACTIONS.includes(item.id))
    .map((item) => ({
      id: item.id,
      label: item.label,
      icon: item.icon,
      onClick: item.run,
      hidden: (user: User) => !item.shown(h.available(user)),
      disabled: () => h.busy,
    }));
}

import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import { useCurrentUser } from '../auth/auth-queries';
import { userActions, type UserActions } from './model/user-status';
import type { User, UserScope } from './model/user-types';
import {
  useActivationLink,
  useChangeCustomerRole,
  useDeleteUser,
  useLoginAs,
  useSendActivationMail,
  useSetCredentialsEnabled,
  useTokenAccessEnabled,
} from './users-queries';

export interface UserActionHandlers {
  /** Which actions apply to the user on this screen. */
  available: (user: User) => UserActions;
  edit: (user: User) => void;
  remove: (user: User) => Promise<void>;
  setEnabled: (user: User, enabled: boolean) => Promise<void>;
  /** Lifts a lockout: ThingsBoard's userCredentialsEnabled=true, which also forgets the failed attempts. */
  unlock: (user: User) => Promise<void>;
  showActivationLink: (user: User) => Promise<void>;
  resendActivation: (user: User) => Promise<void>;
  changeRole: (user: User, promote: boolean) => Promise<void>;
  loginAs: (user: User) => Promise<void>;
  /** True while one of the calls runs (buttons disable). */
  busy: boolean;
}

export interface UserActionCallbacks {
  onEdit: (user: User) => void;
  onActivationLink: (email: string, link: string) => void;
  onDeleted: (user: User) => void;
}

/**
 * Everything a user row or the details panel can do. Anything that changes or ends someone's access is
 * confirmed first; failures show the server's message as a toast (the HTTP client's default).
 */
export function useUserActions(scope: UserScope, callbacks: UserActionCallbacks): UserActionHandlers {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const tokenAccess = useTokenAccessEnabled();
  const del = useDeleteUser();
  const enable = useSetCredentialsEnabled();
  const role = useChangeCustomerRole();
  const link = useActivationLink();
  const mail = useSendActivationMail();
  const loginAs = useLoginAs();
  const ctx = { scope: scope.kind, currentUserId: me?.id.id, tokenAccessEnabled: tokenAccess.data === true };

  // Errors were already shown by the HTTP client; the handlers only swallow the rejection.
  const quietly = async (run: () => Promise<unknown>) => {
    try {
      await run();
      return true;
    } catch {
      return false;
    }
  };

  return {
    available: (user) => userActions(user, ctx),
    busy: [del, enable, role, link, mail, loginAs].some((mutation) => mutation.isPending),
    edit: callbacks.onEdit,

    async remove(user) {
      const ok = await confirmDialog({
        title: t('user.delete-user-title', { userEmail: user.email }),
        message: t('user.delete-user-text'),
        okText: t('action.delete'),
        cancelText: t('action.cancel'),
        danger: true,
      });
      if (ok && (await quietly(() => del.mutateAsync(user)))) {
        notify({ message: t('user.user-deleted', { email: user.email }), type: 'success' });
        callbacks.onDeleted(user);
      }
    },

    async setEnabled(user, on) {
      const ok = await confirmDialog({
        title: t(on ? 'user.enable-account-title' : 'user.disable-account-title', { email: user.email }),
        message: t(on ? 'user.enable-account-text' : 'user.disable-account-text'),
        okText: t(on ? 'user.enable-account' : 'user.disable-account'),
        cancelText: t('action.cancel'),
        danger: !on,
      });
      if (ok && (await quietly(() => enable.mutateAsync({ user, enabled: on })))) {
        notify({
          message: t(on ? 'user.account-enabled' : 'user.account-disabled', { email: user.email }),
          type: 'success',
        });
      }
    },

    async unlock(user) {
      const ok = await confirmDialog({
        title: t('user.unlock-account-title', { email: user.email }),
        message: t('user.unlock-account-text'),
        okText: t('user.unlock-account'),
        cancelText: t('action.cancel'),
      });
      if (ok && (await quietly(() => enable.mutateAsync({ user, enabled: true })))) {
        notify({ message: t('user.account-unlocked', { email: user.email }), type: 'success' });
      }
    },

    async showActivationLink(user) {
      await quietly(async () => callbacks.onActivationLink(user.email, await link.mutateAsync(user.id.id)));
    },

    async resendActivation(user) {
      if (await quietly(() => mail.mutateAsync(user.email))) {
        notify({
          message: t('user.activation-email-sent-message', { email: user.email }),
          type: 'success',
          duration: 3000,
        });
      }
    },

    async changeRole(user, promote) {
      const ok = await confirmDialog({
        title: t(promote ? 'user.promote-title' : 'user.demote-title', { email: user.email }),
        message: t(promote ? 'user.promote-text' : 'user.demote-text'),
        okText: t(promote ? 'user.promote' : 'user.demote'),
        cancelText: t('action.cancel'),
      });
      if (ok && (await quietly(() => role.mutateAsync({ user, promote })))) {
        notify({
          message: t(promote ? 'user.user-promoted' : 'user.user-demoted', { email: user.email }),
          type: 'success',
        });
      }
    },

    async loginAs(user) {
      const ok = await confirmDialog({
        title: t('user.login-as-title', { email: user.email }),
        message: t('user.login-as-text'),
        okText: t('user.login-as'),
        cancelText: t('action.cancel'),
      });
      if (ok) await quietly(() => loginAs.mutateAsync(user));
    },
  };
}

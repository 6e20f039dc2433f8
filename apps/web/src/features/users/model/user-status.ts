import type { Authority } from '@sapo/common';
import type { User, UserScope } from './user-types';

/**
 * - active: can sign in;
 * - disabled: was activated, an administrator switched the account off;
 * - pending: created, the password was never set (activation link or mail outstanding);
 * - inactive: cannot sign in, and the server did not say which of the two above (see userStatus);
 * - locked: too many wrong passwords; unlocks by itself at `additionalInfo.lockedUntilTs` or by an administrator.
 */
export type UserStatus = 'active' | 'disabled' | 'pending' | 'inactive' | 'locked';

/**
 * The list carries ThingsBoard's `additionalInfo.userCredentialsEnabled`. Whether a switched-off user was
 * ever activated is `additionalInfo.userActivated` when the server sends it; without it, a user who has
 * signed in (`lastLoginTs`) was surely activated, anyone else could be either, and is shown as such.
 */
export function userStatus(user: Pick<User, 'additionalInfo'>): UserStatus {
  const info = user.additionalInfo ?? {};
  // The server sends it only while an enabled account is locked.
  if (typeof info.lockedUntilTs === 'number') return 'locked';
  if (info.userCredentialsEnabled !== false) return 'active';
  if (typeof info.userActivated === 'boolean') return info.userActivated ? 'disabled' : 'pending';
  return typeof info.lastLoginTs === 'number' ? 'disabled' : 'inactive';
}

export interface UserActionContext {
  scope: UserScope['kind'];
  /** The signed-in user: nobody deletes, disables or logs in as themselves. */
  currentUserId: string | undefined;
  /** GET /api/user/tokenAccessEnabled. */
  tokenAccessEnabled: boolean;
}

export interface UserActions {
  edit: boolean;
  delete: boolean;
  disable: boolean;
  enable: boolean;
  /** Lift a lockout (the same call as enable: userCredentialsEnabled=true). */
  unlock: boolean;
  /** Show the activation link / send the activation mail again. */
  activation: boolean;
  promote: boolean;
  demote: boolean;
  loginAs: boolean;
}

const CUSTOMER_ROLES: readonly Authority[] = ['CUSTOMER_USER', 'CUSTOMER_ADMIN'];

/**
 * Which actions make sense for a user (the server still decides). Login-as follows the server's rule: a
 * system administrator signs in as tenant administrators, a tenant administrator as its customers' users,
 * and only as someone who can sign in.
 */
export function userActions(user: User, ctx: UserActionContext): UserActions {
  const status = userStatus(user);
  const self = user.id.id === ctx.currentUserId;
  const loginTarget =
    ctx.scope === 'tenant' ? user.authority === 'TENANT_ADMIN' : CUSTOMER_ROLES.includes(user.authority);
  return {
    edit: true,
    delete: !self,
    disable: !self && (status === 'active' || status === 'locked'),
    // A pending user has no password yet: switching the account on would not let them in.
    enable: !self && (status === 'disabled' || status === 'inactive'),
    unlock: !self && status === 'locked',
    activation: status === 'pending' || status === 'inactive',
    promote: ctx.scope === 'customer' && user.authority === 'CUSTOMER_USER',
    demote: ctx.scope === 'customer' && user.authority === 'CUSTOMER_ADMIN',
    loginAs: ctx.tokenAccessEnabled && !self && loginTarget && status === 'active',
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Tables show times as 'YYYY-MM-DD HH:mm:ss' in the browser's zone, like ThingsBoard. */
export function formatDateTime(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

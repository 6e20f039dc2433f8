import type { User } from '@sapo/common';
import type { AuditActor } from '../audit-logs/audit.service.ts';
import type { UserRow } from './user.repository.ts';
import { nullToUuid } from './user.repository.ts';

/** Keys of additionalInfo the server owns: clients may not set them. */
export const SERVER_USER_INFO_KEYS = [
  'userPasswordHistory',
  'lastLoginTs',
  'failedLoginAttempts',
  'userCredentialsEnabled',
  'userActivated',
  'lockedUntilTs',
];

export function stripServerInfo(info: unknown): Record<string, unknown> | null {
  if (!info || typeof info !== 'object' || Array.isArray(info)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(info)) if (!SERVER_USER_INFO_KEYS.includes(k) && k !== '__proto__') out[k] = v;
  return out;
}

/** The user as the actor of its own audit entries (sign-in, lockout, reset). */
export const auditActorOf = (u: UserRow): AuditActor => ({
  tenantId: nullToUuid(u.tenant_id),
  customerId: nullToUuid(u.customer_id),
  userId: u.id,
  email: u.email,
});

/**
 * The User wire shape of ThingsBoard (reference §2.1). `lockedUntil`: when the account's lockout ends, if
 * it is locked now (see activeLockEnd).
 */
export function toUser(row: UserRow, lockedUntil: number | null): User {
  return {
    id: { entityType: 'USER' as const, id: row.id },
    createdTime: row.created_time,
    tenantId: { entityType: 'TENANT' as const, id: nullToUuid(row.tenant_id) },
    customerId: { entityType: 'CUSTOMER' as const, id: nullToUuid(row.customer_id) },
    email: row.email,
    name: row.email,
    authority: row.authority,
    firstName: row.first_name,
    lastName: row.last_name,
    additionalInfo: {
      ...(row.additional_info ?? {}),
      // A locked account cannot sign in, so it shows as disabled (as ThingsBoard's lockout does), and
      // enabling it (userCredentialsEnabled=true) lifts the lock.
      userCredentialsEnabled: row.enabled && lockedUntil === null,
      failedLoginAttempts: row.failed_login_attempts,
      // False until the owner has set a password (activation link, mail or an administrator).
      userActivated: row.activated,
      // Only for an enabled account: a disabled one shows as disabled, and enabling it lifts the lock too.
      ...(row.enabled && lockedUntil !== null ? { lockedUntilTs: lockedUntil } : {}),
    },
  };
}
export type UserDto = User;

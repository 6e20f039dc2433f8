import type { Authority } from '@sapo/common';
import type { User } from '../../auth/auth-types';

export type { User } from '../../auth/auth-types';

/** Whose users a screen lists: a tenant's (system administrator) or a customer's (tenant administrator). */
export type UserScope = { kind: 'tenant'; tenantId: string } | { kind: 'customer'; customerId: string };

/** Spec 1-client §3.1: how a new user gets a password. */
export const ACTIVATION_MODES = ['DISPLAY_ACTIVATION_LINK', 'SEND_ACTIVATION_MAIL', 'SET_PASSWORD_MANUALLY'] as const;
export type ActivationMode = (typeof ACTIVATION_MODES)[number];

/** The roles a user of the scope may have, the usual one first. */
export function scopeRoles(scope: UserScope): readonly Authority[] {
  return scope.kind === 'tenant' ? ['TENANT_ADMIN', 'TENANT_USER'] : ['CUSTOMER_USER', 'CUSTOMER_ADMIN'];
}

/** The list call of the scope (ThingsBoard's page-link paths). */
export function scopeUsersPath(scope: UserScope): string {
  return scope.kind === 'tenant' ? `/api/tenant/${scope.tenantId}/users` : `/api/customer/${scope.customerId}/users`;
}

/** The owner entity (tenant or customer) whose title names the page. */
export function scopeOwnerPath(scope: UserScope): string {
  return scope.kind === 'tenant' ? `/api/tenant/${scope.tenantId}` : `/api/customer/${scope.customerId}`;
}

export const scopeId = (scope: UserScope): string => (scope.kind === 'tenant' ? scope.tenantId : scope.customerId);

/** The body of POST /api/user (ThingsBoard's User; the server ignores read-only fields). */
export type UserBody = Omit<User, 'id' | 'tenantId' | 'customerId'> & {
  id?: User['id'];
  tenantId?: User['tenantId'];
  customerId?: User['customerId'];
};

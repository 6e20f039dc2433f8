import type { Authority } from '@sapo/common';

/**
 * Which calls and actions a role gets on the devices/assets/entity-views screens (spec 1-client §6,
 * reference §2.3): customer roles list their customer's entities through customer-scoped calls and
 * change nothing (ADR 0010); tenant users may edit; only tenant administrators add, delete, import
 * and assign.
 */
export interface OwnerScope {
  /** Customer roles: lists are /api/customer/{customerId}/…, the screens are read-only. */
  customer: boolean;
  customerId: string;
  canEdit: boolean;
  canManage: boolean;
}

export function ownerScope(user: { authority: Authority; customerId: { id: string } }): OwnerScope {
  const customer = user.authority === 'CUSTOMER_ADMIN' || user.authority === 'CUSTOMER_USER';
  return {
    customer,
    customerId: user.customerId.id,
    canEdit: user.authority === 'TENANT_ADMIN' || user.authority === 'TENANT_USER',
    canManage: user.authority === 'TENANT_ADMIN',
  };
}

/**
 * The paged list of a kind ('assetInfos', 'entityViewInfos') for the scope, optionally of one type:
 * /api/tenant/assetInfos?type=… or /api/customer/{id}/assetInfos?type=….
 */
export function ownerListPath(scope: OwnerScope, kind: string, type: string): string {
  const base = scope.customer ? `/api/customer/${scope.customerId}/${kind}` : `/api/tenant/${kind}`;
  return type ? `${base}?${new URLSearchParams({ type }).toString()}` : base;
}

import { NULL_UUID, isCustomerAuthority, isTenantAuthority } from '@sapo/common';
import type { User } from '../auth/auth-types';

/** The fields of ThingsBoard's DashboardInfo the picker needs. */
export interface DashboardOption {
  id: { entityType: string; id: string };
  title: string;
}

/** Spec 1-client §9: the dashboard autocomplete asks for 100, sorted by title ascending. */
const PICKER_QUERY = 'pageSize=100&page=0&sortProperty=title&sortOrder=ASC';

/** Built-in react dashboards have their own menu entries; spec 1-client §6 keeps them out of the picker. */
export const HIDDEN_DASHBOARD_TITLES: readonly string[] = [
  'New Alarm Center',
  'New Device Table',
  'New Manage Console',
  'Energy Dashboard',
  'Switchboard Dashboard',
];

/**
 * Where the user's selectable dashboards come from (spec 1-client §6): customer roles list their
 * customer's, tenant roles the tenant's; no customer (or the null id) and the system administrator list nothing.
 */
export function dashboardListPath(user: Pick<User, 'authority' | 'customerId'>): string | null {
  if (isTenantAuthority(user.authority)) return `/api/tenant/dashboards?${PICKER_QUERY}`;
  if (isCustomerAuthority(user.authority)) {
    const customerId = user.customerId.id;
    if (!customerId || customerId === NULL_UUID) return null;
    return `/api/customer/${customerId}/dashboards?${PICKER_QUERY}`;
  }
  return null;
}

export function pickableDashboards(dashboards: readonly DashboardOption[]): DashboardOption[] {
  return dashboards.filter((dashboard) => !HIDDEN_DASHBOARD_TITLES.includes(dashboard.title));
}

// The dashboards an "open dashboard" action may target (spec 1-client §6 dashboard picker).
import { NULL_UUID, type Authority } from '@sapo/common';

/** Built-in React dashboards the picker hides (spec 1-client §6). */
export const HIDDEN_DASHBOARD_TITLES: readonly string[] = [
  'New Alarm Center',
  'New Device Table',
  'New Manage Console',
  'Energy Dashboard',
  'Switchboard Dashboard',
];

export const DASHBOARD_PICKER_PAGE_SIZE = 100;

/**
 * Customer roles list their customer's dashboards, the others the tenant's; first 100 by title. A
 * customer role without a customer lists nothing (null).
 */
export function dashboardPickerPath(authority: Authority, customerId: string | null | undefined): string | null {
  const query = `pageSize=${DASHBOARD_PICKER_PAGE_SIZE}&page=0&sortProperty=title&sortOrder=ASC`;
  if (authority === 'CUSTOMER_ADMIN' || authority === 'CUSTOMER_USER') {
    if (!customerId || customerId === NULL_UUID) return null;
    return `/api/customer/${customerId}/dashboards?${query}`;
  }
  return `/api/tenant/dashboards?${query}`;
}

export interface DashboardOption {
  id: string;
  title: string;
}

export function pickerOptions(rows: readonly { id: { id: string }; title: string }[]): DashboardOption[] {
  return rows.filter((d) => !HIDDEN_DASHBOARD_TITLES.includes(d.title)).map((d) => ({ id: d.id.id, title: d.title }));
}

/** A dashboard's states as {id, name} (for the target state of "open dashboard"). */
export function configStates(configuration: unknown): { id: string; name: string }[] {
  if (typeof configuration !== 'object' || configuration === null) return [];
  const states = (configuration as Record<string, unknown>).states;
  if (typeof states !== 'object' || states === null) return [];
  return Object.entries(states as Record<string, unknown>).map(([id, s]) => {
    const name = typeof s === 'object' && s !== null ? (s as Record<string, unknown>).name : undefined;
    return { id, name: typeof name === 'string' && name ? name : id };
  });
}

// Dashboards in ThingsBoard's JSON (reference §2.2 "DashboardInfo", "Dashboard").
import type { Dashboard, DashboardInfo } from '@sapo/common';
import type { DashboardInfoRow } from './dashboard.repository.ts';

export interface DashboardInput {
  id?: { id: string } | null;
  title?: string | null;
  configuration?: unknown;
}

/**
 * ThingsBoard's DashboardInfo, plus the few configuration keys lists need (reactDashboard,
 * hideInSelectPanel, description) under `configuration` when the dashboard has any of them.
 */
export function toDashboardInfo(r: DashboardInfoRow): DashboardInfo {
  const listConfig = r.list_config && Object.keys(r.list_config).length ? { configuration: r.list_config } : {};
  return {
    ...listConfig,
    id: { entityType: 'DASHBOARD' as const, id: r.id },
    createdTime: Number(r.created_time),
    tenantId: { entityType: 'TENANT' as const, id: r.tenant_id },
    title: r.title,
    name: r.title,
    // ThingsBoard's ShortCustomerInfo: `public` marks the tenant's Public customer.
    assignedCustomers: r.assigned
      ? r.assigned.map((c) => ({
          customerId: { entityType: 'CUSTOMER' as const, id: c.customer_id },
          title: c.title,
          public: c.is_public,
        }))
      : null,
  };
}

export function toDashboard(r: DashboardInfoRow & { configuration: unknown }): Dashboard {
  return { ...toDashboardInfo(r), configuration: (r.configuration ?? null) as unknown };
}

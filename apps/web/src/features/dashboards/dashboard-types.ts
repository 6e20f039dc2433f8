import type { EntityId } from '@sapo/common';

/** A customer a dashboard is shared with (ThingsBoard's ShortCustomerInfo). */
export interface AssignedCustomer {
  customerId: EntityId<'CUSTOMER'>;
  title: string;
  public: boolean;
}

/** The configuration keys lists carry (the full configuration only comes with GET /api/dashboard/{id}). */
export interface DashboardListConfig {
  description?: string;
  reactDashboard?: unknown;
  hideInSelectPanel?: unknown;
}

/** DashboardInfo as the lists return it (reference §2.2). */
export interface DashboardInfo {
  id: EntityId<'DASHBOARD'>;
  createdTime: number;
  tenantId: EntityId<'TENANT'>;
  title: string;
  assignedCustomers: AssignedCustomer[] | null;
  configuration?: DashboardListConfig;
}

/** The full dashboard: ThingsBoard's configuration JSON, kept as it is (ADR 0006). */
export interface Dashboard extends Omit<DashboardInfo, 'configuration'> {
  configuration: (Record<string, unknown> & DashboardListConfig) | null;
}

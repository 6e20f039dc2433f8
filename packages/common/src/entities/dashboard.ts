import { Type, type Static } from 'typebox';
import { EntityRef } from '../api/entity-ref.ts';
import { Json, Nullable, NullableString } from '../api/schema.ts';

/** ThingsBoard's ShortCustomerInfo on a dashboard; `public` marks the tenant's Public customer. */
export const DashboardCustomerSchema = Type.Object({
  customerId: EntityRef('CUSTOMER'),
  title: NullableString,
  public: Type.Boolean(),
});

/**
 * ThingsBoard 3.2 DashboardInfo, plus the few configuration keys lists need (reactDashboard,
 * hideInSelectPanel, description) under `configuration` when the dashboard has any of them.
 */
export const DashboardInfoSchema = Type.Object({
  configuration: Type.Optional(Json),
  id: EntityRef('DASHBOARD'),
  createdTime: Type.Number(),
  tenantId: EntityRef('TENANT'),
  title: Type.String(),
  name: Type.String(),
  assignedCustomers: Nullable(Type.Array(DashboardCustomerSchema)),
});
export type DashboardInfo = Static<typeof DashboardInfoSchema>;

/** The whole dashboard: `configuration` is the client's JSON (widgets, states, layouts). */
export const DashboardSchema = Type.Object({ ...DashboardInfoSchema.properties, configuration: Json });
export type Dashboard = Static<typeof DashboardSchema>;

/** GET /api/dashboard/home: the dashboard a user lands on (empty 200 when none). */
export const HomeDashboardSchema = Type.Object({ ...DashboardSchema.properties, hideDashboardToolbar: Type.Boolean() });
export type HomeDashboard = Static<typeof HomeDashboardSchema>;

/** GET/POST /api/tenant/dashboard/home/info (empty 200 when none). */
export const HomeDashboardInfoSchema = Type.Object({
  dashboardId: Nullable(EntityRef('DASHBOARD')),
  hideDashboardToolbar: Type.Boolean(),
});
export type HomeDashboardInfo = Static<typeof HomeDashboardInfoSchema>;

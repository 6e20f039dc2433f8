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

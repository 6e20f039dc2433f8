import { DashboardsScreen } from '../features/dashboards/dashboards-screen';

/** Spec 1-client §2.7 /dashboards: the dashboards of the tenant, or of the customer for customer roles. */
export function DashboardsPage() {
  return <DashboardsScreen />;
}

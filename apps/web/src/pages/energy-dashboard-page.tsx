import { EnergyDashboardScreen } from '../features/energy/energy-dashboard-screen';

/** /react-dashboard/energy-dashboard (tenant and customer roles, flag dashboard_energy_enable). */
export function EnergyDashboardPage() {
  return <EnergyDashboardScreen />;
}

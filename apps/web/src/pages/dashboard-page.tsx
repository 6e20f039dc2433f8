import { useParams } from 'react-router';
import { DashboardView } from '../features/dashboards/viewer/dashboard-view';

/** Spec 1-client §2.1 dashboards/{dashboardId}: a dashboard inside the app frame. */
export function DashboardPage() {
  const { dashboardId = '' } = useParams();
  return <DashboardView dashboardId={dashboardId} fullscreen={false} />;
}

/** Spec 1-client §2.1 dashboard/{dashboardId}: full screen, for users and public visitors. */
export function FullscreenDashboardPage() {
  const { dashboardId = '' } = useParams();
  return <DashboardView dashboardId={dashboardId} fullscreen />;
}

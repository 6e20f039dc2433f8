import { AlarmCenterScreen } from '../features/alarms/alarm-center-screen';

/** /react-dashboard/alarm-center (tenant and customer roles): the caller's alarms, live. */
export function AlarmCenterPage() {
  return <AlarmCenterScreen />;
}

import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** Alarm widgets: they query their alias's alarms and devices themselves (ownData), live. */
export const ALARMS_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['alarm_widgets.alarms_table'],
    kind: 'alarm',
    ownData: true,
    component: lazy(() => import('./alarms-table-widget').then((m) => ({ default: m.AlarmsTableWidget }))),
  },
  {
    keys: ['alarm_widgets.alarm_count'],
    kind: 'alarmCounter',
    ownData: true,
    component: lazy(() => import('./alarm-count-widget').then((m) => ({ default: m.AlarmCountWidget }))),
  },
  {
    keys: ['alarm_widgets.device_health_count'],
    kind: 'deviceHealthCounter',
    ownData: true,
    component: lazy(() => import('./device-health-count-widget').then((m) => ({ default: m.DeviceHealthCountWidget }))),
  },
];

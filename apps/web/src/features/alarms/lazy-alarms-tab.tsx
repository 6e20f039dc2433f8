import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { AlarmsTabProps } from './alarms-tab';

// Drawers import only this file: the alarm view's code loads when a user first opens the tab.
const AlarmsTab = lazy(() => import('./alarms-tab').then((m) => ({ default: m.AlarmsTab })));

export function LazyAlarmsTab(props: AlarmsTabProps) {
  return (
    <Suspense fallback={<LinearProgress />}>
      <AlarmsTab {...props} />
    </Suspense>
  );
}

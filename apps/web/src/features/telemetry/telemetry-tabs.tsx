import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { AttributesTabProps } from './attributes-tab';
import type { LatestTelemetryTabProps } from './latest-telemetry-tab';

// The details drawers import only this file: the tabs' code (and the WebSocket client) loads when
// a user first opens one of them.
const AttributesTab = lazy(() => import('./attributes-tab').then((m) => ({ default: m.AttributesTab })));
const LatestTelemetryTab = lazy(() =>
  import('./latest-telemetry-tab').then((m) => ({ default: m.LatestTelemetryTab })),
);

export type { TelemetryEntity } from './model/telemetry-paths';

export function LazyAttributesTab(props: AttributesTabProps) {
  return (
    <Suspense fallback={<LinearProgress />}>
      <AttributesTab {...props} />
    </Suspense>
  );
}

export function LazyLatestTelemetryTab(props: LatestTelemetryTabProps) {
  return (
    <Suspense fallback={<LinearProgress />}>
      <LatestTelemetryTab {...props} />
    </Suspense>
  );
}

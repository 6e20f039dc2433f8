import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** Widget types drawn by this folder. */
export const DATE_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['date.date_range_navigator'],
    kind: 'static',
    component: lazy(() =>
      import('./date-range-navigator-widget').then((m) => ({ default: m.DateRangeNavigatorWidget })),
    ),
  },
];

import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** Table widgets: the time window's values per timestamp, and entities with their latest values. */
export const TABLES_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['cards.timeseries_table'],
    kind: 'timeseries',
    component: lazy(() => import('./timeseries-table-widget').then((m) => ({ default: m.TimeseriesTableWidget }))),
  },
  {
    keys: ['cards.entities_table'],
    kind: 'latest',
    component: lazy(() => import('./entities-table-widget').then((m) => ({ default: m.EntitiesTableWidget }))),
  },
];

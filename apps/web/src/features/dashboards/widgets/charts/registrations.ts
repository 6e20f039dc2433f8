import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

/** Chart widget types: time series drawn with uPlot, latest values with ECharts (both lazy). */
export const CHARTS_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['charts.basic_timeseries', 'charts.timeseries_bars_flot'],
    kind: 'timeseries',
    component: lazy(() => import('./timeseries-chart-widget').then((m) => ({ default: m.TimeseriesChartWidget }))),
  },
  {
    keys: ['charts.pie_chart_js', 'charts.doughnut_chart_js', 'charts.pie', 'charts.bars'],
    kind: 'latest',
    component: lazy(() => import('./latest-chart-widget').then((m) => ({ default: m.LatestChartWidget }))),
  },
];

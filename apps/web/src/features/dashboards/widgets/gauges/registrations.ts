import { lazy } from 'react';
import type { WidgetRegistration } from '../widget-types';

const analogue = () => import('./analogue-gauge-widget');
const digital = () => import('./digital-gauge-widget');

/** Analogue dials (ECharts gauge), the linear scale and the digital (JustGage-like) gauges. */
export const GAUGES_WIDGETS: readonly WidgetRegistration[] = [
  {
    keys: ['analogue_gauges.speed_gauge_canvas_gauges'],
    kind: 'latest',
    component: lazy(() => analogue().then((m) => ({ default: m.SpeedGaugeWidget }))),
  },
  {
    keys: ['analogue_gauges.radial_gauge_canvas_gauges'],
    kind: 'latest',
    component: lazy(() => analogue().then((m) => ({ default: m.RadialGaugeWidget }))),
  },
  {
    keys: ['analogue_gauges.compass'],
    kind: 'latest',
    component: lazy(() => analogue().then((m) => ({ default: m.CompassWidget }))),
  },
  {
    keys: ['analogue_gauges.linear_gauge_canvas_gauges'],
    kind: 'latest',
    component: lazy(() => import('./linear-gauge-widget').then((m) => ({ default: m.LinearGaugeWidget }))),
  },
  {
    keys: ['digital_gauges.digital_thermometer'],
    kind: 'latest',
    component: lazy(() => digital().then((m) => ({ default: m.ThermometerWidget }))),
  },
  {
    keys: ['digital_gauges.digital_vertical_bar'],
    kind: 'latest',
    component: lazy(() => digital().then((m) => ({ default: m.VerticalBarWidget }))),
  },
  {
    keys: ['digital_gauges.gauge_justgage', 'digital_gauges.simple_gauge_justgage'],
    kind: 'latest',
    component: lazy(() => digital().then((m) => ({ default: m.GaugeJustgageWidget }))),
  },
  {
    keys: ['digital_gauges.horizontal_bar_justgage'],
    kind: 'latest',
    component: lazy(() => digital().then((m) => ({ default: m.HorizontalBarWidget }))),
  },
  {
    keys: ['digital_gauges.mini_gauge_justgage'],
    kind: 'latest',
    component: lazy(() => digital().then((m) => ({ default: m.MiniGaugeWidget }))),
  },
];

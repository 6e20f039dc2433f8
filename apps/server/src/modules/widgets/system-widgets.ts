// The built-in system widgets bundles, with ThingsBoard 3.2's bundle aliases and titles (reference
// §10) so that imported dashboards, which name widgets by bundleAlias + alias, resolve. Bundles we
// have no widgets for yet still exist, empty, for the same reason.
import type { SystemBundleDef } from './system-widget-kit.ts';
import { CARD_WIDGETS } from './system-widgets-cards.ts';
import { CHART_WIDGETS } from './system-widgets-charts.ts';
import { CONTROL_WIDGETS, GPIO_WIDGETS } from './system-widgets-controls.ts';
import { ANALOGUE_GAUGE_WIDGETS, DIGITAL_GAUGE_WIDGETS } from './system-widgets-gauges.ts';
import { ALARM_WIDGETS, DATE_WIDGETS, INPUT_WIDGETS, MAP_WIDGETS, NAVIGATION_WIDGETS } from './system-widgets-other.ts';

export type { SystemBundleDef, SystemWidgetDef } from './system-widget-kit.ts';

export const SYSTEM_WIDGET_BUNDLES: readonly SystemBundleDef[] = [
  {
    alias: 'charts',
    title: 'Charts',
    description: 'Time series as line and bar charts; latest values as pies, doughnuts and bars.',
    widgets: CHART_WIDGETS,
  },
  {
    alias: 'cards',
    title: 'Cards',
    description: 'Latest values and time series as cards and tables; HTML cards.',
    widgets: CARD_WIDGETS,
  },
  {
    alias: 'maps_v2',
    title: 'Maps',
    description: 'Entities placed on OpenStreetMap or on an image by their coordinates.',
    widgets: MAP_WIDGETS,
  },
  {
    alias: 'analogue_gauges',
    title: 'Analogue gauges',
    description: 'Dials with needles: speed, radial, linear gauges and a compass.',
    widgets: ANALOGUE_GAUGE_WIDGETS,
  },
  {
    alias: 'digital_gauges',
    title: 'Digital gauges',
    description: 'Digital-style gauges and bars for temperature, levels and other values.',
    widgets: DIGITAL_GAUGE_WIDGETS,
  },
  {
    alias: 'gpio_widgets',
    title: 'GPIO widgets',
    description: 'Control and watch GPIO pins of devices.',
    widgets: GPIO_WIDGETS,
  },
  {
    alias: 'alarm_widgets',
    title: 'Alarm widgets',
    description: 'Alarm tables and counters of alarms and device health.',
    widgets: ALARM_WIDGETS,
  },
  {
    alias: 'control_widgets',
    title: 'Control widgets',
    description: 'Switches, knobs and indicators that command devices by RPC.',
    widgets: CONTROL_WIDGETS,
  },
  { alias: 'gateway_widgets', title: 'Gateway widgets', description: 'Widgets for IoT gateways.', widgets: [] },
  {
    alias: 'input_widgets',
    title: 'Input widgets',
    description: 'Forms that change attributes of entities.',
    widgets: INPUT_WIDGETS,
  },
  { alias: 'date', title: 'Date', description: 'Time window navigation.', widgets: DATE_WIDGETS },
  {
    alias: 'entity_admin_widgets',
    title: 'Entity admin widgets',
    description: 'Tables for managing devices and assets from a dashboard.',
    widgets: [],
  },
  {
    alias: 'navigation_widgets',
    title: 'Navigation widgets',
    description: 'Cards linking to pages of the application.',
    widgets: NAVIGATION_WIDGETS,
  },
];

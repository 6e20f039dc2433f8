// System bundle "charts" (ThingsBoard 3.2 aliases, so imported dashboards resolve).
import {
  bool,
  choice,
  color,
  int,
  legendSettings,
  num,
  type Settings,
  type SystemWidgetDef,
  text,
  valueFormat,
  widget,
} from './system-widget-kit.ts';

const axes: Settings = {
  showTooltip: bool('Show tooltip', true),
  tooltipIndividual: bool('Tooltip shows only the hovered series', false),
  stack: bool('Stack series', false),
  xAxisTitle: text('X axis title'),
  yAxisTitle: text('Y axis title'),
  yMin: num('Y axis minimum (empty = automatic)'),
  yMax: num('Y axis maximum (empty = automatic)'),
  showGrid: bool('Show grid lines', true),
  gridColor: color('Grid color', 'rgba(0, 0, 0, 0.12)'),
  ...valueFormat('', 1),
};

const seriesKeySettings: Settings = {
  showLines: bool('Show line', true),
  fillLines: bool('Fill area under the line', false),
  showPoints: bool('Show points', false),
  lineWidth: num('Line width', 2, { minimum: 0 }),
  axisPosition: choice('Y axis', ['left', 'right'], 'left'),
  excludeFromStacking: bool('Exclude from stacking', false),
};

const TWO_SERIES = [{ label: 'First' }, { label: 'Second' }];
const SHARES = [
  { label: 'First', funcBody: 'return Math.round(20 + Math.random() * 30);' },
  { label: 'Second', funcBody: 'return Math.round(10 + Math.random() * 20);' },
  { label: 'Third', funcBody: 'return Math.round(5 + Math.random() * 15);' },
];

const pieSettings = (innerRadius: number): Settings => ({
  ...legendSettings('right'),
  showLabels: bool('Show labels on slices', false),
  showPercentages: bool('Show percentages', true),
  innerRadius: int('Inner radius (% of the radius, 0 = pie)', innerRadius, { minimum: 0, maximum: 90 }),
  borderWidth: int('Slice border width', 1, { minimum: 0 }),
  borderColor: color('Slice border color', '#fff'),
  animation: bool('Animate changes', true),
  ...valueFormat(),
});

export const CHART_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'basic_timeseries',
    name: 'Timeseries Line Chart',
    description: 'Time series of one or more keys as lines over the time window.',
    type: 'timeseries',
    sizeX: 8,
    sizeY: 5,
    keys: TWO_SERIES,
    settings: { ...legendSettings(), smoothLines: bool('Smooth lines', false), ...axes },
    dataKeySettings: seriesKeySettings,
  }),
  widget({
    alias: 'timeseries_bars_flot',
    name: 'Timeseries Bar Chart',
    description: 'Time series as bars, one bar per value or aggregation interval.',
    type: 'timeseries',
    sizeX: 8,
    sizeY: 5,
    keys: TWO_SERIES,
    settings: { ...legendSettings(), barWidthRatio: num('Bar width (share of the interval)', 0.6), ...axes },
    dataKeySettings: {
      axisPosition: choice('Y axis', ['left', 'right'], 'left'),
      excludeFromStacking: bool('Exclude from stacking', false),
    },
  }),
  widget({
    alias: 'pie_chart_js',
    name: 'Pie',
    description: 'Latest values of several keys as shares of a pie.',
    type: 'latest',
    sizeX: 8,
    sizeY: 5,
    keys: SHARES,
    settings: pieSettings(0),
  }),
  widget({
    alias: 'doughnut_chart_js',
    name: 'Doughnut',
    description: 'Latest values of several keys as shares of a ring.',
    type: 'latest',
    sizeX: 8,
    sizeY: 5,
    keys: SHARES,
    settings: pieSettings(50),
  }),
  widget({
    alias: 'pie',
    name: 'Pie with labels',
    description: 'Latest values as a pie with each slice labelled by its key and share.',
    type: 'latest',
    sizeX: 8,
    sizeY: 5,
    keys: SHARES,
    settings: { ...pieSettings(0), showLabels: bool('Show labels on slices', true) },
  }),
  widget({
    alias: 'bars',
    name: 'Bars',
    description: 'Latest values of several keys, or of several entities, side by side as bars.',
    type: 'latest',
    sizeX: 7,
    sizeY: 5,
    keys: SHARES,
    settings: {
      ...legendSettings(),
      horizontal: bool('Horizontal bars', false),
      showValues: bool('Show values on bars', false),
      beginAtZero: bool('Value axis starts at zero', true),
      ...valueFormat('', 1),
    },
  }),
];

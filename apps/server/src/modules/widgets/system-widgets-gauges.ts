// System bundles "analogue_gauges" and "digital_gauges" (ThingsBoard 3.2 aliases).
import {
  bool,
  choice,
  color,
  colorRanges,
  int,
  num,
  randomWalk,
  type Settings,
  type SystemWidgetDef,
  text,
  widget,
} from './system-widget-kit.ts';

const GREEN = 'rgba(76, 175, 80, 0.5)';
const AMBER = 'rgba(255, 193, 7, 0.5)';
const RED = 'rgba(244, 67, 54, 0.5)';
const thirds = (max: number) => [
  { from: 0, to: max * 0.6, color: GREEN },
  { from: max * 0.6, to: max * 0.8, color: AMBER },
  { from: max * 0.8, to: max, color: RED },
];

const scale = (min: number, max: number, units: string, decimals: number): Settings => ({
  minValue: num('Minimum value', min),
  maxValue: num('Maximum value', max),
  units: text('Units', units),
  decimals: int('Decimals', decimals, { minimum: 0, maximum: 15 }),
});

const animation: Settings = {
  animation: bool('Animate value changes', true),
  animationDuration: int('Animation duration (ms)', 500, { minimum: 0 }),
};

const analogue = (min: number, max: number, units: string, ticks: number): Settings => ({
  ...scale(min, max, units, 0),
  majorTicksCount: int('Major ticks', ticks, { minimum: 1 }),
  minorTicks: int('Minor ticks between major ticks', 2, { minimum: 0 }),
  showUnitTitle: bool('Show units on the dial', true),
  colorPlate: color('Plate color', '#fff'),
  colorNeedle: color('Needle color', '#f44336'),
  colorTicks: color('Ticks color', '#444'),
  highlights: colorRanges('Color ranges', thirds(max)),
  ...animation,
});

const gaugeKey = (max: number) => [{ label: 'Value', funcBody: randomWalk(0, max, max / 10) }];

const digital = (type: string, min: number, max: number, units: string): Settings => ({
  ...scale(min, max, units, 0),
  gaugeType: choice('Gauge shape', ['arc', 'donut', 'horizontalBar', 'verticalBar'], type),
  showValue: bool('Show value', true),
  showMinMax: bool('Show minimum and maximum', true),
  showTitle: bool('Show title inside the gauge', false),
  title: text('Title inside the gauge'),
  showTimestamp: bool('Show the time of the value', false),
  timestampFormat: text('Time format', 'YYYY-MM-DD HH:mm:ss'),
  gaugeWidthScale: num('Bar thickness (scale)', 0.75, { minimum: 0.1, maximum: 2 }),
  gaugeColor: color('Background of the bar', '#eee'),
  levelColors: {
    type: 'array',
    title: 'Bar colors from minimum to maximum (blended)',
    default: ['#008000', '#fbc02d', '#f44336'],
    items: color('Color', '#008000'),
  },
  useFixedLevelColor: bool('Use fixed color ranges instead', false),
  fixedLevelColors: colorRanges('Fixed color ranges', []),
  ...animation,
});

const digitalWidget = (
  alias: string,
  name: string,
  description: string,
  size: [number, number],
  settings: Settings,
  max: number,
) =>
  widget({ alias, name, description, type: 'latest', sizeX: size[0], sizeY: size[1], keys: gaugeKey(max), settings });

export const ANALOGUE_GAUGE_WIDGETS: SystemWidgetDef[] = [
  widget({
    alias: 'speed_gauge_canvas_gauges',
    name: 'Speed gauge',
    description: 'Speedometer-style dial for the latest value.',
    type: 'latest',
    sizeX: 7,
    sizeY: 5,
    keys: gaugeKey(180),
    settings: analogue(0, 180, 'km/h', 10),
  }),
  widget({
    alias: 'radial_gauge_canvas_gauges',
    name: 'Radial gauge',
    description: 'Round dial with colour ranges for the latest value.',
    type: 'latest',
    sizeX: 6,
    sizeY: 5,
    keys: gaugeKey(100),
    settings: analogue(0, 100, '', 5),
  }),
  widget({
    alias: 'linear_gauge_canvas_gauges',
    name: 'Linear gauge',
    description: 'Horizontal or vertical scale with a bar for the latest value.',
    type: 'latest',
    sizeX: 7,
    sizeY: 3,
    keys: gaugeKey(100),
    settings: {
      ...scale(0, 100, '', 0),
      orientation: choice('Orientation', ['horizontal', 'vertical'], 'horizontal'),
      majorTicksCount: int('Major ticks', 10, { minimum: 1 }),
      colorBar: color('Bar background', '#ddd'),
      colorBarProgress: color('Bar color', '#2196f3'),
      highlights: colorRanges('Color ranges', []),
      ...animation,
    },
  }),
  widget({
    alias: 'compass',
    name: 'Compass',
    description: 'Compass rose whose needle shows the latest value as a heading in degrees.',
    type: 'latest',
    sizeX: 6,
    sizeY: 5,
    keys: [{ label: 'Heading', funcBody: randomWalk(0, 360, 30) }],
    settings: {
      colorPlate: color('Plate color', '#222'),
      colorMajorTicks: color('Major ticks color', '#f5f5f5'),
      colorMinorTicks: color('Minor ticks color', '#ddd'),
      colorNeedle: color('Needle color', '#f08080'),
      colorNeedleEnd: color('Needle tail color', '#ccc'),
      showBorder: bool('Show border', true),
      ...animation,
    },
  }),
];

export const DIGITAL_GAUGE_WIDGETS: SystemWidgetDef[] = [
  digitalWidget(
    'digital_thermometer',
    'Digital thermometer',
    'Vertical thermometer bar for a temperature.',
    [3, 5],
    digital('verticalBar', -60, 60, '°C'),
    60,
  ),
  digitalWidget(
    'digital_vertical_bar',
    'Digital vertical bar',
    'Vertical bar filled up to the latest value.',
    [2.5, 4.5],
    digital('verticalBar', 0, 100, ''),
    100,
  ),
  digitalWidget(
    'gauge_justgage',
    'Gauge',
    'Arc gauge with the value in the middle.',
    [5, 4],
    digital('arc', 0, 100, ''),
    100,
  ),
  digitalWidget(
    'horizontal_bar_justgage',
    'Horizontal bar',
    'Horizontal bar filled up to the latest value.',
    [7, 3],
    digital('horizontalBar', 0, 100, ''),
    100,
  ),
  digitalWidget(
    'mini_gauge_justgage',
    'Mini gauge',
    'Small donut gauge for tight layouts.',
    [2, 2],
    { ...digital('donut', 0, 100, ''), showMinMax: bool('Show minimum and maximum', false) },
    100,
  ),
  digitalWidget(
    'simple_gauge_justgage',
    'Simple gauge',
    'Plain arc gauge without decoration.',
    [4, 3],
    digital('arc', 0, 100, ''),
    100,
  ),
];

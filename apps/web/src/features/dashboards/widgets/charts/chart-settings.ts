// Chart settings read defensively (they also come from imported ThingsBoard 3.2 dashboards), with
// the defaults of apps/server/src/modules/widgets/system-widgets-charts.ts.
import type { WidgetConfig } from '../../model/dashboard-config';
import { chartLegend, type LegendConfig } from '../../model/widget-descriptor';
import { boolSetting, numSetting, objSetting, optionalNumSetting, strSetting } from '../shared/settings-readers';
import { isRecord } from '../../model/json-guards';

type Settings = Readonly<Record<string, unknown>>;

export interface ChartLegend {
  show: boolean;
  config: LegendConfig & { sortDataKeys: boolean };
}

/**
 * The legend of a chart widget. The widget's own stored settings win, then ThingsBoard 3.2's
 * `config.showLegend` / `config.legendConfig`, then the type's schema defaults (merged settings):
 * the defaults must not hide what an imported dashboard set at the config level.
 */
export function resolveLegend(config: WidgetConfig | undefined, merged: Settings): ChartLegend {
  const own = isRecord(config?.settings) ? config.settings : {};
  const show =
    typeof own.showLegend === 'boolean'
      ? own.showLegend
      : typeof config?.showLegend === 'boolean'
        ? config.showLegend
        : boolSetting(merged, 'showLegend', false);
  const legendConfig = isRecord(own.legendConfig)
    ? own.legendConfig
    : isRecord(config?.legendConfig)
      ? config.legendConfig
      : objSetting(merged, 'legendConfig');
  const resolved = chartLegend({ settings: { showLegend: show, legendConfig } });
  return { show, config: { ...resolved.config, sortDataKeys: resolved.config.sortDataKeys === true } };
}

/** Widget-level units and decimals (a key's own override them). */
export function widgetValueFormat(settings: Settings, defaultDecimals: number | null = null) {
  const decimals = optionalNumSetting(settings, 'decimals') ?? defaultDecimals;
  return {
    units: strSetting(settings, 'units', ''),
    decimals: decimals !== null && Number.isInteger(decimals) && decimals >= 0 ? decimals : null,
  };
}

/** The default grid colour is a light-theme grey: the chart swaps it for the theme's divider. */
export const DEFAULT_GRID_COLOR = 'rgba(0, 0, 0, 0.12)';

export interface TimeseriesOptions {
  showTooltip: boolean;
  tooltipIndividual: boolean;
  stack: boolean;
  xAxisTitle: string;
  yAxisTitle: string;
  yMin: number | null;
  yMax: number | null;
  showGrid: boolean;
  /** null = the theme's divider colour. */
  gridColor: string | null;
  smoothLines: boolean;
  barWidthRatio: number;
}

export function timeseriesOptions(settings: Settings): TimeseriesOptions {
  const grid = strSetting(settings, 'gridColor', DEFAULT_GRID_COLOR);
  const ratio = numSetting(settings, 'barWidthRatio', 0.6);
  return {
    showTooltip: boolSetting(settings, 'showTooltip', true),
    tooltipIndividual: boolSetting(settings, 'tooltipIndividual', false),
    stack: boolSetting(settings, 'stack', false),
    xAxisTitle: strSetting(settings, 'xAxisTitle', ''),
    yAxisTitle: strSetting(settings, 'yAxisTitle', ''),
    yMin: optionalNumSetting(settings, 'yMin'),
    yMax: optionalNumSetting(settings, 'yMax'),
    showGrid: boolSetting(settings, 'showGrid', true),
    gridColor: grid.replace(/\s/g, '') === DEFAULT_GRID_COLOR.replace(/\s/g, '') ? null : grid,
    smoothLines: boolSetting(settings, 'smoothLines', false),
    barWidthRatio: ratio > 0 && ratio <= 1 ? ratio : 0.6,
  };
}

export interface KeyLineOptions {
  showLines: boolean;
  fillLines: boolean;
  showPoints: boolean;
  lineWidth: number;
  axis: 'left' | 'right';
  excludeFromStacking: boolean;
}

/** A series' own drawing settings (data key settings). */
export function keyLineOptions(keySettings: Settings): KeyLineOptions {
  const width = numSetting(keySettings, 'lineWidth', 2);
  return {
    showLines: boolSetting(keySettings, 'showLines', true),
    fillLines: boolSetting(keySettings, 'fillLines', false),
    showPoints: boolSetting(keySettings, 'showPoints', false),
    lineWidth: width >= 0 && width <= 20 ? width : 2,
    axis: strSetting(keySettings, 'axisPosition', 'left') === 'right' ? 'right' : 'left',
    excludeFromStacking: boolSetting(keySettings, 'excludeFromStacking', false),
  };
}

/** Stack group per series (its axis), or null when the chart does not stack or the key opts out. */
export function stackGroups(stack: boolean, keys: readonly KeyLineOptions[]): (string | null)[] {
  return keys.map((k) => (stack && !k.excludeFromStacking ? k.axis : null));
}

/** Y axis range: the author's fixed ends, the data's padded range for the rest (bars include 0). */
export function yRange(
  dataMin: number | null,
  dataMax: number | null,
  fixed: { min: number | null; max: number | null },
  includeZero: boolean,
): [number, number] {
  let lo = dataMin ?? 0;
  let hi = dataMax ?? 1;
  if (includeZero) {
    lo = Math.min(0, lo);
    hi = Math.max(0, hi);
  }
  const span = hi - lo;
  const pad = span > 0 ? span * 0.05 : Math.abs(hi) * 0.1 || 1;
  let min = fixed.min ?? (includeZero && lo === 0 ? 0 : lo - pad);
  let max = fixed.max ?? (includeZero && hi === 0 ? 0 : hi + pad);
  if (!(max > min)) {
    if (fixed.min !== null && fixed.max === null) max = min + pad;
    else min = max - pad;
  }
  return [min, max];
}

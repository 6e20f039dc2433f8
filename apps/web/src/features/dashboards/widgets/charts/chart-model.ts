// Pure data shaping of the chart widgets: which series a chart draws and how they look, uPlot's
// aligned columns, stacking, legend statistics and the slices / bars of latest-value charts.
import { dataKeyColor } from '../../model/data-key';
import { toNumber } from '../shared/series-values';
import type { WidgetEntity, WidgetPoint, WidgetSeries } from '../widget-types';
import { entityCount, seriesLabel } from './chart-labels';

/** One drawn series: its label, colour and value format, and where its data comes from. */
export interface ChartSeriesInfo {
  /** Stable across data updates: the chart is rebuilt only when this list of ids changes. */
  id: string;
  label: string;
  color: string;
  units: string;
  decimals: number | null;
  entity: WidgetEntity | null;
  /** The key's own settings (line width, axis…), read with fallbacks by the widget. */
  keySettings: Record<string, unknown>;
}

const isFiniteInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Series descriptions of a widget. A key's units and decimals override the widget's, as in
 * ThingsBoard; a key without a colour takes the palette colour of its position.
 */
export function chartSeriesInfo(
  series: readonly WidgetSeries[],
  widgetFormat: { units: string; decimals: number | null },
): ChartSeriesInfo[] {
  const several = entityCount(series) > 1;
  return series.map((s, i) => {
    const key = s.dataKey;
    const units = typeof key.units === 'string' && key.units !== '' ? key.units : widgetFormat.units;
    return {
      id: `${s.datasourceIndex}|${s.entity?.id ?? ''}|${key.type}|${key.name}|${i}`,
      label: seriesLabel(s, several),
      color: typeof key.color === 'string' && key.color !== '' ? key.color : dataKeyColor(i),
      units,
      decimals: isFiniteInt(key.decimals) ? key.decimals : widgetFormat.decimals,
      entity: s.entity,
      keySettings: key.settings ?? {},
    };
  });
}

/**
 * Parsed values by point. The viewer keeps a series' point tuples across live updates (it appends
 * and trims), so parsing each string once instead of on every redraw is most of a chart's update
 * cost with a week of data.
 */
const parsed = new WeakMap<WidgetPoint, number | null>();

/** A point's value as a number (null when not numeric), parsed once per point. */
export function pointNumber(point: WidgetPoint): number | null {
  let value = parsed.get(point);
  if (value === undefined) {
    value = toNumber(point[1]);
    parsed.set(point, value);
  }
  return value;
}

export type AlignedColumns = [number[], ...(number | null)[][]];

function sortedCopyIfNeeded(points: readonly WidgetPoint[]): readonly WidgetPoint[] {
  for (let i = 1; i < points.length; i++) {
    if ((points[i]?.[0] ?? 0) < (points[i - 1]?.[0] ?? 0)) return [...points].sort((a, b) => a[0] - b[0]);
  }
  return points;
}

/** Union of two ascending, duplicate-free time lists. */
function mergeTimes(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Infinity;
    const y = j < b.length ? (b[j] as number) : Infinity;
    const next = x <= y ? x : y;
    if (x === next) i++;
    if (y === next) j++;
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
  }
  return out;
}

/** Whether the points have exactly these (duplicate-free) times: keys reported together share them. */
function hasTimes(points: readonly WidgetPoint[], times: readonly number[]): boolean {
  if (points.length !== times.length) return false;
  for (let i = 0; i < times.length; i++) if (points[i]?.[0] !== times[i]) return false;
  return true;
}

function timesOf(points: readonly WidgetPoint[]): number[] {
  const out: number[] = [];
  for (const p of points) if (out.length === 0 || out[out.length - 1] !== p[0]) out.push(p[0]);
  return out;
}

/**
 * uPlot's data: one shared ascending time axis and one column per series, with numbers from the
 * (usually string) values and null where a series has no number at that time. Each series is
 * already ascending (the contract), so the axis is a linear merge rather than a sort: a week of
 * data per series re-aligns cheaply on every live update.
 */
export function alignSeries(pointsList: readonly (readonly WidgetPoint[])[]): AlignedColumns {
  const lists = pointsList.map(sortedCopyIfNeeded);
  let times: number[] = [];
  for (const points of lists) {
    if (times.length === 0) times = timesOf(points);
    else if (!hasTimes(points, times)) times = mergeTimes(times, timesOf(points));
  }
  const columns = lists.map((points) => {
    const column = new Array<number | null>(times.length).fill(null);
    let t = 0;
    for (const point of points) {
      const ts = point[0];
      while (t < times.length && (times[t] as number) < ts) t++;
      // A repeated timestamp keeps the later value, as a live update replaces the shown one.
      if (t < times.length) column[t] = pointNumber(point);
    }
    return column;
  });
  return [times, ...columns];
}

/**
 * Stacked columns: each series of a group adds onto the ones before it in the same group (a group
 * is a Y axis; null = the series is not stacked). A missing value counts as 0 for the series above
 * and stays a gap for its own series.
 */
export function stackColumns(
  columns: readonly (readonly (number | null)[])[],
  groups: readonly (string | null)[],
): (number | null)[][] {
  const sums = new Map<string, number[]>();
  return columns.map((column, i) => {
    const group = groups[i] ?? null;
    if (group === null) return [...column];
    let acc = sums.get(group);
    if (!acc) {
      acc = new Array<number>(column.length).fill(0);
      sums.set(group, acc);
    }
    const sum = acc;
    return column.map((v, j) => {
      if (v === null) return null;
      sum[j] = (sum[j] ?? 0) + v;
      return sum[j] ?? v;
    });
  });
}

/**
 * uPlot bands between consecutive stacked series of a group, as [upper, lower] uPlot series
 * indexes (1-based: index 0 is the time axis), so each area fills down to the series below it
 * instead of covering it.
 */
export function stackBands(groups: readonly (string | null)[]): [number, number][] {
  const last = new Map<string, number>();
  const bands: [number, number][] = [];
  groups.forEach((group, i) => {
    if (group === null) return;
    const below = last.get(group);
    if (below !== undefined) bands.push([i + 1, below + 1]);
    last.set(group, i);
  });
  return bands;
}

export interface SeriesStats {
  min: number;
  max: number;
  avg: number;
  total: number;
  latest: number;
}

/**
 * Min, max, average, total and latest of a series, from its aligned column (numbers already
 * parsed, null gaps skipped); null when it has no number.
 */
export function seriesStats(values: readonly (number | null | undefined)[]): SeriesStats | null {
  let min = Infinity;
  let max = -Infinity;
  let total = 0;
  let count = 0;
  let latest = NaN;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    total += v;
    count++;
    latest = v;
  }
  return count === 0 ? null : { min, max, avg: total / count, total, latest };
}

/** Legend rows in key order, or by label (natural order: "Sensor 2" before "Sensor 10") when asked. */
export function legendOrder<T extends { label: string }>(items: readonly T[], sortByLabel: boolean): T[] {
  if (!sortByLabel) return [...items];
  return [...items].sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
}

export interface LatestItem {
  id: string;
  label: string;
  color: string;
  value: number;
  units: string;
  decimals: number | null;
  entity: WidgetEntity | null;
}

/** Latest numeric values for bars; series without a number (no data, text) are left out. */
export function latestItems(series: readonly WidgetSeries[], infos: readonly ChartSeriesInfo[]): LatestItem[] {
  const out: LatestItem[] = [];
  series.forEach((s, i) => {
    const info = infos[i];
    const last = s.data.length > 0 ? s.data[s.data.length - 1] : undefined;
    const value = toNumber(last?.[1]);
    if (!info || value === null) return;
    const { id, label, color, units, decimals, entity } = info;
    out.push({ id, label, color, value, units, decimals, entity });
  });
  return out;
}

/** Pie slices: like {@link latestItems}, without negative values (a share cannot be negative). */
export function pieSlices(series: readonly WidgetSeries[], infos: readonly ChartSeriesInfo[]): LatestItem[] {
  return latestItems(series, infos).filter((item) => item.value >= 0);
}

/** A slice's share in percent of the total (0 when the total is 0). */
export function sharePercent(value: number, total: number): number {
  return total > 0 ? (value / total) * 100 : 0;
}

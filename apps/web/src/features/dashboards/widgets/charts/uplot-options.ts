// uPlot options of the time-series widgets (lines and bars) from their settings and the MUI theme.
// Built only when the series set or the settings change; data updates go through setData.
import uPlot from 'uplot';
import type { ChartSeriesInfo } from './chart-model';
import type { KeyLineOptions, TimeseriesOptions } from './chart-settings';
import { yRange } from './chart-settings';
import { withAlpha } from './chart-colors';

export interface PlotTheme {
  axis: string;
  grid: string;
  fontFamily: string;
}

export interface PlotSpec {
  bars: boolean;
  options: TimeseriesOptions;
  infos: readonly ChartSeriesInfo[];
  keys: readonly KeyLineOptions[];
  /** [upper, lower] uPlot series indexes of stacked neighbours. */
  bands: readonly [number, number][];
  /** Axis tick suffix (widget units). */
  units: string;
  timezone: string | null;
  theme: PlotTheme;
  /** Current x window, read at range time so a sliding window needs no new plot. */
  xRange: () => [number, number];
}

function validZone(tz: string | null): string | null {
  if (!tz) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return null;
  }
}

const noPath: uPlot.Series.PathBuilder = () => null;

function barPaths(spec: PlotSpec, index: number, barCount: number): uPlot.Series.PathBuilder | undefined {
  const bars = uPlot.paths.bars;
  if (!bars) return undefined;
  const ratio = spec.options.barWidthRatio;
  const stacked = spec.bands.length > 0;
  // uPlot has no grouped time bars: two series sit left and right of their time; more get nested,
  // narrower bars so that each stays visible.
  if (stacked || barCount <= 1) return bars({ size: [ratio, 120] });
  if (barCount === 2) return bars({ size: [ratio / 2, 60], align: index === 0 ? -1 : 1 });
  return bars({ size: [ratio * (1 - index / (barCount + 1)), 120] });
}

function seriesOf(spec: PlotSpec, info: ChartSeriesInfo, index: number): uPlot.Series {
  const key = spec.keys[index];
  const scale = key?.axis === 'right' ? 'y2' : 'y';
  if (spec.bars) {
    return {
      label: info.label,
      scale,
      stroke: info.color,
      fill: withAlpha(info.color, 0.75),
      width: 1,
      paths: barPaths(spec, index, spec.infos.length),
      points: { show: false },
    };
  }
  const lines = key?.showLines ?? true;
  const smooth = spec.options.smoothLines ? uPlot.paths.spline?.() : undefined;
  const fill = key?.fillLines ? withAlpha(info.color, 0.3) : undefined;
  return {
    label: info.label,
    scale,
    stroke: info.color,
    ...(fill ? { fill } : {}),
    width: key?.lineWidth ?? 2,
    spanGaps: true,
    paths: lines ? smooth : noPath,
    // Unset = uPlot shows points only where they are sparse (a lone value stays visible).
    points: key?.showPoints || !lines ? { show: true, size: 5, fill: info.color } : { size: 5 },
  };
}

function yAxis(spec: PlotSpec, scale: 'y' | 'y2', label: string): uPlot.Axis {
  const { theme, options } = spec;
  const font = `11px ${theme.fontFamily}`;
  const suffix = spec.units ? ` ${spec.units}` : '';
  const right = scale === 'y2';
  return {
    scale,
    side: right ? 1 : 3,
    stroke: theme.axis,
    font,
    labelFont: font,
    grid: { show: options.showGrid && !right, stroke: theme.grid, width: 1 },
    ticks: { show: false },
    gap: 4,
    values: (_u, splits) => splits.map((v) => (v === null || v === undefined ? '' : uPlot.fmtNum(v) + suffix)),
    // Wide enough for the longest tick text, so values are never cut.
    size: (_u, values) => Math.max(28, Math.max(0, ...(values ?? []).map((v) => v.length)) * 6.5 + 12),
    ...(label ? { label, labelSize: 16, labelGap: 0 } : {}),
  };
}

export function uplotOptions(spec: PlotSpec, width: number, height: number, plugins: uPlot.Plugin[]): uPlot.Options {
  const { theme, options } = spec;
  const font = `11px ${theme.fontFamily}`;
  const tz = validZone(spec.timezone);
  const hasRight = spec.keys.some((k) => k.axis === 'right');
  const fixed = { min: options.yMin, max: options.yMax };
  const auto = { min: null, max: null };
  return {
    width,
    height,
    ms: 1,
    ...(tz ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts), tz) } : {}),
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 7 } },
    plugins,
    padding: [8, 8, 0, 0],
    scales: {
      x: { time: true, range: () => spec.xRange() },
      y: { range: (_u, min, max) => yRange(min, max, fixed, spec.bars) },
      y2: { range: (_u, min, max) => yRange(min, max, auto, spec.bars) },
    },
    axes: [
      {
        stroke: theme.axis,
        font,
        labelFont: font,
        grid: { show: options.showGrid, stroke: theme.grid, width: 1 },
        ticks: { show: options.showGrid, stroke: theme.grid, width: 1, size: 4 },
        space: 60,
        ...(options.xAxisTitle ? { label: options.xAxisTitle, labelSize: 16, labelGap: 0 } : {}),
      },
      yAxis(spec, 'y', options.yAxisTitle),
      ...(hasRight ? [yAxis(spec, 'y2', '')] : []),
    ],
    series: [{}, ...spec.infos.map((info, i) => seriesOf(spec, info, i))],
    bands: spec.bands.map(([upper, lower]) => ({ series: [upper, lower] })),
  };
}

// One uPlot instance filling its box. The plot is created once per `specKey` (series set, settings,
// theme); data, the sliding window, hidden series and size changes update it in place, because
// re-creating a plot per live update is what makes dashboards of many charts slow.
import Box from '@mui/material/Box';
import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatValue } from '../../model/data-key';
import type { AlignedColumns, ChartSeriesInfo } from './chart-model';
import { uplotOptions, type PlotSpec } from './uplot-options';
import { tooltipPlugin, type TooltipSource } from './uplot-tooltip';

export interface UplotPlotProps {
  specKey: string;
  spec: Omit<PlotSpec, 'xRange'>;
  /** What is drawn (stacked sums when stacking). */
  data: AlignedColumns;
  /** The values themselves, for the tooltip. */
  raw: AlignedColumns;
  xRange: [number, number];
  hidden: readonly boolean[];
  tooltip: { individual: boolean; colors: TooltipSource['colors'] };
  /** History playback: the cursor (and its tooltip) is held at this time. */
  cursorTs?: number | null;
}

function timeFormatter(timezone: string | null): (ts: number) => string {
  const base: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(undefined, timezone ? { ...base, timeZone: timezone } : base);
  } catch {
    format = new Intl.DateTimeFormat(undefined, base);
  }
  return (ts) => format.format(ts);
}

function tooltipRows(infos: readonly ChartSeriesInfo[], raw: AlignedColumns, seriesIdx: number, idx: number) {
  const info = infos[seriesIdx - 1];
  const value = raw[seriesIdx]?.[idx];
  if (!info || value === null || value === undefined) return null;
  return { label: info.label, color: info.color, text: formatValue(value, info) };
}

export function UplotPlot(props: UplotPlotProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const live = useRef(props);
  live.current = props;
  const { specKey, data, xRange, hidden } = props;

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const { spec, tooltip } = live.current;
    const title = timeFormatter(spec.timezone);
    const source = (): TooltipSource => ({
      individual: tooltip.individual,
      colors: tooltip.colors,
      title,
      row: (seriesIdx, idx) => tooltipRows(live.current.spec.infos, live.current.raw, seriesIdx, idx),
    });
    const plugins = spec.options.showTooltip ? [tooltipPlugin(source)] : [];
    const opts = uplotOptions(
      { ...spec, xRange: () => live.current.xRange },
      Math.max(1, host.clientWidth),
      Math.max(1, host.clientHeight),
      plugins,
    );
    const plot = new uPlot(opts, live.current.data as uPlot.AlignedData, host);
    plotRef.current = plot;
    const resize = () => {
      const width = Math.max(1, host.clientWidth);
      const height = Math.max(1, host.clientHeight);
      if (width !== plot.width || height !== plot.height) plot.setSize({ width, height });
    };
    // The box changes with the widget (ctx.width/height) and with the legend beside it.
    const observer = new ResizeObserver(resize);
    observer.observe(host);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [specKey]);

  useEffect(() => {
    plotRef.current?.setData(data as uPlot.AlignedData);
  }, [data]);

  const [from, to] = xRange;
  useEffect(() => {
    plotRef.current?.setScale('x', { min: from, max: to });
  }, [from, to]);

  const { cursorTs } = props;
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot || cursorTs === null || cursorTs === undefined) return;
    const left = plot.valToPos(cursorTs, 'x');
    if (Number.isFinite(left)) plot.setCursor({ left, top: plot.over.clientHeight / 2 });
  }, [cursorTs, data, specKey]);

  const hiddenKey = hidden.join(',');
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    plot.batch(() => {
      hiddenKey.split(',').forEach((off, i) => {
        const show = off !== 'true';
        if (plot.series[i + 1] && plot.series[i + 1]?.show !== show) plot.setSeries(i + 1, { show });
      });
    });
  }, [hiddenKey, specKey]);

  return (
    <Box
      ref={hostRef}
      sx={{ position: 'absolute', inset: 0, overflow: 'hidden', '& .u-over': { overflow: 'visible' } }}
      data-testid="timeseries-chart"
    />
  );
}

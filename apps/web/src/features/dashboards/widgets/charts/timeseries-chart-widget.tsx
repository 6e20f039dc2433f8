// charts.basic_timeseries (lines / areas) and charts.timeseries_bars_flot (bars): the series of the
// time window drawn with uPlot, with legend, tooltip, stacking and a second Y axis.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
import { formatValue } from '../../model/data-key';
import { PlaybackBar } from '../../playback/playback-bar';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps, WidgetSeries } from '../widget-types';
import { ChartFrame, ChartLegendView, type LegendItem } from './chart-legend';
import {
  alignSeries,
  chartSeriesInfo,
  legendOrder,
  pointNumber,
  seriesStats,
  stackBands,
  stackColumns,
  type AlignedColumns,
} from './chart-model';
import { keyLineOptions, resolveLegend, stackGroups, timeseriesOptions, widgetValueFormat } from './chart-settings';
import { UplotPlot } from './uplot-plot';
import { useStableJson } from './use-stable-json';

const hasNumbers = (series: readonly WidgetSeries[]) => series.some((s) => s.data.some((p) => pointNumber(p) !== null));

/** Stable string of settings objects whose identity may change on every render. */
const stableKey = (value: unknown) => JSON.stringify(value) ?? '';

export function TimeseriesChartWidget({ ctx }: WidgetProps) {
  const theme = useTheme();
  const series = ctx.data.series;
  const bars = ctx.widget.typeAlias === 'timeseries_bars_flot';
  const settings = useStableJson(ctx.settings);
  const { showLegend, legendConfig, settings: ownSettings } = ctx.widget.config;
  const legendSource = useStableJson({ showLegend, legendConfig, settings: ownSettings });

  const options = useMemo(() => timeseriesOptions(settings), [settings]);
  const format = useMemo(() => widgetValueFormat(settings), [settings]);
  const legend = useMemo(() => resolveLegend(legendSource, settings), [legendSource, settings]);

  const infos = useMemo(() => chartSeriesInfo(series, format), [series, format]);
  const keys = useMemo(() => infos.map((i) => keyLineOptions(i.keySettings)), [infos]);
  const groups = useMemo(() => stackGroups(options.stack, keys), [options.stack, keys]);
  const raw = useMemo(() => alignSeries(series.map((s) => s.data)), [series]);
  const data = useMemo<AlignedColumns>(
    () => (groups.some((g) => g !== null) ? [raw[0], ...stackColumns(raw.slice(1), groups)] : raw),
    [raw, groups],
  );

  // History windows get the playback bar (2-calls §2): it walks the cursor over the data's times.
  const history = !ctx.timewindow.realtime;
  const times = raw[0];
  const [playTs, setPlayTs] = useState<number | null>(null);
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setHiddenIds((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  const plotTheme = useMemo(
    () => ({
      axis: theme.palette.text.secondary,
      grid: options.gridColor ?? theme.palette.divider,
      fontFamily: theme.typography.fontFamily ?? 'sans-serif',
    }),
    [theme, options.gridColor],
  );
  const tooltip = useMemo(
    () => ({
      individual: options.tooltipIndividual,
      colors: {
        background: theme.palette.background.paper,
        text: theme.palette.text.primary,
        border: theme.palette.divider,
        shadow: theme.shadows[3] ?? 'none',
      },
    }),
    [theme, options.tooltipIndividual],
  );
  const timezone = ctx.timewindow.timezone || null;
  const spec = useMemo(
    () => ({
      bars,
      options,
      infos,
      keys,
      bands: stackBands(groups),
      units: format.units,
      timezone,
      theme: plotTheme,
    }),
    [bars, options, infos, keys, groups, format.units, timezone, plotTheme],
  );
  // What the plot is built from; a new live value changes none of it.
  const specKey = stableKey({
    ...spec,
    infos: infos.map(({ id, label, color }) => [id, label, color]),
    tooltip,
  });

  const statsOn = legend.config.showMin || legend.config.showMax || legend.config.showAvg || legend.config.showTotal;
  const legendItems = useMemo((): LegendItem[] => {
    if (!legend.show) return [];
    const items = infos.map((info, i): LegendItem => {
      const st = statsOn ? seriesStats(raw[i + 1] ?? []) : null;
      const f = (v: number) => formatValue(v, info);
      return {
        id: info.id,
        label: info.label,
        color: info.color,
        stats: st ? { min: f(st.min), max: f(st.max), avg: f(st.avg), total: f(st.total) } : null,
      };
    });
    return legendOrder(items, legend.config.sortDataKeys);
  }, [legend, infos, raw, statsOn]);

  if (ctx.data.error) return <WidgetMessage text={ctx.data.error} />;
  if (!hasNumbers(series)) {
    return ctx.data.loading ? (
      <Box sx={{ height: '100%' }} />
    ) : (
      <WidgetMessage text={ctx.noDataMessage ?? 'widget.no-data'} />
    );
  }

  const plot = (
    <ChartFrame
      legend={
        legend.show && legendItems.length > 0
          ? {
              position: legend.config.position,
              node: <ChartLegendView legend={legend} items={legendItems} hidden={hiddenIds} onToggle={toggle} />,
            }
          : null
      }
    >
      <UplotPlot
        specKey={specKey}
        spec={spec}
        data={data}
        raw={raw}
        xRange={[ctx.timewindow.startTs, ctx.timewindow.endTs]}
        hidden={infos.map((i) => hiddenIds.has(i.id))}
        tooltip={tooltip}
        cursorTs={history ? playTs : null}
      />
    </ChartFrame>
  );
  if (!history) return plot;
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>{plot}</Box>
      <PlaybackBar
        minTime={times.length ? (times[0] as number) : null}
        maxTime={times.length ? (times[times.length - 1] as number) : null}
        value={playTs ?? (times[0] as number | undefined) ?? ctx.timewindow.startTs}
        onChange={setPlayTs}
        anchors={times as number[]}
        timezone={timezone ?? undefined}
      />
    </Box>
  );
}

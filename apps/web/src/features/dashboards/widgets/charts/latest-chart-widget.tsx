// charts.pie_chart_js, charts.doughnut_chart_js, charts.pie (with labels) and charts.bars: the
// latest value of each key drawn with ECharts (tree-shaken: only pie, bar, grid and tooltip).
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useCallback, useMemo, useState } from 'react';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { ChartFrame, ChartLegendView, type LegendItem } from './chart-legend';
import { chartSeriesInfo, latestItems, legendOrder, pieSlices } from './chart-model';
import { resolveLegend, widgetValueFormat } from './chart-settings';
import { useStableJson } from './use-stable-json';
import { barsOption, itemText, pieOption, sliceLegendText, type LatestTheme } from './latest-chart-options';

echarts.use([PieChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Kept constant: a changed `opts` object makes echarts-for-react dispose and re-create the chart. */
const CHART_OPTS = { renderer: 'canvas' } as const;

export function LatestChartWidget({ ctx }: WidgetProps) {
  const theme = useTheme();
  const bars = ctx.widget.typeAlias === 'bars';
  const series = ctx.data.series;
  const settings = useStableJson(ctx.settings);
  const { showLegend, legendConfig, settings: ownSettings } = ctx.widget.config;
  const legendSource = useStableJson({ showLegend, legendConfig, settings: ownSettings });
  const legend = useMemo(() => resolveLegend(legendSource, settings), [legendSource, settings]);
  const format = useMemo(() => widgetValueFormat(settings), [settings]);

  const infos = useMemo(() => chartSeriesInfo(series, format), [series, format]);
  const items = useMemo(() => (bars ? latestItems(series, infos) : pieSlices(series, infos)), [bars, series, infos]);
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
  const shown = useMemo(() => items.filter((i) => !hiddenIds.has(i.id)), [items, hiddenIds]);

  const chartTheme = useMemo(
    (): LatestTheme => ({
      text: theme.palette.text.primary,
      secondaryText: theme.palette.text.secondary,
      divider: theme.palette.divider,
      paper: theme.palette.background.paper,
      fontFamily: theme.typography.fontFamily ?? 'sans-serif',
    }),
    [theme],
  );
  const narrow = ctx.width < 420;
  const clickable = !ctx.editing && ctx.hasAction('elementClick');
  const option = useMemo(() => {
    const base = bars ? barsOption(shown, settings, chartTheme, narrow) : pieOption(shown, settings, chartTheme);
    // ECharts shows a pointer over every item by default: only when a click does something.
    return { ...base, series: base.series.map((s) => ({ ...s, cursor: clickable ? 'pointer' : 'default' })) };
  }, [bars, shown, settings, chartTheme, narrow, clickable]);

  const legendItems = useMemo((): LegendItem[] => {
    if (!legend.show) return [];
    // Shares of what is shown: a hidden slice leaves the whole.
    const total = shown.reduce((sum, i) => sum + i.value, 0);
    const showPct = !bars && settings.showPercentages !== false;
    const list = items.map((i): LegendItem => ({
      id: i.id,
      label: i.label,
      color: i.color,
      value: hiddenIds.has(i.id) ? '' : bars ? itemText(i) : sliceLegendText(i, total, showPct),
    }));
    return legendOrder(list, legend.config.sortDataKeys);
  }, [legend, items, shown, hiddenIds, bars, settings]);

  const { action } = ctx;
  const onEvents = useMemo(
    (): Record<string, (p: { data?: { id?: string } }) => void> =>
      clickable
        ? {
            click: (p: { data?: { id?: string } }) => {
              const item = items.find((i) => i.id === p.data?.id);
              if (item) action('elementClick', item.entity, { label: item.label, value: item.value });
            },
          }
        : {},
    [clickable, items, action],
  );

  if (ctx.data.error) return <WidgetMessage text={ctx.data.error} />;
  if (items.length === 0) {
    return ctx.data.loading ? (
      <Box sx={{ height: '100%' }} />
    ) : (
      <WidgetMessage text={ctx.noDataMessage ?? 'widget.no-data'} />
    );
  }
  // Legend beside a pie on a phone leaves no pie: put it below.
  const position =
    narrow && (legend.config.position === 'left' || legend.config.position === 'right')
      ? 'bottom'
      : legend.config.position;
  // Statistics columns mean nothing for one value per key.
  const noStats = { showMin: false, showMax: false, showAvg: false, showTotal: false };
  const legendView = { ...legend, config: { ...legend.config, ...noStats, position } };

  return (
    <ChartFrame
      legend={
        legend.show
          ? {
              position,
              node: <ChartLegendView legend={legendView} items={legendItems} hidden={hiddenIds} onToggle={toggle} />,
            }
          : null
      }
    >
      <Box sx={{ position: 'absolute', inset: 0 }}>
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          opts={CHART_OPTS}
          onEvents={onEvents}
          style={{ width: '100%', height: '100%' }}
          data-testid={bars ? 'bars-chart' : 'pie-chart'}
        />
      </Box>
    </ChartFrame>
  );
}

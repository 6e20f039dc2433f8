// ECharts options of the latest-value charts (pie, doughnut, pie with labels, bars). Pure: the
// widget passes theme colours in, so this can be tested without a canvas.
import { formatValue } from '../../model/data-key';
import { boolSetting, numSetting, strSetting } from '../shared/settings-readers';
import type { LatestItem } from './chart-model';
import { sharePercent } from './chart-model';

type Settings = Readonly<Record<string, unknown>>;

export interface LatestTheme {
  text: string;
  secondaryText: string;
  divider: string;
  paper: string;
  fontFamily: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** ECharts tooltips are HTML: author text (labels) must not become markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

export const itemText = (item: LatestItem) => formatValue(item.value, item);

const percentText = (p: number) => `${p.toFixed(p > 0 && p < 10 ? 1 : 0)}%`;

function tooltipBase(theme: LatestTheme) {
  return {
    backgroundColor: theme.paper,
    borderColor: theme.divider,
    textStyle: { color: theme.text, fontSize: 12, fontFamily: theme.fontFamily },
    confine: true,
  };
}

/** The text after a slice's legend label: its value, and its share when percentages are on. */
export function sliceLegendText(item: LatestItem, total: number, showPercentages: boolean): string {
  const value = itemText(item);
  return showPercentages ? `${value} (${percentText(sharePercent(item.value, total))})` : value;
}

/** Pie and doughnut: `innerRadius` is a share of the outer radius (0 = a full pie). */
export function pieOption(items: readonly LatestItem[], settings: Settings, theme: LatestTheme) {
  const showLabels = boolSetting(settings, 'showLabels', false);
  const showPercentages = boolSetting(settings, 'showPercentages', true);
  const inner = Math.min(90, Math.max(0, numSetting(settings, 'innerRadius', 0)));
  // Labels outside the pie need room around it.
  const outer = showLabels ? 58 : 88;
  const total = items.reduce((sum, i) => sum + i.value, 0);
  const byName = new Map(items.map((i) => [i.id, i]));
  return {
    animation: boolSetting(settings, 'animation', true),
    animationDurationUpdate: 300,
    tooltip: {
      ...tooltipBase(theme),
      trigger: 'item',
      formatter: (p: { data?: { id?: string }; marker?: string }) => {
        const item = byName.get(p.data?.id ?? '');
        return item
          ? `${p.marker ?? ''}${escapeHtml(item.label)}: <b>${escapeHtml(sliceLegendText(item, total, true))}</b>`
          : '';
      },
    },
    series: [
      {
        type: 'pie',
        radius: [`${(outer * inner) / 100}%`, `${outer}%`],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        itemStyle: {
          borderWidth: Math.max(0, numSetting(settings, 'borderWidth', 1)),
          borderColor: strSetting(settings, 'borderColor', theme.paper),
        },
        label: {
          show: showLabels,
          color: theme.text,
          fontFamily: theme.fontFamily,
          fontSize: 12,
          lineHeight: 15,
          formatter: (p: { data?: { id?: string } }) => {
            const item = byName.get(p.data?.id ?? '');
            if (!item) return '';
            return showPercentages ? `${item.label}\n${percentText(sharePercent(item.value, total))}` : item.label;
          },
        },
        // Short label lines keep the labels inside small widgets.
        labelLine: { show: showLabels, length: 8, length2: 6, lineStyle: { color: theme.divider } },
        emphasis: { scaleSize: 4 },
        data: items.map((i) => ({ id: i.id, name: i.label, value: i.value, itemStyle: { color: i.color } })),
      },
    ],
  };
}

/** Bars of latest values, vertical or horizontal, one colour per key. */
export function barsOption(items: readonly LatestItem[], settings: Settings, theme: LatestTheme, narrow: boolean) {
  const horizontal = boolSetting(settings, 'horizontal', false);
  const showValues = boolSetting(settings, 'showValues', false);
  const beginAtZero = boolSetting(settings, 'beginAtZero', true);
  const axisLabel = { color: theme.secondaryText, fontFamily: theme.fontFamily, fontSize: 11 };
  const splitLine = { lineStyle: { color: theme.divider } };
  const category = {
    type: 'category',
    data: items.map((i) => i.label),
    axisLabel: { ...axisLabel, hideOverlap: true, width: horizontal ? 90 : 80, overflow: 'truncate', interval: 0 },
    axisLine: { lineStyle: { color: theme.divider } },
    axisTick: { show: false },
    // Horizontal: the first key at the top, as it is listed.
    inverse: horizontal,
  };
  const units = items[0]?.units ?? '';
  const value = {
    type: 'value',
    scale: !beginAtZero,
    axisLabel: { ...axisLabel, formatter: (v: number) => formatValue(v, { units }) },
    splitLine,
  };
  const byName = new Map(items.map((i) => [i.id, i]));
  return {
    animationDurationUpdate: 300,
    // Explicit margins: ECharts' defaults flatten short widgets.
    grid: {
      left: 8,
      right: horizontal ? 24 : 8,
      top: showValues && !horizontal ? 22 : 12,
      bottom: 8,
      containLabel: true,
    },
    tooltip: {
      ...tooltipBase(theme),
      trigger: 'item',
      formatter: (p: { data?: { id?: string }; marker?: string }) => {
        const item = byName.get(p.data?.id ?? '');
        return item ? `${p.marker ?? ''}${escapeHtml(item.label)}: <b>${escapeHtml(itemText(item))}</b>` : '';
      },
    },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [
      {
        type: 'bar',
        barMaxWidth: narrow ? 28 : 48,
        label: {
          show: showValues,
          position: horizontal ? 'right' : 'top',
          color: theme.text,
          fontSize: 11,
          formatter: (p: { data?: { id?: string } }) => {
            const item = byName.get(p.data?.id ?? '');
            return item ? itemText(item) : '';
          },
        },
        data: items.map((i) => ({ id: i.id, value: i.value, itemStyle: { color: i.color, borderRadius: 2 } })),
      },
    ],
  };
}

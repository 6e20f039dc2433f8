// The one place the gauges load ECharts: tree-shaken to the gauge chart and the canvas renderer.
// Only the lazily loaded gauge components import this file.
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { GaugeOption } from './gauge-options';

echarts.use([GaugeChart, CanvasRenderer]);

/**
 * A gauge chart of the given size. The chart instance lives as long as the widget: a new option
 * (a new value) is merged into it (`notMerge` off), so updates animate and never re-mount.
 */
export function EChartsGauge({ option, width, height }: { option: GaugeOption; width: number; height: number }) {
  return <ReactEChartsCore echarts={echarts} option={option} notMerge={false} lazyUpdate style={{ width, height }} />;
}

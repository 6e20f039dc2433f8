import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { alignedData, type SeriesData } from '../model/chart-series';

// This module is reached only through the lazily loaded chart dialog, so uPlot and its CSS load
// with the first chart, not with the app.

const LIGHT_COLORS = ['#305680', '#e65100', '#2e7d32', '#c2185b', '#6a1b9a', '#00838f', '#827717', '#4e342e'];
const DARK_COLORS = ['#90caf9', '#ffb74d', '#81c784', '#f48fb1', '#ce93d8', '#80deea', '#dce775', '#bcaaa4'];

export interface UplotChartProps {
  keys: readonly string[];
  series: SeriesData;
  /** The time window shown, in ms. */
  xRange: readonly [number, number];
  timeLabel: string;
}

/** Height left for the plot once uPlot's legend (the values under the cursor) has its room. */
function plotHeight(box: HTMLElement, plot?: uPlot): number {
  const legend = plot?.root.querySelector<HTMLElement>('.u-legend');
  return Math.max(120, box.clientHeight - (legend?.offsetHeight ?? 40) - 8);
}

/** A uPlot time-series chart that fills its box, follows the theme and resizes with it. */
export function UplotChart({ keys, series, xRange, timeLabel }: UplotChartProps) {
  const theme = useTheme();
  const boxRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const rangeRef = useRef(xRange);
  rangeRef.current = xRange;
  const data = useMemo(() => alignedData(keys, series), [keys, series]);
  const dataRef = useRef(data);
  dataRef.current = data;
  const dark = theme.palette.mode === 'dark';
  const keyList = keys.join('\n');

  useEffect(() => {
    const box = boxRef.current;
    const host = hostRef.current;
    if (!box || !host) return;
    const axis = theme.palette.text.secondary;
    const grid = theme.palette.divider;
    const font = `12px ${theme.typography.fontFamily ?? 'sans-serif'}`;
    const colors = dark ? DARK_COLORS : LIGHT_COLORS;
    const names = keyList.split('\n');
    const plot = new uPlot(
      {
        width: Math.max(200, box.clientWidth),
        height: plotHeight(box),
        ms: 1,
        scales: { x: { time: true } },
        cursor: { drag: { x: true, y: false } },
        legend: { live: true },
        axes: [
          {
            stroke: axis,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1 },
            font,
            labelFont: font,
            label: timeLabel,
            labelSize: 20,
          },
          {
            stroke: axis,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1 },
            font,
            labelFont: font,
            size: 64,
            ...(names.length === 1 ? { label: names[0], labelSize: 20 } : {}),
          },
        ],
        series: [
          { label: timeLabel },
          ...names.map((name, i) => ({
            label: name,
            stroke: colors[i % colors.length],
            width: 2,
            spanGaps: true,
            points: { size: 6 },
          })),
        ],
      },
      dataRef.current as uPlot.AlignedData,
      host,
    );
    plotRef.current = plot;
    plot.setScale('x', { min: rangeRef.current[0], max: rangeRef.current[1] });
    const resize = () => plot.setSize({ width: Math.max(200, box.clientWidth), height: plotHeight(box, plot) });
    resize(); // the legend exists now: give the plot the rest
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [keyList, timeLabel, dark, theme]);

  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    plot.batch(() => {
      plot.setData(data as uPlot.AlignedData, false);
      plot.setScale('x', { min: xRange[0], max: xRange[1] });
    });
  }, [data, xRange]);

  return (
    <Box
      ref={boxRef}
      sx={{
        position: 'relative',
        flex: 1,
        minHeight: 260,
        '& .uplot': { fontFamily: theme.typography.fontFamily, width: '100%' },
        '& .u-legend': { fontSize: 13, color: 'text.primary' },
        '& .u-legend .u-series th': { fontWeight: 500 },
        '& .u-select': { bgcolor: dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.07)' },
      }}
    >
      <Box ref={hostRef} sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }} />
    </Box>
  );
}

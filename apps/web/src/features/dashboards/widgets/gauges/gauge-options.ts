// ECharts options of the round gauges, built from plain values so they can be tested without a
// canvas. The components memoise them; ECharts merges each new option into the live chart, so a
// value update moves the needle instead of redrawing the widget.
import type { ArcLayout } from './gauge-layout';
import { dialLayout } from './gauge-layout';
import type { ColorRange, GaugeScale } from './gauge-model';
import { clamp, rangeStops, tickLabel } from './gauge-model';

export type GaugeOption = Record<string, unknown>;

interface Motion {
  animation: boolean;
  /** ms of a value change. */
  duration: number;
}

function motion(m: Motion): GaugeOption {
  return {
    animation: m.animation,
    animationDuration: m.duration,
    animationDurationUpdate: m.duration,
    animationEasingUpdate: 'cubicOut',
  };
}

/** A filled disc behind a dial: a ring of the dial's full radius (the gauge series has no plate). */
function plate(cx: number, cy: number, r: number, color: string, border: string | null): GaugeOption[] {
  const disc: GaugeOption = {
    type: 'gauge',
    silent: true,
    animation: false,
    z: 1,
    center: [cx, cy],
    radius: r,
    startAngle: 90,
    endAngle: -270,
    axisLine: { lineStyle: { width: r, color: [[1, color]] } },
    splitLine: { show: false },
    axisTick: { show: false },
    axisLabel: { show: false },
    pointer: { show: false },
    anchor: { show: false },
    title: { show: false },
    detail: { show: false },
    data: [],
  };
  if (!border) return [disc];
  const ring = { ...disc, z: 2, axisLine: { lineStyle: { width: Math.max(2, r * 0.04), color: [[1, border]] } } };
  return [disc, ring];
}

const hidden = { show: false };

export interface DialParams extends Motion {
  variant: 'speed' | 'radial';
  width: number;
  height: number;
  scale: GaugeScale;
  value: number;
  text: string;
  unitsTitle: string | null;
  majorTicks: number;
  minorTicks: number;
  ranges: readonly ColorRange[];
  colors: { plate: string; needle: string; ticks: string; text: string; track: string };
  fontFamily: string;
}

/** Speed and radial dials: 270° (radial) or 240° (speed) scale with ticks, colour bands and a needle. */
export function dialOption(p: DialParams): GaugeOption {
  const { cx, cy, r, fontSize } = dialLayout(p.width, p.height);
  const speed = p.variant === 'speed';
  const inner = r * 0.92;
  const band = Math.max(3, r * (speed ? 0.06 : 0.08));
  return {
    ...motion(p),
    series: [
      ...plate(cx, cy, r, p.colors.plate, p.colors.track),
      {
        type: 'gauge',
        z: 3,
        center: [cx, cy],
        radius: inner,
        startAngle: speed ? 210 : 225,
        endAngle: speed ? -30 : -45,
        min: p.scale.min,
        max: p.scale.max,
        splitNumber: Math.max(1, Math.round(p.majorTicks)),
        axisLine: { lineStyle: { width: band, color: rangeStops(p.ranges, p.scale, p.colors.track) } },
        splitLine: { distance: 0, length: band * 1.8, lineStyle: { color: p.colors.ticks, width: 2 } },
        axisTick:
          p.minorTicks > 0
            ? { distance: 0, splitNumber: p.minorTicks + 1, length: band, lineStyle: { color: p.colors.ticks } }
            : hidden,
        axisLabel: {
          color: p.colors.ticks,
          fontSize,
          fontFamily: p.fontFamily,
          distance: band * 2 + 2,
          formatter: (v: number) => tickLabel(v),
        },
        pointer: { length: '72%', width: Math.max(3, r * 0.045), itemStyle: { color: p.colors.needle } },
        anchor: { show: true, size: Math.max(6, r * 0.12), itemStyle: { color: p.colors.needle } },
        title: p.unitsTitle
          ? { show: true, offsetCenter: [0, '-32%'], color: p.colors.ticks, fontSize, fontFamily: p.fontFamily }
          : hidden,
        detail: {
          valueAnimation: false,
          offsetCenter: [0, speed ? '48%' : '62%'],
          fontSize: Math.round(fontSize * 1.6),
          fontWeight: 500,
          fontFamily: p.fontFamily,
          color: p.colors.text,
          // The real value, even when the needle sticks to an end of the scale.
          formatter: () => p.text,
        },
        data: [{ value: clamp(p.value, p.scale.min, p.scale.max), name: p.unitsTitle ?? '' }],
      },
    ],
  };
}

export interface CompassParams extends Motion {
  width: number;
  height: number;
  heading: number;
  text: string;
  colors: { plate: string; major: string; minor: string; needle: string; needleEnd: string; border: string | null };
  fontFamily: string;
}

const POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** The heading on a compass rose: 0° at the top, clockwise; the needle's tail points the other way. */
export function compassOption(p: CompassParams): GaugeOption {
  const { cx, cy, r, fontSize } = dialLayout(p.width, p.height);
  const heading = ((p.heading % 360) + 360) % 360;
  const needle = (color: string, length: string) => ({ length, width: Math.max(4, r * 0.07), itemStyle: { color } });
  return {
    ...motion(p),
    series: [
      ...plate(cx, cy, r, p.colors.plate, p.colors.border),
      {
        type: 'gauge',
        z: 3,
        center: [cx, cy],
        radius: r * 0.9,
        startAngle: 90,
        endAngle: -270,
        min: 0,
        max: 360,
        splitNumber: 8,
        axisLine: hidden,
        splitLine: { distance: 0, length: r * 0.1, lineStyle: { color: p.colors.major, width: 2 } },
        axisTick: { distance: 0, splitNumber: 3, length: r * 0.05, lineStyle: { color: p.colors.minor } },
        axisLabel: {
          color: p.colors.major,
          fontSize: Math.round(fontSize * 1.2),
          fontFamily: p.fontFamily,
          distance: r * 0.14,
          // 360 sits on 0: label it once.
          formatter: (v: number) => (v >= 360 ? '' : (POINTS[Math.round(v / 45)] ?? '')),
        },
        anchor: { show: true, size: Math.max(6, r * 0.1), itemStyle: { color: p.colors.needleEnd } },
        title: hidden,
        detail: {
          valueAnimation: false,
          offsetCenter: [0, '42%'],
          fontSize: Math.round(fontSize * 1.3),
          fontFamily: p.fontFamily,
          color: p.colors.major,
          formatter: () => p.text,
        },
        data: [
          { value: (heading + 180) % 360, pointer: needle(p.colors.needleEnd, '45%'), detail: hidden },
          { value: heading, pointer: needle(p.colors.needle, '70%') },
        ],
      },
    ],
  };
}

export interface ArcParams extends Motion {
  layout: ArcLayout;
  shape: 'arc' | 'donut';
  scale: GaugeScale;
  value: number;
  text: string;
  showValue: boolean;
  color: string;
  trackColor: string;
  textColor: string;
  fontFamily: string;
}

/** The digital (JustGage-like) gauges: a thick arc or ring filled up to the value in its level colour. */
export function arcOption(p: ArcParams): GaugeOption {
  const { cx, cy, r, thickness, valueFontSize } = p.layout;
  const donut = p.shape === 'donut';
  return {
    ...motion(p),
    series: [
      {
        type: 'gauge',
        center: [cx, cy],
        radius: r,
        startAngle: donut ? 90 : 180,
        endAngle: donut ? -270 : 0,
        min: p.scale.min,
        max: p.scale.max,
        axisLine: { lineStyle: { width: thickness, color: [[1, p.trackColor]] } },
        progress: { show: true, width: thickness, itemStyle: { color: p.color } },
        splitLine: hidden,
        axisTick: hidden,
        axisLabel: hidden,
        pointer: hidden,
        anchor: hidden,
        title: hidden,
        detail: p.showValue
          ? {
              valueAnimation: false,
              offsetCenter: [0, donut ? 0 : -Math.round(r * 0.22)],
              fontSize: valueFontSize,
              fontWeight: 500,
              fontFamily: p.fontFamily,
              color: p.textColor,
              formatter: () => p.text,
            }
          : hidden,
        data: [{ value: clamp(p.value, p.scale.min, p.scale.max) }],
      },
    ],
  };
}

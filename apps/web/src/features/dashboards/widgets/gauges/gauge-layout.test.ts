import { describe, expect, it } from 'vitest';
import { arcLayout, dialLayout } from './gauge-layout';
import { arcOption, compassOption, dialOption } from './gauge-options';

const base = { showTitle: false, linesBelow: 1, widthScale: 1, valueText: '42' } as const;

describe('arc layout', () => {
  it('keeps a half circle and its min/max line inside the box', () => {
    for (const [w, h] of [
      [390, 200],
      [160, 160],
      [800, 120],
    ] as const) {
      const l = arcLayout(w, h, { ...base, shape: 'arc' });
      expect(l.cx - l.r).toBeGreaterThanOrEqual(0);
      expect(l.cx + l.r).toBeLessThanOrEqual(w);
      expect(l.cy - l.r).toBeGreaterThanOrEqual(0);
      expect(l.belowY + l.labelFontSize * 1.4).toBeLessThanOrEqual(h);
    }
  });
  it('shrinks a long value to the inside of the arc', () => {
    const l = arcLayout(200, 120, { ...base, shape: 'arc', valueText: '123456.789 kWh' });
    expect(l.valueFontSize * 14 * 0.6).toBeLessThanOrEqual(2 * (l.r - l.thickness));
  });
  it('fits a ring in a square box', () => {
    const l = arcLayout(100, 100, { ...base, shape: 'donut', linesBelow: 0 });
    expect(l.cy + l.r).toBeLessThanOrEqual(100);
    expect(l.cy - l.r).toBeGreaterThanOrEqual(0);
  });
});

describe('gauge options', () => {
  const motion = { animation: true, duration: 300 };
  it('pins the needle to the scale but shows the real value', () => {
    const opt = dialOption({
      ...motion,
      variant: 'radial',
      width: 300,
      height: 200,
      scale: { min: 0, max: 100 },
      value: 140,
      text: '140 km/h',
      unitsTitle: null,
      majorTicks: 5,
      minorTicks: 0,
      ranges: [],
      colors: { plate: '#fff', needle: 'red', ticks: '#444', text: '#000', track: '#eee' },
      fontFamily: 'Roboto',
    });
    const series = opt.series as Record<string, unknown>[];
    const dial = series[series.length - 1] as { data: { value: number }[]; detail: { formatter: () => string } };
    expect(dial.data[0]?.value).toBe(100);
    expect(dial.detail.formatter()).toBe('140 km/h');
    expect(opt.animationDurationUpdate).toBe(300);
    expect(dialLayout(300, 200).r).toBeLessThanOrEqual(100);
  });
  it('points the compass needle at the heading and its tail opposite', () => {
    const opt = compassOption({
      ...motion,
      width: 200,
      height: 200,
      heading: -90,
      text: '270°',
      colors: { plate: '#222', major: '#fff', minor: '#ddd', needle: 'red', needleEnd: '#ccc', border: null },
      fontFamily: 'Roboto',
    });
    const series = opt.series as { data: { value: number }[] }[];
    expect(series[series.length - 1]?.data.map((d) => d.value)).toEqual([90, 270]);
  });
  it('fills the arc in the level colour', () => {
    const layout = arcLayout(300, 200, { ...base, shape: 'arc' });
    const opt = arcOption({
      ...motion,
      layout,
      shape: 'arc',
      scale: { min: 0, max: 100 },
      value: -5,
      text: '-5',
      showValue: true,
      color: 'green',
      trackColor: '#eee',
      textColor: '#000',
      fontFamily: 'Roboto',
    });
    const [s] = opt.series as {
      data: { value: number }[];
      progress: { itemStyle: { color: string } };
      startAngle: number;
    }[];
    expect(s?.data[0]?.value).toBe(0);
    expect(s?.progress.itemStyle.color).toBe('green');
    expect(s?.startAngle).toBe(180);
  });
});

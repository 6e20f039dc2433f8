import { describe, expect, it } from 'vitest';
import type { LatestItem } from './chart-model';
import { barsOption, escapeHtml, pieOption, sliceLegendText } from './latest-chart-options';

const theme = { text: '#000', secondaryText: '#666', divider: '#ddd', paper: '#fff', fontFamily: 'Roboto' };
const item = (id: string, value: number, extra: Partial<LatestItem> = {}): LatestItem => ({
  id,
  label: id,
  color: '#2196f3',
  value,
  units: '',
  decimals: null,
  entity: null,
  ...extra,
});

type Formatter = (p: { data?: { id?: string }; marker?: string }) => string;

describe('escapeHtml', () => {
  it('keeps author labels from becoming markup', () => {
    expect(escapeHtml('<img src=x onerror="alert(1)">&')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;');
  });
});

describe('pieOption', () => {
  const items = [item('a', 30, { units: 'kW', decimals: 1 }), item('<b>', 10)];

  it('makes a doughnut hole as a share of the outer radius', () => {
    expect(pieOption(items, { innerRadius: 50 }, theme).series[0]?.radius).toEqual(['44%', '88%']);
    expect(pieOption(items, { innerRadius: 0, showLabels: true }, theme).series[0]?.radius).toEqual(['0%', '58%']);
  });

  it('formats the tooltip with units, decimals and share, escaped', () => {
    const format = pieOption(items, {}, theme).tooltip.formatter as Formatter;
    expect(format({ data: { id: 'a' } })).toBe('a: <b>30.0 kW (75%)</b>');
    expect(format({ data: { id: '<b>' } })).toContain('&lt;b&gt;');
  });

  it('labels slices with their share only when asked', () => {
    const label = (settings: Record<string, unknown>) =>
      (pieOption(items, settings, theme).series[0]?.label.formatter as Formatter)({ data: { id: 'a' } });
    expect(label({ showPercentages: true })).toBe('a\n75%');
    expect(label({ showPercentages: false })).toBe('a');
  });

  it('legend text shows value and share', () => {
    expect(sliceLegendText(item('x', 1), 40, true)).toBe('1 (2.5%)');
    expect(sliceLegendText(item('x', 1), 40, false)).toBe('1');
  });
});

describe('barsOption', () => {
  const items = [item('a', 3), item('b', -2)];
  it('puts categories on the y axis when horizontal, first key on top', () => {
    const o = barsOption(items, { horizontal: true }, theme, false);
    expect(o.yAxis).toMatchObject({ type: 'category', data: ['a', 'b'], inverse: true });
    expect(o.xAxis).toMatchObject({ type: 'value', scale: false });
  });
  it('lets the value axis leave zero when beginAtZero is off', () => {
    expect(barsOption(items, { beginAtZero: false }, theme, false).yAxis).toMatchObject({ type: 'value', scale: true });
  });
});

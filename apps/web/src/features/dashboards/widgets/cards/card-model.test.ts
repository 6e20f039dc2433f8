import { describe, expect, it } from 'vitest';
import type { WidgetSeries } from '../widget-types';
import { authorColor, cardValues, groupByEntity, valueFormatOf, widgetMessageOf } from './card-data';
import { containRect, escapeHtml, fillTemplate, fitFontSize, readLabels, safeImageUrl } from './card-model';

const device = { id: 'd1', entityType: 'DEVICE', name: 'Boiler <1>' };
const series = (
  name: string,
  label: string,
  value: string | null,
  extra: Partial<WidgetSeries> = {},
): WidgetSeries => ({
  datasourceIndex: 0,
  datasource: { type: 'entity' },
  entity: device,
  dataKey: { name, type: 'timeseries', label, color: '#2196f3' },
  data: value === null ? [] : [[1000, value]],
  ...extra,
});

describe('value format', () => {
  it('lets key units and decimals override the widget settings', () => {
    expect(valueFormatOf({ units: 'kW', decimals: 3 }, { units: '°C', decimals: 1 })).toEqual({
      units: 'kW',
      decimals: 3,
    });
    expect(valueFormatOf({}, { units: '°C', decimals: 1 })).toEqual({ units: '°C', decimals: 1 });
    expect(valueFormatOf({ units: '' }, { units: '' }, { units: '%', decimals: 2 })).toEqual({
      units: '%',
      decimals: 2,
    });
    expect(valueFormatOf(null, {})).toEqual({ units: null, decimals: null });
  });
  it('formats the latest value of every key', () => {
    const [v] = cardValues([series('temperature', 'Temperature', '21.456')], { units: '°C', decimals: 1 });
    expect(v?.text).toBe('21.5 °C');
    expect(v?.ts).toBe(1000);
  });
  it('groups values per entity', () => {
    const other = { id: 'd2', entityType: 'DEVICE', name: 'Pump' };
    const groups = groupByEntity(
      cardValues([series('a', 'A', '1'), series('b', 'B', '2'), series('a', 'A', '3', { entity: other })], {}),
    );
    expect(groups.map((g) => [g.title, g.values.length])).toEqual([
      ['Boiler <1>', 2],
      ['Pump', 1],
    ]);
  });
});

describe('widget message', () => {
  const data = { loading: false, error: null, series: [], entities: [] };
  it('shows the error, then no data once loaded', () => {
    expect(widgetMessageOf({ data: { ...data, error: 'alias.error-x' } }, true)).toBe('alias.error-x');
    expect(widgetMessageOf({ data: { ...data, loading: true } }, false)).toBeNull();
    expect(widgetMessageOf({ data }, false)).toBe('widget.no-data');
    expect(widgetMessageOf({ data, noDataMessage: 'Nothing' }, false)).toBe('Nothing');
    expect(widgetMessageOf({ data }, true)).toBeNull();
  });
});

describe('templates', () => {
  const values = cardValues(
    [series('temperature', 'Temperature', '21.456'), series('state', 'State', '<img src=x onerror=alert(1)>')],
    { units: '°C', decimals: 1 },
  );
  it('substitutes key labels, names, decimals and entity fields', () => {
    expect(fillTemplate('T: ${Temperature} / ${temperature:2} / ${entityName}', values, false)).toBe(
      'T: 21.5 °C / 21.46 °C / Boiler <1>',
    );
  });
  it('escapes inserted values in HTML templates, not the template itself', () => {
    expect(fillTemplate('<b>${State}</b> ${entityName}', values, true)).toBe(
      '<b>&lt;img src=x onerror=alert(1)&gt;</b> Boiler &lt;1&gt;',
    );
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });
  it('keeps placeholders that name nothing, and empties missing values', () => {
    const withEmpty = cardValues([series('h', 'Humidity', null)], {});
    expect(fillTemplate('${Nope} [${Humidity}]', withEmpty, false)).toBe('${Nope} []');
  });
});

describe('layout helpers', () => {
  it('shrinks a big value to fit a phone-wide box', () => {
    expect(fitFontSize('21.5 °C', 1000, 200, 32)).toBe(32);
    const size = fitFontSize('123456.78 kWh', 150, 200, 64);
    expect(size * 13 * 0.6).toBeLessThanOrEqual(150);
    expect(fitFontSize('x', 10, 5, 32)).toBe(8);
  });
  it('accepts only image URLs', () => {
    expect(safeImageUrl('https://x/y.png')).toBe('https://x/y.png');
    expect(safeImageUrl('/api/images/1')).toBe('/api/images/1');
    expect(safeImageUrl('javascript:alert(1)')).toBe('');
    expect(safeImageUrl('data:text/html;base64,xx')).toBe('');
    expect(safeImageUrl('data:image/png;base64,xx')).toBe('data:image/png;base64,xx');
  });
  it('places a contained image', () => {
    expect(containRect({ width: 200, height: 100 }, { width: 100, height: 100 })).toEqual({
      left: 50,
      top: 0,
      width: 100,
      height: 100,
    });
  });
});

describe('authorColor', () => {
  it('keeps author colours and leaves defaults to the theme', () => {
    expect(authorColor({ textColor: 'rgba(0,0,0,0.87)' }, 'textColor', 'rgba(0, 0, 0, 0.87)')).toBeNull();
    expect(authorColor({ textColor: '#ff0000' }, 'textColor', 'rgba(0, 0, 0, 0.87)')).toBe('#ff0000');
    expect(authorColor({}, 'textColor', '#000')).toBeNull();
  });
});

describe('readLabels', () => {
  it('reads our labels and ThingsBoard ones, dropping labels without pattern', () => {
    const labels = readLabels([
      { pattern: 'A ${Value}', x: 10, y: 120, fontColor: '#f00', fontSize: 20 },
      { pattern: 'B', x: '30', y: 40, font: { color: '#0f0', size: 12, weight: 'bold' } },
      { x: 1 },
      'junk',
    ]);
    expect(labels).toHaveLength(2);
    expect(labels[0]).toMatchObject({ x: 10, y: 100, color: '#f00', fontSize: 20 });
    expect(labels[1]).toMatchObject({ x: 30, y: 40, color: '#0f0', fontSize: 12, fontWeight: 'bold' });
  });
});

import { describe, expect, it } from 'vitest';
import type { WidgetEntity, WidgetSeries } from '../widget-types';
import {
  containRect,
  fillPattern,
  labelText,
  markerBounds,
  markersFromSeries,
  markerSetKey,
  parseCenter,
  tileProvider,
  tooltipHtml,
} from './map-model';

const truck = (id: string, name: string): WidgetEntity => ({ id, entityType: 'DEVICE', name });
const key = (entity: WidgetEntity | null, label: string, value: string | null, extra = {}): WidgetSeries => ({
  datasourceIndex: 0,
  datasource: { type: entity ? 'entity' : 'function', name: 'fn' },
  entity,
  dataKey: { name: label, type: 'timeseries', label, color: label === 'latitude' ? '#123456' : '#999', ...extra },
  data: value === null ? [] : [[1, value]],
});

const t1 = truck('t1', 'Truck 1');
const t2 = truck('t2', 'Truck <2>');
const series = [
  key(t1, 'latitude', '37.5'),
  key(t1, 'longitude', '-122.1'),
  key(t1, 'speed', '42.345', { units: 'km/h', decimals: 1 }),
  key(t2, 'latitude', '95'), // out of range
  key(t2, 'longitude', '10'),
  key(truck('t3', 'T3'), 'latitude', '1'), // no longitude
];

describe('markers', () => {
  it('makes one marker per entity with a valid position', () => {
    const markers = markersFromSeries(series, 'latitude', 'longitude', 'geo');
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ id: 'DEVICE:t1', a: 37.5, b: -122.1, color: '#123456', name: 'Truck 1' });
    expect(markers[0]?.values.find((v) => v.name === 'speed')?.text).toBe('42.3 km/h');
  });

  it('uses relative 0..1 positions on images', () => {
    const s = [key(t1, 'xPos', '0.5'), key(t1, 'yPos', '0.25'), key(t2, 'xPos', '1.5'), key(t2, 'yPos', '0')];
    const markers = markersFromSeries(s, 'yPos', 'xPos', 'relative');
    expect(markers.map((m) => [m.id, m.a, m.b])).toEqual([['DEVICE:t1', 0.25, 0.5]]);
  });

  it('keeps function data as one marker per datasource', () => {
    const m = markersFromSeries(
      [key(null, 'latitude', '1'), key(null, 'longitude', '2')],
      'latitude',
      'longitude',
      'geo',
    );
    expect(m.map((x) => [x.id, x.name])).toEqual([['ds0', 'fn']]);
  });

  it('bounds the markers and keys their set', () => {
    const m = [
      { id: 'b', a: 1, b: 5 },
      { id: 'a', a: -2, b: 7 },
    ];
    expect(markerBounds(m)).toEqual([
      [-2, 5],
      [1, 7],
    ]);
    expect(markerBounds([])).toBeNull();
    expect(markerSetKey(m as never)).toBe('a|b');
  });
});

describe('patterns', () => {
  const [marker] = markersFromSeries(
    [key(t2, 'latitude', '1.123456'), key(t2, 'longitude', '2'), key(t2, 'note', '<img onerror=x>')],
    'latitude',
    'longitude',
    'geo',
  );
  it('fills entity and key placeholders, escaping values', () => {
    expect(fillPattern('<b>${entityName}</b> ${latitude:2} ${missing}', marker!)).toBe(
      '<b>Truck &#60;2&#62;</b> 1.12 ',
    );
    expect(fillPattern('${note}', marker!)).not.toContain('<img');
  });
  it('lists the key values when the pattern names none', () => {
    const html = tooltipHtml('<b>${entityName}</b>', marker!);
    expect(html).toContain('<b>latitude:</b> 1.123456');
    expect(html).toContain('&#60;img onerror=x&#62;');
    expect(tooltipHtml('${latitude}', marker!)).toBe('1.123456');
  });
  it('gives labels as plain text', () => {
    expect(labelText('<i>${entityName}</i>', marker!)).toBe('Truck <2>');
  });
});

describe('map settings', () => {
  it('parses the default centre', () => {
    expect(parseCenter('51.5, -0.12')).toEqual([51.5, -0.12]);
    expect(parseCenter('junk')).toEqual([0, 0]);
    expect(parseCenter('100,0')).toEqual([0, 0]);
  });
  it('picks tiles from the provider or a custom URL', () => {
    expect(tileProvider({}).url).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(tileProvider({ mapProvider: 'CartoDB.Positron' }).url).toContain('cartocdn');
    expect(tileProvider({ tileUrl: 'https://tiles.local/{z}/{x}/{y}.png' }).url).toBe(
      'https://tiles.local/{z}/{x}/{y}.png',
    );
    expect(tileProvider({ tileUrl: 'javascript:alert(1)' }).url).toContain('openstreetmap');
  });
  it('places a contained image in its box', () => {
    expect(containRect(200, 100, 100, 100)).toEqual({ left: 50, top: 0, width: 100, height: 100 });
  });
});

describe('image map picture', () => {
  it('accepts web and data-image addresses only', async () => {
    const { imageUrl, PLACEHOLDER_PLAN } = await import('./map-model');
    expect(imageUrl('https://x.test/plan.png')).toBe('https://x.test/plan.png');
    expect(imageUrl('/api/images/plan.png')).toBe('/api/images/plan.png');
    expect(imageUrl('javascript:alert(1)')).toBe(PLACEHOLDER_PLAN);
    expect(imageUrl('')).toBe(PLACEHOLDER_PLAN);
  });
});

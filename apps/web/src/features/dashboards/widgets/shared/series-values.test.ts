import { describe, expect, it } from 'vitest';
import { latestPoint, latestValue, toBoolean, toNumber } from './series-values';
import { boolSetting, numSetting, optionalNumSetting, strSetting } from './settings-readers';
import type { WidgetSeries } from '../widget-types';

const series = (data: WidgetSeries['data']): WidgetSeries => ({
  datasourceIndex: 0,
  datasource: { type: 'entity' },
  entity: null,
  dataKey: { name: 't', type: 'timeseries', label: 't', color: '#000' },
  data,
});

describe('series values', () => {
  it('reads the newest point', () => {
    expect(latestPoint(series([]))).toBeNull();
    expect(
      latestValue(
        series([
          [1, '1'],
          [2, '22.5'],
        ]),
      ),
    ).toBe('22.5');
  });
  it('turns telemetry strings into numbers and states', () => {
    expect(toNumber('22.5')).toBe(22.5);
    expect(toNumber('abc')).toBeNull();
    expect(toNumber('')).toBeNull();
    expect(toBoolean('ON')).toBe(true);
    expect(toBoolean('0')).toBe(false);
    expect(toBoolean('maybe')).toBeNull();
  });
  it('reads settings with fallbacks', () => {
    const s = { a: '3', b: 'x', c: true, d: '', e: 'text' };
    expect(numSetting(s, 'a', 1)).toBe(3);
    expect(numSetting(s, 'b', 1)).toBe(1);
    expect(optionalNumSetting(s, 'd')).toBeNull();
    expect(boolSetting(s, 'c', false)).toBe(true);
    expect(boolSetting(s, 'a', false)).toBe(false);
    expect(strSetting(s, 'd', 'def')).toBe('def');
    expect(strSetting(s, 'e', 'def')).toBe('text');
  });
});

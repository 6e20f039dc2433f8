import { describe, expect, it } from 'vitest';
import type { DataKey } from '../../model/data-key';
import type { WidgetEntity, WidgetPoint, WidgetSeries } from '../widget-types';
import {
  alignSeries,
  chartSeriesInfo,
  latestItems,
  legendOrder,
  pointNumber,
  pieSlices,
  seriesStats,
  sharePercent,
  stackBands,
  stackColumns,
} from './chart-model';

const key = (name: string, extra: Partial<DataKey> = {}): DataKey => ({
  name,
  type: 'timeseries',
  label: name,
  color: '',
  ...extra,
});
const entity = (id: string): WidgetEntity => ({ id, entityType: 'DEVICE', name: `Device ${id}` });
const series = (k: DataKey, data: WidgetPoint[], e: WidgetEntity | null = null): WidgetSeries => ({
  datasourceIndex: 0,
  datasource: { type: 'entity' },
  entity: e,
  dataKey: k,
  data,
});

describe('alignSeries', () => {
  it('merges the time axes, turns strings into numbers and leaves gaps null', () => {
    const a: WidgetPoint[] = [
      [1, '1.5'],
      [3, 'abc'],
      [5, 5],
    ];
    const b: WidgetPoint[] = [
      [2, '20'],
      [3, true],
    ];
    expect(alignSeries([a, b])).toEqual([
      [1, 2, 3, 5],
      [1.5, null, null, 5],
      [null, 20, 1, null],
    ]);
  });

  it('aligns keys reported together on their shared times', () => {
    const a: WidgetPoint[] = [
      [1, '1'],
      [2, '2'],
    ];
    const b: WidgetPoint[] = [
      [1, '10'],
      [2, ' '],
    ];
    expect(alignSeries([a, b])).toEqual([
      [1, 2],
      [1, 2],
      [10, null],
    ]);
  });

  it('parses each point once and reads the cache on the next update', () => {
    const point: WidgetPoint = [1, '7.5'];
    expect(pointNumber(point)).toBe(7.5);
    expect(pointNumber(point)).toBe(7.5);
    expect(pointNumber([2, 'x'])).toBeNull();
  });

  it('copes with unsorted input, repeated times and no series', () => {
    expect(
      alignSeries([
        [
          [3, '3'],
          [1, '1'],
          [3, '4'],
        ],
      ]),
    ).toEqual([
      [1, 3],
      [1, 4],
    ]);
    expect(alignSeries([])).toEqual([[]]);
  });

  it('aligns a week of minute data of interleaved series', () => {
    const n = 7 * 24 * 60;
    const points = (offset: number): WidgetPoint[] =>
      Array.from({ length: n }, (_, i) => [i * 60_000 + offset, String(i)]);
    const [times, first] = alignSeries([points(0), points(0), points(30_000)]);
    expect(times).toHaveLength(2 * n);
    expect(first?.[2]).toBe(1);
    expect(times[1]).toBe(30_000);
  });
});

describe('stacking', () => {
  it('adds each series onto the ones below it in its group', () => {
    const cols = [
      [1, 2, null],
      [10, null, 30],
      [100, 200, 300],
      [5, 5, 5],
    ];
    expect(stackColumns(cols, ['left', 'left', null, 'left'])).toEqual([
      [1, 2, null],
      [11, null, 30],
      [100, 200, 300],
      [16, 7, 35],
    ]);
  });

  it('links consecutive stacked series by bands (1-based uPlot indexes)', () => {
    expect(stackBands(['left', null, 'left', 'right', 'left', 'right'])).toEqual([
      [3, 1],
      [5, 3],
      [6, 4],
    ]);
    expect(stackBands([null, null])).toEqual([]);
  });
});

describe('seriesStats', () => {
  it('skips gaps of an aligned column', () => {
    const [, column = []] = alignSeries([
      [
        [1, '4'],
        [2, 'n/a'],
        [3, -2],
        [4, '10'],
      ],
    ]);
    expect(seriesStats(column)).toEqual({ min: -2, max: 10, avg: 4, total: 12, latest: 10 });
    expect(seriesStats([null, undefined])).toBeNull();
  });
});

describe('legendOrder', () => {
  it('sorts naturally by label only when asked', () => {
    const items = [{ label: 'Sensor 10' }, { label: 'Sensor 2' }, { label: 'Alpha' }];
    expect(legendOrder(items, true).map((i) => i.label)).toEqual(['Alpha', 'Sensor 2', 'Sensor 10']);
    expect(legendOrder(items, false)).toEqual(items);
  });
});

describe('chartSeriesInfo', () => {
  it('takes key units, decimals and colour over the widget ones and names entities', () => {
    const list = [
      series(key('t', { units: '°C', decimals: 1, color: '#123456' }), [], entity('1')),
      series(key('t'), [], entity('2')),
    ];
    const [a, b] = chartSeriesInfo(list, { units: 'K', decimals: 0 });
    expect(a).toMatchObject({ label: 't (Device 1)', units: '°C', decimals: 1, color: '#123456' });
    expect(b).toMatchObject({ label: 't (Device 2)', units: 'K', decimals: 0, color: '#4caf50' });
    expect(a?.id).not.toBe(b?.id);
  });
});

describe('latest values', () => {
  const list = [
    series(key('a'), [[1, '30']]),
    series(key('b'), [[1, 'off']]),
    series(key('c'), [[1, '-5']]),
    series(key('d'), []),
    series(key('e'), [
      [1, '1'],
      [2, '10'],
    ]),
  ];
  const infos = chartSeriesInfo(list, { units: '', decimals: null });

  it('bars keep negative numbers, skip texts and empty series, use the newest point', () => {
    expect(latestItems(list, infos).map((i) => [i.label, i.value])).toEqual([
      ['a', 30],
      ['c', -5],
      ['e', 10],
    ]);
  });

  it('pie slices also skip negative values', () => {
    expect(pieSlices(list, infos).map((i) => i.label)).toEqual(['a', 'e']);
    expect(sharePercent(10, 40)).toBe(25);
    expect(sharePercent(0, 0)).toBe(0);
  });
});

import type { EntityData } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import type { DataKey } from '../../model/data-key';
import { functionPoints, nextFunctionPoint } from './function-series';
import {
  activityOf,
  applyUpdates,
  countSeries,
  insertPoints,
  seriesOf,
  storeFromPage,
  trimStore,
} from './series-store';

const key = (name: string, type: DataKey['type']): DataKey => ({ name, type, label: name, color: '#f00' });
const ds = { type: 'entity', entityAliasId: 'a1' };
const row = (id: string, extra: Partial<EntityData> = {}): EntityData => ({
  entityId: { entityType: 'DEVICE', id },
  latest: {
    ENTITY_FIELD: {
      name: { ts: 1, value: `Device ${id}` },
      label: { ts: 0, value: '' },
      type: { ts: 1, value: 'thermo' },
    },
    ...extra.latest,
  },
  timeseries: extra.timeseries ?? {},
});

describe('series store', () => {
  it('turns a first page into one series per entity and key, in key order', () => {
    const store = storeFromPage([
      row('d1', { latest: { TIME_SERIES: { temperature: { ts: 10, value: '21.5' } }, ATTRIBUTE: {} } }),
      row('d2', { latest: { TIME_SERIES: { temperature: { ts: 0, value: '' } } } }),
    ]);
    const keys = [key('temperature', 'timeseries'), key('name', 'entityField')];
    const series = seriesOf(store, 0, ds, keys, false);
    expect(series.map((s) => [s.entity?.name, s.dataKey.name, s.data])).toEqual([
      ['Device d1', 'temperature', [[10, '21.5']]],
      ['Device d1', 'name', [[1, 'Device d1']]],
      // A missing value ({ts: 0, value: ''}) is no point at all.
      ['Device d2', 'temperature', []],
      ['Device d2', 'name', [[1, 'Device d2']]],
    ]);
    expect(series[0]?.entity).toEqual({ id: 'd1', entityType: 'DEVICE', name: 'Device d1', type: 'thermo' });
  });

  it('keeps the newer latest value and ignores older ones', () => {
    const store = storeFromPage([row('d1', { latest: { TIME_SERIES: { t: { ts: 10, value: '1' } } } })]);
    expect(
      applyUpdates(store, [
        {
          entityId: { entityType: 'DEVICE', id: 'd1' },
          latest: { TIME_SERIES: { t: { ts: 5, value: '0' } } },
          timeseries: {},
        },
      ]),
    ).toBe(false);
    expect(
      applyUpdates(store, [
        {
          entityId: { entityType: 'DEVICE', id: 'd1' },
          latest: { TIME_SERIES: { t: { ts: 20, value: '2' } } },
          timeseries: {},
        },
      ]),
    ).toBe(true);
    expect(seriesOf(store, 0, ds, [key('t', 'timeseries')], false)[0]?.data).toEqual([[20, '2']]);
  });

  it('orders history points ascending, merges live ones and slides the window', () => {
    const store = storeFromPage([
      row('d1', {
        timeseries: {
          t: [
            { ts: 30, value: '3' },
            { ts: 10, value: '1' },
            { ts: 20, value: '2' },
          ],
        },
      }),
    ]);
    applyUpdates(store, [
      {
        entityId: { entityType: 'DEVICE', id: 'd1' },
        latest: {},
        timeseries: {
          t: [
            { ts: 40, value: '4' },
            { ts: 20, value: '2b' },
          ],
        },
      },
    ]);
    expect(seriesOf(store, 0, ds, [key('t', 'timeseries')], true)[0]?.data).toEqual([
      [10, '1'],
      [20, '2b'],
      [30, '3'],
      [40, '4'],
    ]);
    expect(trimStore(store, 25)).toBe(true);
    expect(seriesOf(store, 0, ds, [key('t', 'timeseries')], true)[0]?.data).toEqual([
      [30, '3'],
      [40, '4'],
    ]);
    expect(trimStore(store, 25)).toBe(false);
  });

  it('ignores updates of entities that are not on the page', () => {
    const store = storeFromPage([row('d1')]);
    expect(
      applyUpdates(store, [
        {
          entityId: { entityType: 'DEVICE', id: 'zz' },
          latest: { ATTRIBUTE: { a: { ts: 1, value: 'x' } } },
          timeseries: {},
        },
      ]),
    ).toBe(false);
  });

  it('keeps received points when the same entity comes back on a refreshed page', () => {
    const first = storeFromPage([row('d1', { timeseries: { t: [{ ts: 1, value: '1' }] } })]);
    const again = storeFromPage([row('d1'), row('d2')], first);
    expect(seriesOf(again, 0, ds, [key('t', 'timeseries')], true).map((s) => s.data.length)).toEqual([1, 0]);
  });

  it('reads device activity from the active attribute', () => {
    const store = storeFromPage([
      row('d1', { latest: { ATTRIBUTE: { active: { ts: 5, value: 'false' } } } }),
      row('d2'),
    ]);
    expect([...activityOf(store)]).toEqual([
      ['d1', false],
      ['d2', null],
    ]);
    applyUpdates(store, [
      {
        entityId: { entityType: 'DEVICE', id: 'd1' },
        latest: { ATTRIBUTE: { active: { ts: 6, value: 'true' } } },
        timeseries: {},
      },
    ]);
    expect(activityOf(store).get('d1')).toBe(true);
  });

  it('inserts points at their place and replaces an equal timestamp', () => {
    const list: [number, string][] = [
      [1, 'a'],
      [5, 'b'],
    ];
    insertPoints(list, [
      { ts: 3, value: 'c' },
      { ts: 5, value: 'd' },
      { ts: 0, value: 'e' },
    ]);
    expect(list).toEqual([
      [0, 'e'],
      [1, 'a'],
      [3, 'c'],
      [5, 'd'],
    ]);
  });

  it('gives a count as one point per count key', () => {
    expect(countSeries(1, { type: 'entityCount' }, [key('count', 'count')], 7, 99)[0]?.data).toEqual([[99, 7]]);
  });
});

describe('function datasources', () => {
  const sin = { type: 'function' as const, label: 'Sin', funcBody: '' };
  it('fills a window with at most 200 evenly spaced points', () => {
    const pts = functionPoints(sin, 0, 1_000_000);
    expect(pts.length).toBeLessThanOrEqual(200);
    expect(pts.length).toBeGreaterThan(190);
    expect(pts.at(-1)?.[0]).toBe(1_000_000);
  });
  it('never generates from author code', () => {
    expect(functionPoints({ type: 'function', label: 'x', funcBody: 'return alert(1)' }, 0, 10_000)).toEqual([]);
    expect(nextFunctionPoint({ type: 'function', label: 'x', funcBody: 'return 1' }, 1, undefined)).toBeNull();
  });
  it('random walks from the previous value', () => {
    const p = nextFunctionPoint({ type: 'function', label: 'Random' }, 5, [4, 10], () => 1);
    expect(p).toEqual([5, 60]);
  });
});

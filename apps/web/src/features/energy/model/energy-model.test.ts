import { describe, expect, it } from 'vitest';
import type { ConsumptionAnswer } from '@sapo/common';
import {
  baseLoad,
  comparePeriod,
  costAndCo2,
  dayHourMatrix,
  demandSeries,
  isStale,
  peakDemand,
  periodRanges,
  rankConsumers,
  stackBySubMeter,
  toCsv,
} from './energy-model';
import { buildingOptions, floorOptions, liveMeters } from './energy-scope';

const Q = 900_000;
const H = 3_600_000;
const TZ = 'Asia/Taipei'; // UTC+8, no DST
// 2026-11-26 10:30 local = 02:30 UTC
const NOW = Date.UTC(2026, 10, 26, 2, 30);

const quarterAnswer = (start: number, values: (number | null)[]) => ({
  buckets: values.map((_, i) => ({ start: start + i * Q, end: start + (i + 1) * Q })),
  total: values,
});

describe('periodRanges', () => {
  it('starts today, this month and this year on the tenant clock, and compares the same elapsed part', () => {
    const [day, month, year] = periodRanges(NOW, TZ);
    expect(day!.start).toBe(Date.UTC(2026, 10, 25, 16)); // local midnight 26 Nov
    expect(day!.prevStart).toBe(Date.UTC(2026, 10, 24, 16));
    expect(day!.prevEnd).toBe(NOW - 24 * H);
    expect(month!.start).toBe(Date.UTC(2026, 9, 31, 16)); // 1 Nov local
    expect(month!.prevStart).toBe(Date.UTC(2026, 8, 30, 16)); // 1 Oct local
    expect(year!.start).toBe(Date.UTC(2025, 11, 31, 16)); // 1 Jan 2026 local
    expect(year!.prevStart).toBe(Date.UTC(2024, 11, 31, 16));
  });
});

describe('comparePeriod', () => {
  it('sums the current period and only the same elapsed part of the previous one', () => {
    const [day] = periodRanges(NOW, TZ);
    // From yesterday's midnight: 42 quarters up to 10:30 yesterday, then the rest of yesterday, then today.
    const yesterday = new Array<number | null>(96).fill(1);
    const today = new Array<number | null>(42).fill(2);
    const answer = quarterAnswer(day!.prevStart, [...yesterday, ...today]);
    const c = comparePeriod(day!, answer);
    expect(c.current).toBe(84);
    expect(c.previous).toBe(42); // 10.5 h of yesterday, not the whole day (96)
    expect(c.changePct).toBeCloseTo(100);
  });

  it('has no change when the previous period has no data, and null when nothing was read', () => {
    const [day] = periodRanges(NOW, TZ);
    const c = comparePeriod(day!, quarterAnswer(day!.start, [3, null]));
    expect(c).toMatchObject({ current: 3, previous: null, changePct: null });
    expect(comparePeriod(day!, quarterAnswer(day!.start, [null])).current).toBeNull();
  });
});

describe('demand, peak and base load', () => {
  const answer = quarterAnswer(NOW, [1, 2.5, null, 0.5, 0.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  const demand = demandSeries(answer);

  it('turns kWh per quarter hour into kW and skips gaps', () => {
    expect(demand).toHaveLength(19);
    expect(demand[1]).toEqual({ ts: NOW + Q, kw: 10 });
  });

  it('finds the peak with its time', () => {
    expect(peakDemand(demand)).toEqual({ ts: NOW + Q, kw: 10 });
    expect(peakDemand([])).toBeNull();
  });

  it('takes the 5th percentile as base load, so one low glitch does not set it', () => {
    // 19 points: the 5th percentile is the lowest (1 kW); 21 points drop the single glitch.
    expect(baseLoad(demand)).toBe(1);
    const more = [...demand, { ts: 0, kw: 4 }, { ts: 1, kw: 4 }];
    expect(baseLoad(more)).toBe(2);
    expect(baseLoad([])).toBeNull();
  });
});

describe('costAndCo2', () => {
  it('multiplies by the tenant tariff and factor, null when unset', () => {
    expect(costAndCo2(100, { energyTariff: 4.5, currency: 'TWD', co2Factor: 0.494 })).toEqual({
      cost: 450,
      co2Kg: 49.4,
    });
    expect(costAndCo2(100, { energyTariff: null, currency: null, co2Factor: null })).toEqual({
      cost: null,
      co2Kg: null,
    });
    expect(costAndCo2(null, { energyTariff: 1, currency: 'X', co2Factor: 1 })).toEqual({ cost: null, co2Kg: null });
  });
});

describe('dayHourMatrix', () => {
  it('adds quarters into local day rows and hour columns', () => {
    const midnight = Date.UTC(2026, 10, 25, 16);
    const m = dayHourMatrix(quarterAnswer(midnight, [1, 1, 1, 1, 2, null]), TZ);
    expect(m.days).toEqual([midnight]);
    expect(m.values[0]![0]).toBe(4);
    expect(m.values[0]![1]).toBe(2);
    expect(m.values[0]![2]).toBeNull();
    expect(m.max).toBe(4);
  });
});

const meter = (deviceId: string, meterRole: 'main' | 'sub', values: (number | null)[]) => ({
  deviceId,
  name: deviceId,
  label: null,
  meterRole,
  loadType: meterRole === 'sub' ? 'hvac' : null,
  values,
  estimated: values.map(() => false),
  cycles: [],
});

describe('stackBySubMeter and rankConsumers', () => {
  const start = Date.UTC(2026, 10, 25, 16);
  const answer: ConsumptionAnswer = {
    timeZone: TZ,
    bucket: 'QUARTER_HOUR',
    unit: 'kWh',
    ...quarterAnswer(start, [5, 5, 5, 5, 5]),
    meters: [
      meter('main', 'main', [5, 5, 5, 5, 5]),
      meter('a', 'sub', [1, 1, 1, 1, 1]),
      meter('b', 'sub', [3, 3, null, 3, 3]),
    ],
  };

  it('stacks sub-meters only (main meters would count twice), by hour for a day', () => {
    const s = stackBySubMeter(answer, TZ);
    expect(s.series.map((x) => x.id)).toEqual(['a', 'b']);
    expect(s.groups).toEqual([
      { start, values: [4, 9] },
      { start: start + H, values: [1, 3] },
    ]);
  });

  it('ranks consumers largest first with their share', () => {
    const r = rankConsumers(answer);
    expect(r.map((x) => [x.deviceId, x.kwh, Math.round(x.sharePct)])).toEqual([
      ['b', 12, 71],
      ['a', 5, 29],
    ]);
  });
});

describe('toCsv', () => {
  it('quotes separators and quotes, defuses formulas, leaves empty cells for null', () => {
    expect(
      toCsv(
        ['name', 'kWh'],
        [
          ['Chiller, "A"', 1.23456],
          ['=SUM(A1)', null],
        ],
      ),
    ).toBe('name,kWh\r\n"Chiller, ""A""",1.235\r\n\'=SUM(A1),\r\n');
  });
});

describe('isStale', () => {
  it('marks readings older than the limit, and no reading at all', () => {
    expect(isStale(NOW - 1000, NOW, 5000)).toBe(false);
    expect(isStale(NOW - 6000, NOW, 5000)).toBe(true);
    expect(isStale(null, NOW, 5000)).toBe(true);
  });
});

describe('scope', () => {
  const roots = [
    {
      id: 's',
      name: 'Site',
      label: null,
      level: 'site',
      children: [
        {
          id: 'b1',
          name: 'Tower',
          label: null,
          level: 'building',
          children: [{ id: 'f1', name: 'F1', label: 'Floor 1', level: 'floor', children: [] }],
        },
      ],
    },
    { id: 'b2', name: 'Annex', label: null, level: 'building', children: [] },
  ];
  const loc = (buildingId: string, floorId: string | null) => ({
    siteId: null,
    buildingId,
    floorId,
    zoneId: null,
    switchboardId: null,
  });
  const dev = (id: string, extra: { meterRole?: string; location: ReturnType<typeof loc> }) => ({
    id,
    name: id,
    label: null,
    profileName: 'Energy Meter',
    parentId: 'x',
    kind: 'energyMeter',
    ...extra,
  });

  it('lists buildings under sites and at the top, and the floors of one', () => {
    expect(buildingOptions(roots)).toEqual([
      { id: 'b1', name: 'Tower' },
      { id: 'b2', name: 'Annex' },
    ]);
    expect(floorOptions(roots, 'b1')).toEqual([{ id: 'f1', name: 'Floor 1' }]);
  });

  it('reads live load from main meters of a building, or every meter of a floor', () => {
    const devices = [
      dev('main', { meterRole: 'main', location: loc('b1', null) }),
      dev('sub', { meterRole: 'sub', location: loc('b1', 'f1') }),
      dev('other', { meterRole: 'main', location: loc('b2', null) }),
      { ...dev('water', { location: loc('b1', null) }), kind: 'waterMeter' },
    ];
    expect(liveMeters(devices, 'b1', null).map((d) => d.id)).toEqual(['main']);
    expect(liveMeters(devices, 'b1', 'f1').map((d) => d.id)).toEqual(['sub']);
  });
});

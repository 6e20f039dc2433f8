import { describe, expect, it } from 'vitest';
import { meterTotals, totalAt, type MeterSample } from './meter-cycles.ts';

const H = 3_600_000;
const series = (...values: number[]): MeterSample[] => values.map((value, i) => ({ ts: i * H, value }));
const totals = (s: MeterSample[], o = {}) => meterTotals(s, o).points.map((p) => Math.round(p.total * 1000) / 1000);

describe('meterTotals', () => {
  it('adds the rises of a running total', () => {
    expect(totals(series(100, 101, 103, 103, 106))).toEqual([0, 1, 3, 3, 6]);
  });

  it('starts a new cycle on a reset: the new reading is the use since, never negative', () => {
    const r = meterTotals(series(100, 101, 102, 0.5, 1.5));
    expect(r.points.map((p) => p.total)).toEqual([0, 1, 2, 2.5, 3.5]);
    expect(r.cycles).toEqual([3 * H]);
  });

  it('counts a rollover across the wrap when the register was near its top', () => {
    expect(totals(series(998, 999.5, 0.7, 2), { rollover: 1000 })).toEqual([0, 1.5, 2.7, 4]);
    // Far from the top, a drop is a reset even with a rollover value.
    expect(totals(series(500, 501, 3), { rollover: 1000 })).toEqual([0, 1, 4]);
  });

  it('ignores a small dip as noise and does not count the climb back twice', () => {
    const r = meterTotals(series(100, 99.8, 100.3));
    expect(r.points.map((p) => Math.round(p.total * 10) / 10)).toEqual([0, 0, 0.3]);
    expect(r.cycles).toEqual([]);
  });

  it('with a maximum rate, a glitch or a replaced meter counts as zero instead of a spike', () => {
    // 100 kW at most: 50,000 in an hour is a corrupt reading; the drop back is a new cycle but 101
    // is more than an hour can hold, so it counts as zero too.
    const r = meterTotals(series(100, 150, 50_000, 101, 120), { maxRatePerHour: 100 });
    expect(r.points.map((p) => p.total)).toEqual([0, 50, 50, 50, 69]);
    expect(r.cycles).toEqual([2 * H, 3 * H]);
    // A reset to a small reading is still counted.
    expect(totals(series(100, 150, 10, 20), { maxRatePerHour: 100 })).toEqual([0, 50, 60, 70]);
  });

  it('sorts readings, drops repeated times and non-finite values', () => {
    const r = meterTotals([
      { ts: 2 * H, value: 12 },
      { ts: 0, value: 10 },
      { ts: H, value: Number.NaN },
      { ts: 2 * H, value: 99 },
    ]);
    expect(r.points).toEqual([
      { ts: 0, total: 0 },
      { ts: 2 * H, total: 2 },
    ]);
    expect(meterTotals([]).points).toEqual([]);
  });
});

describe('totalAt', () => {
  const pts = meterTotals(series(0, 10, 10, 40)).points;
  it('interpolates between readings and is undefined outside them', () => {
    expect(totalAt(pts, 0.5 * H)).toBe(5);
    expect(totalAt(pts, 2.5 * H)).toBe(25);
    expect(totalAt(pts, 3 * H)).toBe(40);
    expect(totalAt(pts, -1)).toBeUndefined();
    expect(totalAt(pts, 3 * H + 1)).toBeUndefined();
  });
});

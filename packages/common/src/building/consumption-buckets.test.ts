import { describe, expect, it } from 'vitest';
import { bucketConsumption, consumptionBuckets, sumBuckets, typicalGapMs } from './consumption-buckets.ts';
import { meterTotals, type MeterSample } from './meter-cycles.ts';

const H = 3_600_000;
const Q = 900_000;
const iso = (ts: number) => new Date(ts).toISOString();
const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** A meter taking `perHour` steadily, read every `step` ms from `from` to `to`. */
function steady(from: number, to: number, step: number, perHour: number, start = 1000): MeterSample[] {
  const out: MeterSample[] = [];
  for (let ts = from; ts <= to; ts += step) out.push({ ts, value: start + ((ts - from) / H) * perHour });
  return out;
}

describe('consumptionBuckets', () => {
  it('days in Europe/Berlin are 23 and 25 hours long on the DST days', () => {
    const spring = consumptionBuckets(Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 30, 12), 'DAY', 'Europe/Berlin');
    expect(spring.map((b) => iso(b.start))).toEqual([
      '2026-03-27T23:00:00.000Z',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    expect(spring.map((b) => (b.end - b.start) / H)).toEqual([24, 23, 24]);
    const autumn = consumptionBuckets(Date.UTC(2026, 9, 25, 5), Date.UTC(2026, 9, 25, 6), 'DAY', 'Europe/Berlin');
    expect(autumn.map((b) => (b.end - b.start) / H)).toEqual([25]);
  });

  it('hours follow the local clock, the repeated hour included, and half-hour zones', () => {
    const day = consumptionBuckets(Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 23), 'HOUR', 'Europe/Berlin');
    expect(day).toHaveLength(25);
    expect(day.every((b) => b.end - b.start === H)).toBe(true);
    const kolkata = consumptionBuckets(Date.UTC(2026, 0, 1, 0, 10), Date.UTC(2026, 0, 1, 2), 'HOUR', 'Asia/Kolkata');
    expect(kolkata.map((b) => iso(b.start))).toEqual([
      '2025-12-31T23:30:00.000Z',
      '2026-01-01T00:30:00.000Z',
      '2026-01-01T01:30:00.000Z',
    ]);
  });

  it('months start on the 1st at local midnight; quarter hours are 15 minutes', () => {
    const months = consumptionBuckets(Date.UTC(2026, 0, 15), Date.UTC(2026, 3, 2), 'MONTH', 'Asia/Taipei');
    expect(months.map((b) => iso(b.start))).toEqual([
      '2025-12-31T16:00:00.000Z',
      '2026-01-31T16:00:00.000Z',
      '2026-02-28T16:00:00.000Z',
      '2026-03-31T16:00:00.000Z',
    ]);
    const q = consumptionBuckets(Date.UTC(2026, 0, 1, 0, 7), Date.UTC(2026, 0, 1, 1), 'QUARTER_HOUR', 'UTC');
    expect(q.map((b) => (b.start - Date.UTC(2026, 0, 1)) / Q)).toEqual([0, 1, 2, 3]);
  });

  it('refuses to build more buckets than allowed', () => {
    expect(() => consumptionBuckets(0, 1000 * H, 'QUARTER_HOUR', 'UTC', 100)).toThrow(RangeError);
  });
});

describe('bucketConsumption', () => {
  it('gives 24, 25 and 24 kWh for the days around the autumn DST change at 1 kWh/h', () => {
    const from = Date.UTC(2026, 9, 23, 22); // 24 Oct 00:00 in Berlin
    const to = Date.UTC(2026, 9, 26, 23); // 27 Oct 00:00
    const { points } = meterTotals(steady(from, to, Q, 1));
    const buckets = consumptionBuckets(from, to, 'DAY', 'Europe/Berlin');
    expect(bucketConsumption(points, buckets, typicalGapMs(points)).map((b) => round(b.value))).toEqual([24, 25, 24]);
  });

  it('a reset in the middle of a day neither lowers nor spikes that day', () => {
    const from = Date.UTC(2026, 0, 1);
    const samples = steady(from, from + 48 * H, Q, 2, 5000);
    // The meter is reset to 0 at 10:00 on day one and counts up at the same pace from there.
    const reset = from + 10 * H;
    const fixed = samples.map((s) => (s.ts >= reset ? { ts: s.ts, value: ((s.ts - reset) / H) * 2 + 0.5 } : s));
    const { points, cycles } = meterTotals(fixed);
    expect(cycles).toEqual([reset]);
    const days = bucketConsumption(points, consumptionBuckets(from, from + 48 * H, 'DAY', 'UTC'), typicalGapMs(points));
    // 48 kWh each day; the reading after the reset counts 0.5 kWh of the quarter hour before it.
    expect(days.map((b) => round(b.value))).toEqual([48, 48]);
  });

  it('spreads consumption over a gap and marks the buckets it spans as estimated', () => {
    const from = Date.UTC(2026, 0, 1);
    const samples = [...steady(from, from + 2 * H, Q, 4), ...steady(from + 6 * H, from + 8 * H, Q, 4, 1024)];
    const { points } = meterTotals(samples);
    const hours = bucketConsumption(
      points,
      consumptionBuckets(from, from + 8 * H, 'HOUR', 'UTC'),
      typicalGapMs(points),
    );
    expect(hours.map((b) => round(b.value))).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
    expect(hours.map((b) => b.estimated)).toEqual([false, false, true, true, true, true, false, false]);
  });

  it('is null before the first reading and counts the current bucket up to the last one', () => {
    const from = Date.UTC(2026, 0, 1, 1);
    const { points } = meterTotals(steady(from, from + 90 * 60_000, Q, 4));
    const hours = bucketConsumption(
      points,
      consumptionBuckets(from - H, from + 2 * H, 'HOUR', 'UTC'),
      typicalGapMs(points),
    );
    expect(hours.map((b) => round(b.value))).toEqual([null, 4, 2]);
    expect(bucketConsumption([], consumptionBuckets(from, from + H, 'HOUR', 'UTC'), Q)[0]?.value).toBeNull();
  });
});

describe('sumBuckets', () => {
  it('adds series and keeps null only where all are null', () => {
    expect(
      sumBuckets(
        [
          [1, null, null],
          [2, 3, null],
        ],
        3,
      ),
    ).toEqual([3, 3, null]);
  });
});

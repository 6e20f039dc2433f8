import { describe, expect, it } from 'vitest';
import {
  allowedIntervals,
  clampEnd,
  clampStart,
  defaultInterval,
  fromLocalInput,
  intervalParts,
  seriesQuery,
  toLocalInput,
} from './chart-window';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('chart window: aggregation and interval (spec 2-calls §9)', () => {
  it('asks for raw values (NONE, limit 500) when the range is short', () => {
    expect(seriesQuery(0, M)).toEqual({ startTs: 0, endTs: M, agg: 'NONE', interval: 0, limit: 500 });
    expect(seriesQuery(0, 500 * S).agg).toBe('NONE');
  });

  it('averages longer ranges over the selectable interval nearest to range/200', () => {
    expect(seriesQuery(0, 15 * M)).toMatchObject({ agg: 'AVG', interval: 5 * S, limit: 500 });
    expect(defaultInterval(H)).toBe(15 * S);
    expect(defaultInterval(D)).toBe(5 * M);
    expect(defaultInterval(7 * D)).toBe(H);
    expect(defaultInterval(30 * D)).toBe(5 * H);
  });

  it('never asks for more than 500 groups nor fewer than 7', () => {
    for (const range of [M, 15 * M, H, 6 * H, D, 7 * D, 30 * D, 365 * D]) {
      for (const interval of allowedIntervals(range)) {
        expect(range / interval).toBeLessThanOrEqual(500);
        expect(range / interval).toBeGreaterThanOrEqual(range >= 7 * S ? 7 : 1);
      }
    }
    expect(allowedIntervals(M)).toEqual([S, 5 * S]);
  });

  it("keeps the user's aggregation and interval while the interval fits, else falls back", () => {
    expect(seriesQuery(0, D, 'MAX', H)).toMatchObject({ agg: 'MAX', interval: H });
    expect(seriesQuery(0, D, 'MIN', S)).toMatchObject({ agg: 'MIN', interval: 5 * M }); // 86,400 groups: too many
    expect(seriesQuery(0, D, 'NONE', H)).toMatchObject({ agg: 'NONE', interval: 0 });
  });

  it('keeps a fixed period at least 1 s long and never past now (spec 1-client §4.3)', () => {
    expect(clampStart(10 * S, 5 * S)).toBe(4 * S);
    expect(clampStart(1 * S, 5 * S)).toBe(1 * S);
    expect(clampEnd(10 * S, 5 * S, 100 * S)).toBe(11 * S);
    expect(clampEnd(10 * S, 500 * S, 100 * S)).toBe(100 * S);
  });

  it('converts datetime-local values both ways in local time', () => {
    const ms = new Date(2024, 0, 31, 23, 5).getTime();
    expect(toLocalInput(ms)).toBe('2024-01-31T23:05');
    expect(fromLocalInput('2024-01-31T23:05')).toBe(ms);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('31/01/2024')).toBeNull();
  });

  it('names intervals by their largest whole unit', () => {
    expect(intervalParts(30 * S)).toEqual({ count: 30, unit: 'seconds' });
    expect(intervalParts(2 * M)).toEqual({ count: 2, unit: 'minutes' });
    expect(intervalParts(12 * H)).toEqual({ count: 12, unit: 'hours' });
    expect(intervalParts(7 * D)).toEqual({ count: 7, unit: 'days' });
  });
});

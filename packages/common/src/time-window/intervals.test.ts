import { describe, expect, it } from 'vitest';
import {
  averageIntervalFor,
  boundedInterval,
  clampAggregationLimit,
  coerceMaxDatapoints,
  intervalBounds,
  isValidAggregationLimit,
  maxIntervalFor,
  minIntervalFor,
  selectableIntervals,
  snapToSelectableInterval,
} from './intervals.ts';
import {
  DAY_MS,
  HOUR_MS,
  MAX_INTERVAL_MS,
  MINUTE_MS,
  MONTH_MS,
  SECOND_MS,
  SELECTABLE_INTERVALS,
  WEEK_MS,
  YEAR_MS,
} from './time-window-types.ts';

describe('interval bounds for a range', () => {
  it.each([
    // range, min (range/500 up to a second), max (range/7 down to a second), average (range/200)
    ['1 minute', MINUTE_MS, 1_000, 8_000, 1_000],
    ['1 hour', HOUR_MS, 8_000, 514_000, 18_000],
    ['1 day', DAY_MS, 173_000, 12_342_000, 432_000],
    ['1 week', WEEK_MS, 1_210_000, 86_400_000, 3_024_000],
    ['30-day month', MONTH_MS, 5_184_000, 370_285_000, 12_960_000],
    ['5 seconds', 5_000, 1_000, 1_000, 1_000],
    ['nothing', 0, 1_000, 1_000, 1_000],
    ['garbage', Number.NaN, 1_000, 1_000, 1_000],
  ])('%s', (_name, range, min, max, avg) => {
    expect(minIntervalFor(range)).toBe(min);
    expect(maxIntervalFor(range)).toBe(max);
    expect(averageIntervalFor(range)).toBe(avg);
    expect(intervalBounds(range)).toEqual({ min, max });
  });

  it('never goes beyond 7300 days', () => {
    expect(MAX_INTERVAL_MS).toBe(7300 * DAY_MS);
    expect(maxIntervalFor(10_000 * YEAR_MS)).toBe(MAX_INTERVAL_MS);
    expect(minIntervalFor(100_000 * YEAR_MS)).toBe(MAX_INTERVAL_MS);
  });

  it('keeps every range between 7 and 500 buckets at its bounds', () => {
    for (const range of [MINUTE_MS, HOUR_MS, DAY_MS, WEEK_MS, MONTH_MS, YEAR_MS, 3 * DAY_MS + 17_123]) {
      expect(Math.ceil(range / minIntervalFor(range))).toBeLessThanOrEqual(500);
      expect(Math.floor(range / maxIntervalFor(range))).toBeGreaterThanOrEqual(7);
    }
  });
});

describe('boundedInterval', () => {
  it.each([
    ['too short → the shortest', 500, HOUR_MS, 8_000],
    ['too long → the longest', HOUR_MS, HOUR_MS, 514_000],
    ['inside → kept', MINUTE_MS, HOUR_MS, MINUTE_MS],
    ['fractional → whole ms', 60_000.4, HOUR_MS, MINUTE_MS],
    ['missing → the average', undefined, HOUR_MS, 18_000],
    ['zero → the average', 0, DAY_MS, 432_000],
    ['negative → the average', -5, DAY_MS, 432_000],
    ['text → the average', '60000', DAY_MS, 432_000],
    ['NaN → the average', Number.NaN, DAY_MS, 432_000],
  ])('%s', (_name, interval, range, expected) => {
    expect(boundedInterval(interval, range)).toBe(expected);
  });
});

describe('selectable intervals', () => {
  it('lists the 19 predefined choices', () => {
    expect(SELECTABLE_INTERVALS.map((ms) => ms / SECOND_MS)).toEqual([
      1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18000, 36000, 43200, 86400, 604800, 2592000,
    ]);
  });

  it.each([
    ['1 minute', MINUTE_MS, [1_000, 5_000]],
    ['1 hour', HOUR_MS, [10_000, 15_000, 30_000, MINUTE_MS, 2 * MINUTE_MS, 5 * MINUTE_MS]],
    ['1 day', DAY_MS, [5, 10, 15, 30, 60, 120].map((m) => m * MINUTE_MS)],
    ['1 year', YEAR_MS, [DAY_MS, WEEK_MS, MONTH_MS]],
    ['a century', 100 * YEAR_MS, []],
  ])('%s', (_name, range, expected) => {
    expect(selectableIntervals(range)).toEqual(expected);
  });

  it('snaps to the nearest allowed choice, the shorter on a tie', () => {
    expect(snapToSelectableInterval(400_000, DAY_MS)).toBe(5 * MINUTE_MS);
    expect(snapToSelectableInterval(500_000, DAY_MS)).toBe(10 * MINUTE_MS);
    expect(snapToSelectableInterval(450_000, DAY_MS)).toBe(5 * MINUTE_MS);
    expect(snapToSelectableInterval(SECOND_MS, DAY_MS)).toBe(5 * MINUTE_MS);
    expect(snapToSelectableInterval(undefined, HOUR_MS)).toBe(15_000);
  });

  it('keeps the bounded interval when no choice fits', () => {
    const range = 100 * YEAR_MS;
    expect(snapToSelectableInterval(1, range)).toBe(minIntervalFor(range));
  });
});

describe('coerceMaxDatapoints', () => {
  it.each([
    [500, 500],
    ['1000', 1000],
    [500.9, 500],
    [9, 9],
    [8, 8],
    [7, 8],
    [0, 8],
    [-5, 8],
    [undefined, 8],
    [null, 8],
    ['', 8],
    ['lots', 8],
    [Number.POSITIVE_INFINITY, 8],
  ])('%j → %i', (value, expected) => {
    expect(coerceMaxDatapoints(value)).toBe(expected);
  });
});

describe('aggregation limit', () => {
  it.each([
    [7, 500, true],
    [500, 500, true],
    [6, 500, false],
    [501, 500, false],
    [10.5, 500, false],
    ['10', 500, false],
    [1000, 1000, true],
  ])('%j valid with maximum %i: %s', (limit, max, valid) => {
    expect(isValidAggregationLimit(limit, max)).toBe(valid);
  });

  it.each([
    [25_000, 500, 500],
    [3, 500, 7],
    [200.7, 500, 200],
    ['100', 500, 100],
    [undefined, 500, 500],
    [0, 500, 500],
    [-1, 1000, 1000],
  ])('%j clamps to %i → %i', (limit, max, expected) => {
    expect(clampAggregationLimit(limit, max)).toBe(expected);
  });
});

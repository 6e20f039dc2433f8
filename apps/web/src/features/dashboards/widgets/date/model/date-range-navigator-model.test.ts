import { HOUR_MS } from '@sapo/common';
import { describe, expect, it } from 'vitest';
import {
  daysRange,
  fixedTimewindow,
  lastDayValue,
  parseStoredRange,
  periodContaining,
  rangeLabel,
  readFirstDayOfWeek,
  readInterval,
  stepRange,
} from './date-range-navigator-model';

const TPE = 'Asia/Taipei';
const BERLIN = 'Europe/Berlin';
// Wednesday 2024-05-15 10:30 in Taipei.
const TS = Date.UTC(2024, 4, 15, 2, 30);
const tpe = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h - 8);

describe('periods', () => {
  it('finds the hour, day and week (from Monday or Sunday) containing a time', () => {
    expect(periodContaining(TS, 'hour', TPE)).toEqual({ startTs: tpe(2024, 5, 15, 10), endTs: tpe(2024, 5, 15, 11) });
    expect(periodContaining(TS, 'day', TPE)).toEqual({ startTs: tpe(2024, 5, 15), endTs: tpe(2024, 5, 16) });
    expect(periodContaining(TS, 'week', TPE, 1)).toEqual({ startTs: tpe(2024, 5, 13), endTs: tpe(2024, 5, 20) });
    expect(periodContaining(TS, 'week', TPE, 0)).toEqual({ startTs: tpe(2024, 5, 12), endTs: tpe(2024, 5, 19) });
    expect(periodContaining(TS, 'twoWeeks', TPE, 1).endTs).toBe(tpe(2024, 5, 27));
  });

  it('finds the month, quarter and half year', () => {
    expect(periodContaining(TS, 'month', TPE)).toEqual({ startTs: tpe(2024, 5, 1), endTs: tpe(2024, 6, 1) });
    expect(periodContaining(TS, 'threeMonths', TPE)).toEqual({ startTs: tpe(2024, 4, 1), endTs: tpe(2024, 7, 1) });
    expect(periodContaining(TS, 'sixMonths', TPE)).toEqual({ startTs: tpe(2024, 1, 1), endTs: tpe(2024, 7, 1) });
  });

  it('reads settings defensively', () => {
    expect(readInterval('month', 'week')).toBe('month');
    expect(readInterval('fortnight', 'week')).toBe('week');
    expect(readFirstDayOfWeek('0')).toBe(0);
    expect(readFirstDayOfWeek(9)).toBe(1);
  });
});

describe('stepping', () => {
  it('moves both ends by the step, forward and back', () => {
    const week = periodContaining(TS, 'week', TPE);
    expect(stepRange(week, 'day', 1, TPE)).toEqual({ startTs: tpe(2024, 5, 14), endTs: tpe(2024, 5, 21) });
    expect(stepRange(week, 'week', -1, TPE)).toEqual({ startTs: tpe(2024, 5, 6), endTs: tpe(2024, 5, 13) });
  });

  it('keeps midnight across a DST change (a 23-hour day)', () => {
    const day = periodContaining(Date.UTC(2024, 2, 30, 12), 'day', BERLIN);
    const next = stepRange(day, 'day', 1, BERLIN);
    expect(next.endTs - next.startTs).toBe(23 * HOUR_MS);
  });
});

describe('picker dates and labels', () => {
  it('turns inclusive dates into a range', () => {
    expect(daysRange('2024-05-13', '2024-05-19', TPE)).toEqual({ startTs: tpe(2024, 5, 13), endTs: tpe(2024, 5, 20) });
    expect(daysRange('2024-05-20', '2024-05-19', TPE)).toBeNull();
    expect(daysRange('', '2024-05-19', TPE)).toBeNull();
  });

  it('labels whole days by their first and last day, other ranges with times', () => {
    const week = periodContaining(TS, 'week', TPE);
    expect(lastDayValue(week, TPE)).toBe('2024-05-19');
    expect(rangeLabel(week, TPE)).toBe('2024-05-13 – 2024-05-19');
    expect(rangeLabel(periodContaining(TS, 'day', TPE), TPE)).toBe('2024-05-15');
    expect(rangeLabel(periodContaining(TS, 'hour', TPE), TPE)).toBe('2024-05-15 10:00 – 11:00');
  });
});

describe('the window it sets', () => {
  it('is a history FIXED window keeping the aggregation', () => {
    const tw = fixedTimewindow(
      {
        realtime: true,
        startTs: 0,
        endTs: 1,
        timewindowMs: 1,
        interval: 1000,
        aggregation: { type: 'AVG', limit: 300 },
        timezone: TPE,
      },
      { startTs: 1000, endTs: 5000 },
    );
    expect(tw.selectedTab).toBe('HISTORY');
    expect(tw.history.historyType).toBe('FIXED');
    expect(tw.history.fixedTimewindow).toEqual({ startTimeMs: 1000, endTimeMs: 5000 });
    expect(tw.aggregation).toEqual({ type: 'AVG', limit: 300 });
  });

  it('reads a remembered range, ignoring garbage', () => {
    expect(parseStoredRange('{"startTs":1,"endTs":2}')).toEqual({ startTs: 1, endTs: 2 });
    expect(parseStoredRange('{"startTs":2,"endTs":1}')).toBeNull();
    expect(parseStoredRange('nope')).toBeNull();
    expect(parseStoredRange(null)).toBeNull();
  });
});

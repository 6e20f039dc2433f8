import { describe, expect, it } from 'vitest';
import {
  isQuickInterval,
  quickIntervalNominalMs,
  quickIntervalOptions,
  quickIntervalRange,
  shiftByPeriod,
} from './quick-intervals.ts';
import {
  DAY_MS,
  HOUR_MS,
  MONTH_MS,
  QUICK_INTERVALS,
  WEEK_MS,
  YEAR_MS,
  type QuickInterval,
} from './time-window-types.ts';
import { runtimeTimezone } from './zoned-time.ts';

const t = (iso: string): number => Date.parse(iso);
type Row = [QuickInterval, string, string];

function expectRanges(zone: string, nowIso: string, rows: Row[]): void {
  const now = t(nowIso);
  for (const [q, start, end] of rows) {
    const expected = { startTs: t(start), endTs: end === 'now' ? now : t(end) };
    expect({ q, ...quickIntervalRange(q, now, zone) }).toEqual({ q, ...expected });
  }
}

describe('quickIntervalRange', () => {
  it('resolves all 18 in Berlin on the spring-forward Sunday (2026-03-29, a 23-hour day)', () => {
    const rows: Row[] = [
      ['YESTERDAY', '2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00'],
      ['DAY_BEFORE_YESTERDAY', '2026-03-27T00:00:00+01:00', '2026-03-28T00:00:00+01:00'],
      ['THIS_DAY_LAST_WEEK', '2026-03-22T00:00:00+01:00', '2026-03-23T00:00:00+01:00'],
      ['PREVIOUS_WEEK', '2026-03-22T00:00:00+01:00', '2026-03-29T00:00:00+01:00'],
      ['PREVIOUS_WEEK_ISO', '2026-03-16T00:00:00+01:00', '2026-03-23T00:00:00+01:00'],
      ['PREVIOUS_MONTH', '2026-02-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00'],
      ['PREVIOUS_YEAR', '2025-01-01T00:00:00+01:00', '2026-01-01T00:00:00+01:00'],
      ['CURRENT_HOUR', '2026-03-29T14:00:00+02:00', '2026-03-29T15:00:00+02:00'],
      ['CURRENT_DAY', '2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00'],
      ['CURRENT_DAY_SO_FAR', '2026-03-29T00:00:00+01:00', 'now'],
      // A Sunday: the Sunday week starts today, the ISO week started on Monday the 23rd.
      ['CURRENT_WEEK', '2026-03-29T00:00:00+01:00', '2026-04-05T00:00:00+02:00'],
      ['CURRENT_WEEK_ISO', '2026-03-23T00:00:00+01:00', '2026-03-30T00:00:00+02:00'],
      ['CURRENT_WEEK_SO_FAR', '2026-03-29T00:00:00+01:00', 'now'],
      ['CURRENT_WEEK_ISO_SO_FAR', '2026-03-23T00:00:00+01:00', 'now'],
      ['CURRENT_MONTH', '2026-03-01T00:00:00+01:00', '2026-04-01T00:00:00+02:00'],
      ['CURRENT_MONTH_SO_FAR', '2026-03-01T00:00:00+01:00', 'now'],
      ['CURRENT_YEAR', '2026-01-01T00:00:00+01:00', '2027-01-01T00:00:00+01:00'],
      ['CURRENT_YEAR_SO_FAR', '2026-01-01T00:00:00+01:00', 'now'],
    ];
    expect(rows.map((r) => r[0])).toEqual(QUICK_INTERVALS);
    expectRanges('Europe/Berlin', '2026-03-29T14:25:36.500+02:00', rows);
    const day = quickIntervalRange('CURRENT_DAY', t('2026-03-29T14:00:00+02:00'), 'Europe/Berlin');
    expect(day.endTs - day.startTs).toBe(23 * HOUR_MS);
  });

  it('gives the 25-hour day and the weeks around the autumn change in Berlin (2026-10-25)', () => {
    expectRanges('Europe/Berlin', '2026-10-26T10:00:00+01:00', [
      ['YESTERDAY', '2026-10-25T00:00:00+02:00', '2026-10-26T00:00:00+01:00'],
      ['CURRENT_WEEK', '2026-10-25T00:00:00+02:00', '2026-11-01T00:00:00+01:00'],
      ['CURRENT_WEEK_ISO', '2026-10-26T00:00:00+01:00', '2026-11-02T00:00:00+01:00'],
      ['PREVIOUS_WEEK_ISO', '2026-10-19T00:00:00+02:00', '2026-10-26T00:00:00+01:00'],
      ['PREVIOUS_WEEK', '2026-10-18T00:00:00+02:00', '2026-10-25T00:00:00+02:00'],
    ]);
    const y = quickIntervalRange('YESTERDAY', t('2026-10-26T10:00:00+01:00'), 'Europe/Berlin');
    expect(y.endTs - y.startTs).toBe(25 * HOUR_MS);
  });

  it('uses local dates in Taipei (+8, no DST), where New Year comes before it does in UTC', () => {
    // 2025-12-31 16:30 UTC, a Thursday in Taipei.
    expectRanges('Asia/Taipei', '2026-01-01T00:30:00+08:00', [
      ['YESTERDAY', '2025-12-31T00:00:00+08:00', '2026-01-01T00:00:00+08:00'],
      ['THIS_DAY_LAST_WEEK', '2025-12-25T00:00:00+08:00', '2025-12-26T00:00:00+08:00'],
      ['CURRENT_HOUR', '2026-01-01T00:00:00+08:00', '2026-01-01T01:00:00+08:00'],
      ['CURRENT_WEEK', '2025-12-28T00:00:00+08:00', '2026-01-04T00:00:00+08:00'],
      ['CURRENT_WEEK_ISO', '2025-12-29T00:00:00+08:00', '2026-01-05T00:00:00+08:00'],
      ['PREVIOUS_WEEK_ISO', '2025-12-22T00:00:00+08:00', '2025-12-29T00:00:00+08:00'],
      ['PREVIOUS_MONTH', '2025-12-01T00:00:00+08:00', '2026-01-01T00:00:00+08:00'],
      ['PREVIOUS_YEAR', '2025-01-01T00:00:00+08:00', '2026-01-01T00:00:00+08:00'],
      ['CURRENT_YEAR', '2026-01-01T00:00:00+08:00', '2027-01-01T00:00:00+08:00'],
      ['CURRENT_MONTH_SO_FAR', '2026-01-01T00:00:00+08:00', 'now'],
    ]);
  });

  it('finds the right hour in the hour New York repeats when DST ends (2026-11-01)', () => {
    expectRanges('America/New_York', '2026-11-01T01:30:00-04:00', [
      ['CURRENT_HOUR', '2026-11-01T01:00:00-04:00', '2026-11-01T02:00:00-04:00'],
    ]);
    expectRanges('America/New_York', '2026-11-01T01:30:00-05:00', [
      ['CURRENT_HOUR', '2026-11-01T01:00:00-05:00', '2026-11-01T02:00:00-05:00'],
      ['CURRENT_DAY', '2026-11-01T00:00:00-04:00', '2026-11-02T00:00:00-05:00'],
      ['YESTERDAY', '2026-10-31T00:00:00-04:00', '2026-11-01T00:00:00-04:00'],
    ]);
  });

  it('handles month and leap-year boundaries', () => {
    expectRanges('UTC', '2024-03-01T00:00:00Z', [
      ['PREVIOUS_MONTH', '2024-02-01T00:00:00Z', '2024-03-01T00:00:00Z'],
      ['CURRENT_MONTH', '2024-03-01T00:00:00Z', '2024-04-01T00:00:00Z'],
      ['YESTERDAY', '2024-02-29T00:00:00Z', '2024-03-01T00:00:00Z'],
    ]);
    // The same instant is still 29 February in New York.
    expectRanges('America/New_York', '2024-03-01T00:00:00Z', [
      ['CURRENT_MONTH', '2024-02-01T00:00:00-05:00', '2024-03-01T00:00:00-05:00'],
      ['CURRENT_DAY', '2024-02-29T00:00:00-05:00', '2024-03-01T00:00:00-05:00'],
    ]);
  });

  it('uses the runtime zone when none or an unknown one is given', () => {
    const now = t('2026-06-15T12:34:56Z');
    const expected = quickIntervalRange('CURRENT_DAY', now, runtimeTimezone());
    expect(quickIntervalRange('CURRENT_DAY', now)).toEqual(expected);
    expect(quickIntervalRange('CURRENT_DAY', now, 'Mars/Olympus')).toEqual(expected);
  });
});

describe('quick interval lists and lengths', () => {
  it('knows the 18 names and nothing else', () => {
    expect(QUICK_INTERVALS).toHaveLength(18);
    expect(isQuickInterval('CURRENT_WEEK_ISO')).toBe(true);
    for (const bad of ['current_day', 'TOMORROW', 3, null]) expect(isQuickInterval(bad)).toBe(false);
  });

  it('can limit the picker to the CURRENT_* intervals', () => {
    const current = quickIntervalOptions(true);
    expect(current).toHaveLength(11);
    expect(current.every((q) => q.startsWith('CURRENT_'))).toBe(true);
    expect(quickIntervalOptions()).toEqual(QUICK_INTERVALS);
  });

  it.each([
    ['CURRENT_HOUR', HOUR_MS],
    ['YESTERDAY', DAY_MS],
    ['CURRENT_DAY_SO_FAR', DAY_MS],
    ['PREVIOUS_WEEK_ISO', WEEK_MS],
    ['CURRENT_MONTH', MONTH_MS],
    ['PREVIOUS_MONTH', 30 * DAY_MS],
    ['CURRENT_YEAR_SO_FAR', YEAR_MS],
    ['PREVIOUS_YEAR', 365 * DAY_MS],
  ] as const)('%s counts as %i ms for limits', (q, ms) => {
    expect(quickIntervalNominalMs(q)).toBe(ms);
  });
});

describe('shiftByPeriod', () => {
  it.each([
    ['hour', '2026-03-29T03:30:00+02:00', '2026-03-29T01:30:00+01:00'],
    ['day', '2026-03-30T00:00:00+02:00', '2026-03-29T00:00:00+01:00'],
    ['week', '2026-04-05T00:00:00+02:00', '2026-03-29T00:00:00+01:00'],
    ['month', '2026-04-01T00:00:00+02:00', '2026-03-01T00:00:00+01:00'],
    ['year', '2026-07-01T00:00:00+02:00', '2025-07-01T00:00:00+02:00'],
  ] as const)('moves back one %s in Berlin', (period, from, to) => {
    expect(shiftByPeriod(t(from), period, -1, 'Europe/Berlin')).toBe(t(to));
  });
});

import { describe, expect, it } from 'vitest';
import { HOUR_MS } from './time-window-types.ts';
import {
  addCalendar,
  isValidTimezone,
  listTimezones,
  resolveTimezone,
  runtimeTimezone,
  startOfDay,
  timezoneInfo,
  wallClock,
  wallToEpoch,
  zoneOffsetMs,
} from './zoned-time.ts';

const t = (iso: string): number => Date.parse(iso);

describe('zoneOffsetMs', () => {
  it.each([
    ['Asia/Taipei', '2026-01-15T12:00:00Z', 8],
    ['Asia/Taipei', '2026-07-15T12:00:00Z', 8],
    ['Europe/Berlin', '2026-01-15T12:00:00Z', 1],
    ['Europe/Berlin', '2026-07-15T12:00:00Z', 2],
    ['America/New_York', '2026-01-15T12:00:00Z', -5],
    ['America/New_York', '2026-07-15T12:00:00Z', -4],
    ['Asia/Kolkata', '2026-07-15T12:00:00Z', 5.5],
    ['UTC', '2026-07-15T12:00:00.123Z', 0],
  ])('%s at %s is UTC%+d h', (zone, iso, hours) => {
    expect(zoneOffsetMs(t(iso), zone)).toBe(hours * HOUR_MS);
  });
});

describe('wallClock', () => {
  it('reads the local date, time and weekday (Sunday = 0)', () => {
    // 2025-12-31 16:30 UTC is already New Year's Day, a Thursday, in Taipei.
    expect(wallClock(t('2025-12-31T16:30:05.250Z'), 'Asia/Taipei')).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
      second: 5,
      millisecond: 250,
      weekday: 4,
    });
    expect(wallClock(t('2026-03-29T12:00:00Z'), 'Europe/Berlin')).toMatchObject({ hour: 14, weekday: 0 });
  });
});

describe('wallToEpoch', () => {
  it.each([
    ['a plain midnight', 'Asia/Taipei', [2026, 1, 1], '2026-01-01T00:00:00+08:00'],
    ['midnight before the spring-forward', 'Europe/Berlin', [2026, 3, 29], '2026-03-29T00:00:00+01:00'],
    ['midnight after it', 'Europe/Berlin', [2026, 3, 30], '2026-03-30T00:00:00+02:00'],
    [
      'a skipped time → the instant the clock jumps past it',
      'Europe/Berlin',
      [2026, 3, 29, 2, 30],
      '2026-03-29T03:30:00+02:00',
    ],
    ['a repeated time → its first occurrence', 'Europe/Berlin', [2026, 10, 25, 2, 30], '2026-10-25T02:30:00+02:00'],
    ['a repeated time in New York', 'America/New_York', [2026, 11, 1, 1, 30], '2026-11-01T01:30:00-04:00'],
    ['day 0 → the last day of the previous month', 'UTC', [2024, 3, 0], '2024-02-29T00:00:00Z'],
    ['month 13 → January next year', 'UTC', [2025, 13, 1], '2026-01-01T00:00:00Z'],
  ] as const)('%s', (_name, zone, fields, iso) => {
    const [y, m, d, h = 0, mi = 0] = fields as readonly number[];
    expect(wallToEpoch(zone, y!, m!, d!, h, mi)).toBe(t(iso));
  });
});

describe('startOfDay', () => {
  it('is local midnight, or the first instant of a day whose midnight is skipped', () => {
    expect(startOfDay(t('2026-03-29T20:00:00+02:00'), 'Europe/Berlin')).toBe(t('2026-03-29T00:00:00+01:00'));
    // Chile moved clocks from 00:00 to 01:00 on 2022-09-11.
    expect(startOfDay(t('2022-09-11T12:00:00-03:00'), 'America/Santiago')).toBe(t('2022-09-11T01:00:00-03:00'));
  });
});

describe('addCalendar', () => {
  it.each([
    [
      'a day across spring-forward keeps the clock time',
      '2026-03-28T12:00:00+01:00',
      1,
      'day',
      'Europe/Berlin',
      '2026-03-29T12:00:00+02:00',
    ],
    [
      'a day back across fall-back',
      '2026-10-26T00:00:00+01:00',
      -1,
      'day',
      'Europe/Berlin',
      '2026-10-25T00:00:00+02:00',
    ],
    [
      '31 March − 1 month = 28 February',
      '2026-03-31T14:00:00+02:00',
      -1,
      'month',
      'Europe/Berlin',
      '2026-02-28T14:00:00+01:00',
    ],
    [
      '31 January + 1 month in a leap year',
      '2024-01-31T09:00:00+08:00',
      1,
      'month',
      'Asia/Taipei',
      '2024-02-29T09:00:00+08:00',
    ],
    ['29 February − 1 year = 28 February', '2024-02-29T00:00:00Z', -1, 'year', 'UTC', '2023-02-28T00:00:00Z'],
    [
      'January − 1 month = December last year',
      '2026-01-15T00:00:00-05:00',
      -1,
      'month',
      'America/New_York',
      '2025-12-15T00:00:00-05:00',
    ],
  ] as const)('%s', (_name, from, amount, unit, zone, to) => {
    expect(addCalendar(t(from), amount, unit, zone)).toBe(t(to));
  });
});

describe('timezone validation', () => {
  it('knows IANA zones and rejects anything else', () => {
    expect(isValidTimezone('Asia/Taipei')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus', '', '  ', 42, null, undefined, {}]) expect(isValidTimezone(bad)).toBe(false);
  });

  it('falls back to the runtime zone for a missing or unknown zone', () => {
    expect(resolveTimezone('America/New_York')).toBe('America/New_York');
    expect(resolveTimezone('Mars/Olympus')).toBe(runtimeTimezone());
    expect(resolveTimezone(undefined)).toBe(runtimeTimezone());
    expect(isValidTimezone(runtimeTimezone())).toBe(true);
  });
});

describe('timezoneInfo', () => {
  it.each([
    ['Asia/Taipei', '2026-07-01T00:00:00Z', 'UTC+08:00', 480],
    ['Europe/Berlin', '2026-01-01T00:00:00Z', 'UTC+01:00', 60],
    ['Europe/Berlin', '2026-07-01T00:00:00Z', 'UTC+02:00', 120],
    ['America/New_York', '2026-01-01T00:00:00Z', 'UTC-05:00', -300],
    ['Asia/Kolkata', '2026-01-01T00:00:00Z', 'UTC+05:30', 330],
  ])('%s at %s is %s', (id, at, offset, nOffset) => {
    const info = timezoneInfo(id, t(at));
    expect(info).toMatchObject({ id, offset, nOffset });
    expect(info.abbr).not.toBe('');
  });

  it('shows the id with spaces as the name', () => {
    expect(timezoneInfo('America/New_York', 0).name).toBe('America/New York');
  });

  it('lists zones west to east', () => {
    const list = listTimezones(t('2026-01-01T00:00:00Z'));
    expect(list.map((z) => z.id)).toContain('Asia/Taipei');
    const offsets = list.map((z) => z.nOffset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});

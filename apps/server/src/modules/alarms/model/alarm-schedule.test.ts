import { describe, expect, it } from 'vitest';
import { isScheduleActive, localTime } from './alarm-schedule.ts';

const H = 3_600_000;
// 2024-01-01 is a Monday.
const utc = (day: number, hour: number, min = 0): number => Date.UTC(2024, 0, day, hour, min);

describe('alarm schedules', () => {
  it('ANY_TIME and missing schedules are always active', () => {
    expect(isScheduleActive({ type: 'ANY_TIME' }, 0)).toBe(true);
    expect(isScheduleActive(null, 0)).toBe(true);
  });

  it('localTime reads day of week and time in the zone', () => {
    expect(localTime(utc(1, 10, 30), 'UTC')).toEqual({ day: 1, msOfDay: 10.5 * H });
    // 23:30 UTC Monday is 00:30 Tuesday in Berlin (UTC+1 in winter)
    expect(localTime(utc(1, 23, 30), 'Europe/Berlin')).toEqual({ day: 2, msOfDay: 0.5 * H });
  });

  it('SPECIFIC_TIME same-day window on listed days', () => {
    const s = {
      type: 'SPECIFIC_TIME' as const,
      timezone: 'UTC',
      daysOfWeek: [1, 2, 3, 4, 5],
      startsOn: 9 * H,
      endsOn: 17 * H,
    };
    expect(isScheduleActive(s, utc(1, 10))).toBe(true);
    expect(isScheduleActive(s, utc(1, 8))).toBe(false);
    expect(isScheduleActive(s, utc(1, 18))).toBe(false);
    expect(isScheduleActive(s, utc(6, 10))).toBe(false); // Saturday
  });

  it('SPECIFIC_TIME overnight window continues into the next day', () => {
    const s = { type: 'SPECIFIC_TIME' as const, timezone: 'UTC', daysOfWeek: [5], startsOn: 22 * H, endsOn: 6 * H };
    expect(isScheduleActive(s, utc(5, 23))).toBe(true); // Friday 23:00
    expect(isScheduleActive(s, utc(6, 5))).toBe(true); // Saturday 05:00
    expect(isScheduleActive(s, utc(6, 7))).toBe(false);
    expect(isScheduleActive(s, utc(5, 5))).toBe(false); // Friday 05:00 belongs to Thursday night
  });

  it('SPECIFIC_TIME in a non-UTC zone', () => {
    const s = {
      type: 'SPECIFIC_TIME' as const,
      timezone: 'America/New_York',
      daysOfWeek: [1],
      startsOn: 9 * H,
      endsOn: 10 * H,
    };
    expect(isScheduleActive(s, utc(1, 14, 30))).toBe(true); // 09:30 EST
    expect(isScheduleActive(s, utc(1, 9, 30))).toBe(false); // 04:30 EST
  });

  it('CUSTOM items per day with enabled flag and overnight', () => {
    const s = {
      type: 'CUSTOM' as const,
      timezone: 'Asia/Tokyo',
      items: [
        { enabled: true, dayOfWeek: 1, startsOn: 8 * H, endsOn: 12 * H },
        { enabled: false, dayOfWeek: 2, startsOn: 0, endsOn: 0 },
        { enabled: true, dayOfWeek: 3, startsOn: 20 * H, endsOn: 2 * H },
      ],
    };
    expect(isScheduleActive(s, utc(1, 0))).toBe(true); // Mon 09:00 JST
    expect(isScheduleActive(s, utc(1, 5))).toBe(false); // Mon 14:00 JST
    expect(isScheduleActive(s, utc(2, 3))).toBe(false); // Tue, disabled
    expect(isScheduleActive(s, utc(3, 12))).toBe(true); // Wed 21:00 JST
    expect(isScheduleActive(s, utc(3, 16))).toBe(true); // Thu 01:00 JST
    expect(isScheduleActive(s, utc(3, 18))).toBe(false); // Thu 03:00 JST
  });
});

/**
 * Quick intervals (spec 2-calls §3.10): named calendar periods such as "yesterday" or "current
 * month so far", resolved in an IANA zone. Ranges are half-open: a whole period ends at the first
 * instant of the next one, so a day is exactly 23, 24 or 25 hours; "so far" periods end at `now`.
 * Weeks: CURRENT_WEEK/PREVIOUS_WEEK start on Sunday, the *_ISO ones on Monday, whatever the locale.
 */
import {
  DAY_MS,
  HOUR_MS,
  MONTH_MS,
  QUICK_INTERVALS,
  WEEK_MS,
  YEAR_MS,
  type QuickInterval,
  type TimeRange,
} from './time-window-types.ts';
import { addCalendar, resolveTimezone, wallClock, wallToEpoch, type WallClock } from './zoned-time.ts';

export type QuickIntervalPeriod = 'hour' | 'day' | 'week' | 'month' | 'year';

const PERIOD: Readonly<Record<QuickInterval, QuickIntervalPeriod>> = {
  YESTERDAY: 'day',
  DAY_BEFORE_YESTERDAY: 'day',
  THIS_DAY_LAST_WEEK: 'day',
  PREVIOUS_WEEK: 'week',
  PREVIOUS_WEEK_ISO: 'week',
  PREVIOUS_MONTH: 'month',
  PREVIOUS_YEAR: 'year',
  CURRENT_HOUR: 'hour',
  CURRENT_DAY: 'day',
  CURRENT_DAY_SO_FAR: 'day',
  CURRENT_WEEK: 'week',
  CURRENT_WEEK_ISO: 'week',
  CURRENT_WEEK_SO_FAR: 'week',
  CURRENT_WEEK_ISO_SO_FAR: 'week',
  CURRENT_MONTH: 'month',
  CURRENT_MONTH_SO_FAR: 'month',
  CURRENT_YEAR: 'year',
  CURRENT_YEAR_SO_FAR: 'year',
};

const NOMINAL_MS: Readonly<Record<QuickIntervalPeriod, number>> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: WEEK_MS,
  month: MONTH_MS,
  year: YEAR_MS,
};

export function isQuickInterval(value: unknown): value is QuickInterval {
  return typeof value === 'string' && (QUICK_INTERVALS as readonly string[]).includes(value);
}

/** The picker's choices; the list can be limited to the CURRENT_* ones (§3.10). */
export function quickIntervalOptions(onlyCurrent = false): readonly QuickInterval[] {
  return onlyCurrent ? QUICK_INTERVALS.filter((q) => q.startsWith('CURRENT_')) : QUICK_INTERVALS;
}

/** The calendar period a quick interval spans (and steps by). */
export function quickIntervalPeriod(q: QuickInterval): QuickIntervalPeriod {
  return PERIOD[q];
}

/**
 * The period's nominal length, used for interval limits so they do not change with DST or the
 * month: a month counts as 30 days, a year as 365 (§9). Also the length of a "so far" interval.
 */
export function quickIntervalNominalMs(q: QuickInterval): number {
  return NOMINAL_MS[PERIOD[q]];
}

function days(w: WallClock, zone: string, fromDay: number, count: number): TimeRange {
  return {
    startTs: wallToEpoch(zone, w.year, w.month, w.day + fromDay),
    endTs: wallToEpoch(zone, w.year, w.month, w.day + fromDay + count),
  };
}

function week(w: WallClock, zone: string, offsetWeeks: number, iso: boolean): TimeRange {
  const sinceStart = iso ? (w.weekday + 6) % 7 : w.weekday;
  return days(w, zone, offsetWeeks * 7 - sinceStart, 7);
}

function month(w: WallClock, zone: string, offset: number): TimeRange {
  return {
    startTs: wallToEpoch(zone, w.year, w.month + offset, 1),
    endTs: wallToEpoch(zone, w.year, w.month + offset + 1, 1),
  };
}

function year(w: WallClock, zone: string, offset: number): TimeRange {
  return {
    startTs: wallToEpoch(zone, w.year + offset, 1, 1),
    endTs: wallToEpoch(zone, w.year + offset + 1, 1, 1),
  };
}

function wholeRange(q: QuickInterval, now: number, w: WallClock, zone: string): TimeRange {
  switch (q) {
    case 'YESTERDAY':
      return days(w, zone, -1, 1);
    case 'DAY_BEFORE_YESTERDAY':
      return days(w, zone, -2, 1);
    case 'THIS_DAY_LAST_WEEK':
      return days(w, zone, -7, 1);
    case 'PREVIOUS_WEEK':
      return week(w, zone, -1, false);
    case 'PREVIOUS_WEEK_ISO':
      return week(w, zone, -1, true);
    case 'PREVIOUS_MONTH':
      return month(w, zone, -1);
    case 'PREVIOUS_YEAR':
      return year(w, zone, -1);
    case 'CURRENT_HOUR': {
      // Counted back from `now`, so the hour that repeats when DST ends is still the right one.
      const startTs = now - ((w.minute * 60 + w.second) * 1000 + w.millisecond);
      return { startTs, endTs: startTs + HOUR_MS };
    }
    case 'CURRENT_DAY':
    case 'CURRENT_DAY_SO_FAR':
      return days(w, zone, 0, 1);
    case 'CURRENT_WEEK':
    case 'CURRENT_WEEK_SO_FAR':
      return week(w, zone, 0, false);
    case 'CURRENT_WEEK_ISO':
    case 'CURRENT_WEEK_ISO_SO_FAR':
      return week(w, zone, 0, true);
    case 'CURRENT_MONTH':
    case 'CURRENT_MONTH_SO_FAR':
      return month(w, zone, 0);
    case 'CURRENT_YEAR':
    case 'CURRENT_YEAR_SO_FAR':
      return year(w, zone, 0);
  }
}

/**
 * The range a quick interval covers at `now` in zone `tz` (an absent or unknown zone means the
 * runtime's, i.e. the viewer's).
 */
export function quickIntervalRange(q: QuickInterval, now: number, tz?: string | null): TimeRange {
  const zone = resolveTimezone(tz);
  const range = wholeRange(q, now, wallClock(now, zone), zone);
  return q.endsWith('_SO_FAR') ? { startTs: range.startTs, endTs: now } : range;
}

/** Moves an instant by whole periods in the zone, keeping wall-clock time for days and longer. */
export function shiftByPeriod(ts: number, period: QuickIntervalPeriod, amount: number, tz?: string | null): number {
  const zone = resolveTimezone(tz);
  switch (period) {
    case 'hour':
      return ts + amount * HOUR_MS;
    case 'day':
      return addCalendar(ts, amount, 'day', zone);
    case 'week':
      return addCalendar(ts, amount * 7, 'day', zone);
    case 'month':
      return addCalendar(ts, amount, 'month', zone);
    case 'year':
      return addCalendar(ts, amount, 'year', zone);
  }
}

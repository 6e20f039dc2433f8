/**
 * The date-range navigator (widget date.date_range_navigator): whole calendar periods (an hour, a
 * day, a week from the chosen first weekday, a month, a quarter, a half year) in a zone, stepping
 * back and forth by another period, and the history FIXED window it sets on the dashboard. Pure.
 */
import {
  HOUR_MS,
  normaliseTimewindow,
  shiftByPeriod,
  wallClock,
  wallToEpoch,
  type QuickIntervalPeriod,
  type ResolvedTimewindow,
  type TimeRange,
  type Timewindow,
} from '@sapo/common';

export type NavigatorInterval = 'hour' | 'day' | 'week' | 'twoWeeks' | 'month' | 'threeMonths' | 'sixMonths';

export const NAVIGATOR_INTERVALS: readonly NavigatorInterval[] = [
  'hour',
  'day',
  'week',
  'twoWeeks',
  'month',
  'threeMonths',
  'sixMonths',
];

const SPAN: Readonly<Record<NavigatorInterval, { period: QuickIntervalPeriod; count: number }>> = {
  hour: { period: 'hour', count: 1 },
  day: { period: 'day', count: 1 },
  week: { period: 'week', count: 1 },
  twoWeeks: { period: 'week', count: 2 },
  month: { period: 'month', count: 1 },
  threeMonths: { period: 'month', count: 3 },
  sixMonths: { period: 'month', count: 6 },
};

export function readInterval(value: unknown, fallback: NavigatorInterval): NavigatorInterval {
  return NAVIGATOR_INTERVALS.find((i) => i === value) ?? fallback;
}

/** A first day of week 0 (Sunday) … 6; anything else is Monday, the widget's default. */
export function readFirstDayOfWeek(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 6 ? n : 1;
}

/**
 * The period of the given length that contains `ts`: the hour, the day, the week (two weeks) from
 * the first weekday, the month, the quarter or the half year it falls in.
 */
export function periodContaining(ts: number, interval: NavigatorInterval, zone: string, firstDayOfWeek = 1): TimeRange {
  const w = wallClock(ts, zone);
  switch (interval) {
    case 'hour': {
      // Counted back from ts so the repeated hour at the end of DST is still the right one.
      const startTs = ts - ((w.minute * 60 + w.second) * 1000 + w.millisecond);
      return { startTs, endTs: startTs + HOUR_MS };
    }
    case 'day':
      return {
        startTs: wallToEpoch(zone, w.year, w.month, w.day),
        endTs: wallToEpoch(zone, w.year, w.month, w.day + 1),
      };
    case 'week':
    case 'twoWeeks': {
      const first = w.day - ((w.weekday - firstDayOfWeek + 7) % 7);
      const days = 7 * SPAN[interval].count;
      return {
        startTs: wallToEpoch(zone, w.year, w.month, first),
        endTs: wallToEpoch(zone, w.year, w.month, first + days),
      };
    }
    case 'month':
    case 'threeMonths':
    case 'sixMonths': {
      const count = SPAN[interval].count;
      const firstMonth = Math.floor((w.month - 1) / count) * count + 1;
      return {
        startTs: wallToEpoch(zone, w.year, firstMonth, 1),
        endTs: wallToEpoch(zone, w.year, firstMonth + count, 1),
      };
    }
  }
}

/** Both ends moved by one step (−1 back, +1 forward), keeping wall-clock times across DST. */
export function stepRange(range: TimeRange, step: NavigatorInterval, direction: -1 | 1, zone: string): TimeRange {
  const { period, count } = SPAN[step];
  return {
    startTs: shiftByPeriod(range.startTs, period, direction * count, zone),
    endTs: shiftByPeriod(range.endTs, period, direction * count, zone),
  };
}

/** Picked dates (inclusive days, 'YYYY-MM-DD') as a range from the first day's midnight to after the last. */
export function daysRange(from: string, to: string, zone: string): TimeRange | null {
  const a = /^(\d{4})-(\d{2})-(\d{2})$/.exec(from);
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(to);
  if (!a || !b) return null;
  const startTs = wallToEpoch(zone, Number(a[1]), Number(a[2]), Number(a[3]));
  const endTs = wallToEpoch(zone, Number(b[1]), Number(b[2]), Number(b[3]) + 1);
  return endTs > startTs ? { startTs, endTs } : null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of an instant in the zone (a date input's value). */
export function dateValue(ts: number, zone: string): string {
  const w = wallClock(ts, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The last day a range covers (its end is exclusive). */
export const lastDayValue = (range: TimeRange, zone: string): string => dateValue(range.endTs - 1, zone);

/** "2024-05-06 – 2024-05-12", or with times when the range is not whole days. */
export function rangeLabel(range: TimeRange, zone: string): string {
  const s = wallClock(range.startTs, zone);
  const e = wallClock(range.endTs, zone);
  const wholeDays = s.hour === 0 && s.minute === 0 && e.hour === 0 && e.minute === 0;
  if (wholeDays) {
    const first = dateValue(range.startTs, zone);
    const last = lastDayValue(range, zone);
    return first === last ? first : `${first} – ${last}`;
  }
  const time = (w: typeof s) => `${pad(w.hour)}:${pad(w.minute)}`;
  const sameDay = dateValue(range.startTs, zone) === dateValue(range.endTs, zone);
  return sameDay
    ? `${dateValue(range.startTs, zone)} ${time(s)} – ${time(e)}`
    : `${dateValue(range.startTs, zone)} ${time(s)} – ${dateValue(range.endTs, zone)} ${time(e)}`;
}

/** The history FIXED window for a range, keeping the widget's aggregation (the interval is re-bounded). */
export function fixedTimewindow(current: ResolvedTimewindow, range: TimeRange): Timewindow {
  return normaliseTimewindow({
    selectedTab: 'HISTORY',
    history: {
      historyType: 'FIXED',
      interval: current.interval,
      fixedTimewindow: { startTimeMs: range.startTs, endTimeMs: range.endTs },
    },
    aggregation: current.aggregation,
  });
}

/** A range remembered for the browser session, or null when absent or malformed. */
export function parseStoredRange(text: string | null): TimeRange | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null) return null;
    const { startTs, endTs } = v as Record<string, unknown>;
    return typeof startTs === 'number' && typeof endTs === 'number' && endTs > startTs ? { startTs, endTs } : null;
  } catch {
    return null;
  }
}

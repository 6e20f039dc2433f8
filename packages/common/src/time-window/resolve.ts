/**
 * From a time window to what a widget asks the server for, and the 'previous interval' step
 * (spec 2-calls §4, §5, §9). Windows are expected normalised (normaliseTimewindow()).
 *
 * Zone: the window's own `timezone` when valid, else the `tz` argument, else the runtime's.
 */
import { boundedInterval, clampAggregationLimit } from './intervals.ts';
import { quickIntervalNominalMs, quickIntervalPeriod, quickIntervalRange, shiftByPeriod } from './quick-intervals.ts';
import {
  DAY_MS,
  DEFAULT_MAX_DATAPOINTS,
  TIMEWINDOW_UNIT_MS,
  type QuickInterval,
  type TimeRange,
  type Timewindow,
  type TimewindowAggregation,
  type TimewindowUnit,
} from './time-window-types.ts';
import { addCalendar, isValidTimezone, resolveTimezone, startOfDay, wallClock, wallToEpoch } from './zoned-time.ts';

export interface ResolvedTimewindow {
  /** True when the data keeps coming (REALTIME tab): subscribe, don't just read. */
  realtime: boolean;
  startTs: number;
  /** Exclusive. For a realtime whole period (e.g. CURRENT_DAY) it lies in the future. */
  endTs: number;
  /** endTs − startTs: the `timeWindow` of a realtime subscription. */
  timewindowMs: number;
  /** Aggregation interval, ms, within the bounds for the window (§5). */
  interval: number;
  /** Limit clamped into [7, maximum datapoints] (§5). */
  aggregation: TimewindowAggregation;
  /** The zone quick intervals were resolved in. */
  timezone: string;
}

interface WindowRange extends TimeRange {
  /** Length the interval bounds are computed from (a quick interval's nominal length). */
  limitRangeMs: number;
  interval: number;
  quickInterval?: QuickInterval;
  lastInterval: boolean;
}

function windowZone(tw: Timewindow, tz?: string | null): string {
  return resolveTimezone(isValidTimezone(tw.timezone) ? tw.timezone : tz);
}

function quickWindow(q: QuickInterval, interval: number, now: number, zone: string): WindowRange {
  return {
    ...quickIntervalRange(q, now, zone),
    limitRangeMs: quickIntervalNominalMs(q),
    interval,
    quickInterval: q,
    lastInterval: false,
  };
}

function lastWindow(windowMs: number, interval: number, now: number): WindowRange {
  return { startTs: now - windowMs, endTs: now, limitRangeMs: windowMs, interval, lastInterval: true };
}

function windowRange(tw: Timewindow, now: number, zone: string): WindowRange {
  if (tw.selectedTab === 'REALTIME') {
    const rt = tw.realtime;
    return rt.realtimeType === 'INTERVAL'
      ? quickWindow(rt.quickInterval, rt.interval, now, zone)
      : lastWindow(rt.timewindowMs, rt.interval, now);
  }
  const h = tw.history;
  switch (h.historyType) {
    case 'INTERVAL':
      return quickWindow(h.quickInterval, h.interval, now, zone);
    case 'LAST_INTERVAL':
      return lastWindow(h.timewindowMs, h.interval, now);
    case 'FIXED': {
      const { startTimeMs: startTs, endTimeMs: endTs } = h.fixedTimewindow;
      return { startTs, endTs, limitRangeMs: endTs - startTs, interval: h.interval, lastInterval: false };
    }
  }
}

/**
 * The range, interval and aggregation a widget subscription asks for at `now`:
 * realtime LAST_INTERVAL [now − length, now); realtime or history INTERVAL the quick interval's
 * range; history LAST_INTERVAL like realtime; history FIXED its bounds. A sliding realtime window
 * that aggregates starts on a whole interval, so its buckets stay put as it slides.
 */
export function resolveTimewindow(
  tw: Timewindow,
  now: number,
  tz?: string | null,
  maxDatapoints: number = DEFAULT_MAX_DATAPOINTS,
): ResolvedTimewindow {
  const zone = windowZone(tw, tz);
  const w = windowRange(tw, now, zone);
  const interval = boundedInterval(w.interval, w.limitRangeMs);
  const type = tw.aggregation.type;
  const realtime = tw.selectedTab === 'REALTIME';
  const startTs = realtime && w.lastInterval && type !== 'NONE' ? w.startTs - (w.startTs % interval) : w.startTs;
  return {
    realtime,
    startTs,
    endTs: w.endTs,
    timewindowMs: w.endTs - startTs,
    interval,
    aggregation: { type, limit: clampAggregationLimit(tw.aggregation.limit, maxDatapoints) },
    timezone: zone,
  };
}

const isMidnight = (ts: number, zone: string): boolean => startOfDay(ts, zone) === ts;

/**
 * The range before a fixed one. Ranges from local midnight to local midnight step by whole
 * calendar days (or months, when both ends are a 1st) so a 23- or 25-hour day stays a whole day;
 * any other range steps back by its own length.
 */
function previousFixedRange(r: TimeRange, zone: string): TimeRange {
  if (!isMidnight(r.startTs, zone) || !isMidnight(r.endTs, zone)) {
    return { startTs: r.startTs - (r.endTs - r.startTs), endTs: r.startTs };
  }
  const s = wallClock(r.startTs, zone);
  const e = wallClock(r.endTs, zone);
  if (s.day === 1 && e.day === 1) {
    const months = e.year * 12 + e.month - (s.year * 12 + s.month);
    return { startTs: wallToEpoch(zone, s.year, s.month - months, 1), endTs: r.startTs };
  }
  const days = Math.round((Date.UTC(e.year, e.month - 1, e.day) - Date.UTC(s.year, s.month - 1, s.day)) / DAY_MS);
  return { startTs: wallToEpoch(zone, s.year, s.month, s.day - days), endTs: r.startTs };
}

function stepBack(ts: number, unit: TimewindowUnit, zone: string): number {
  // A day back keeps the wall-clock time, even across a DST change.
  return unit === 'DAYS' ? addCalendar(ts, -1, 'day', zone) : ts - TIMEWINDOW_UNIT_MS[unit];
}

/**
 * 'Previous interval' (§4): the window before the current one, as a history FIXED window (other
 * settings kept). A quick interval moves back one of its periods (CURRENT_MONTH → the previous
 * month; CURRENT_DAY_SO_FAR → yesterday until this time of day); any other window moves back by
 * its own length. With `step`, both ends move back by that one unit instead.
 */
export function previousInterval(tw: Timewindow, now: number, tz?: string | null, step?: TimewindowUnit): Timewindow {
  const zone = windowZone(tw, tz);
  const w = windowRange(tw, now, zone);
  let prev: TimeRange;
  if (step) {
    prev = { startTs: stepBack(w.startTs, step, zone), endTs: stepBack(w.endTs, step, zone) };
  } else if (w.quickInterval) {
    const period = quickIntervalPeriod(w.quickInterval);
    prev = { startTs: shiftByPeriod(w.startTs, period, -1, zone), endTs: shiftByPeriod(w.endTs, period, -1, zone) };
  } else if (w.lastInterval) {
    prev = { startTs: w.startTs - (w.endTs - w.startTs), endTs: w.startTs };
  } else {
    prev = previousFixedRange(w, zone);
  }
  return {
    ...tw,
    selectedTab: 'HISTORY',
    history: {
      ...tw.history,
      historyType: 'FIXED',
      fixedTimewindow: { startTimeMs: prev.startTs, endTimeMs: prev.endTs },
    },
  };
}

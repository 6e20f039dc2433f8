/**
 * The dashboard time window (spec 2-calls §3.10, §9): its types and constants. Pure.
 *
 * In memory every window type is a name ('REALTIME', 'LAST_INTERVAL', …). ThingsBoard 3.2 stores
 * `selectedTab`, `realtimeType` and `historyType` as numeric enum codes in dashboard JSON; the codes
 * are read and written only in time-window-json.ts.
 */
import type { Aggregation } from '../telemetry.ts';

/** The aggregation functions (§3.10); the same union the telemetry calls use. */
export type AggregationType = Aggregation;

export type TimewindowType = 'REALTIME' | 'HISTORY';
export type RealtimeWindowType = 'LAST_INTERVAL' | 'INTERVAL';
export type HistoryWindowType = 'LAST_INTERVAL' | 'FIXED' | 'INTERVAL';

export const TIMEWINDOW_TYPES: readonly TimewindowType[] = ['REALTIME', 'HISTORY'];
export const REALTIME_WINDOW_TYPES: readonly RealtimeWindowType[] = ['LAST_INTERVAL', 'INTERVAL'];
export const HISTORY_WINDOW_TYPES: readonly HistoryWindowType[] = ['LAST_INTERVAL', 'FIXED', 'INTERVAL'];

export type QuickInterval =
  | 'YESTERDAY'
  | 'DAY_BEFORE_YESTERDAY'
  | 'THIS_DAY_LAST_WEEK'
  | 'PREVIOUS_WEEK'
  | 'PREVIOUS_WEEK_ISO'
  | 'PREVIOUS_MONTH'
  | 'PREVIOUS_YEAR'
  | 'CURRENT_HOUR'
  | 'CURRENT_DAY'
  | 'CURRENT_DAY_SO_FAR'
  | 'CURRENT_WEEK'
  | 'CURRENT_WEEK_ISO'
  | 'CURRENT_WEEK_SO_FAR'
  | 'CURRENT_WEEK_ISO_SO_FAR'
  | 'CURRENT_MONTH'
  | 'CURRENT_MONTH_SO_FAR'
  | 'CURRENT_YEAR'
  | 'CURRENT_YEAR_SO_FAR';

/** All quick intervals, in the spec's (and the picker's) order. */
export const QUICK_INTERVALS: readonly QuickInterval[] = [
  'YESTERDAY',
  'DAY_BEFORE_YESTERDAY',
  'THIS_DAY_LAST_WEEK',
  'PREVIOUS_WEEK',
  'PREVIOUS_WEEK_ISO',
  'PREVIOUS_MONTH',
  'PREVIOUS_YEAR',
  'CURRENT_HOUR',
  'CURRENT_DAY',
  'CURRENT_DAY_SO_FAR',
  'CURRENT_WEEK',
  'CURRENT_WEEK_ISO',
  'CURRENT_WEEK_SO_FAR',
  'CURRENT_WEEK_ISO_SO_FAR',
  'CURRENT_MONTH',
  'CURRENT_MONTH_SO_FAR',
  'CURRENT_YEAR',
  'CURRENT_YEAR_SO_FAR',
];

/** The units of the interval editor (§3.10). */
export type TimewindowUnit = 'SECONDS' | 'MINUTES' | 'HOURS' | 'DAYS';

// Named *_MS rather than SECOND/DAY so the @sapo/common barrel does not export bare words.
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** A month counts as 30 days wherever a length is needed for limits (§9). */
export const MONTH_MS = 30 * DAY_MS;
export const YEAR_MS = 365 * DAY_MS;

export const TIMEWINDOW_UNIT_MS: Readonly<Record<TimewindowUnit, number>> = {
  SECONDS: SECOND_MS,
  MINUTES: MINUTE_MS,
  HOURS: HOUR_MS,
  DAYS: DAY_MS,
};

/** The interval picker's predefined choices (§9), shortest first. */
export const SELECTABLE_INTERVALS: readonly number[] = [
  SECOND_MS,
  5 * SECOND_MS,
  10 * SECOND_MS,
  15 * SECOND_MS,
  30 * SECOND_MS,
  MINUTE_MS,
  2 * MINUTE_MS,
  5 * MINUTE_MS,
  10 * MINUTE_MS,
  15 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
  7 * DAY_MS,
  30 * DAY_MS,
];

/** The maximum datapoints before the server has been asked (§9). */
export const DEFAULT_MAX_DATAPOINTS = 500;
/** The smallest aggregation limit a user may set (§5, §9). */
export const MIN_DATAPOINTS = 7;
/** Points per range that give the shortest (500), longest (7) and default (200) interval (§9). */
export const INTERVAL_POINTS_MAX = 500;
export const INTERVAL_POINTS_MIN = 7;
export const INTERVAL_POINTS_AVG = 200;
/** The shortest aggregation interval is the default one, one second (§9). */
export const MIN_INTERVAL_MS = SECOND_MS;
/** The longest is 7300 times the day, the largest base unit (§9): twenty 365-day years. */
export const MAX_INTERVAL_MS = 7300 * DAY_MS;

export interface FixedTimewindow {
  startTimeMs: number;
  endTimeMs: number;
}

export interface RealtimeWindow {
  realtimeType: RealtimeWindowType;
  /** Aggregation interval, ms. */
  interval: number;
  /** LAST_INTERVAL: the window's length, ms. */
  timewindowMs: number;
  /** INTERVAL: the calendar period shown. */
  quickInterval: QuickInterval;
}

export interface HistoryWindow {
  historyType: HistoryWindowType;
  interval: number;
  timewindowMs: number;
  fixedTimewindow: FixedTimewindow;
  quickInterval: QuickInterval;
}

export interface TimewindowAggregation {
  type: AggregationType;
  /** Datapoints asked for (NONE) or the most buckets kept (other types). */
  limit: number;
}

/** A complete time window, as normaliseTimewindow() returns it. */
export interface Timewindow {
  displayValue?: string;
  displayTimezoneAbbr?: string;
  hideInterval: boolean;
  hideAggregation: boolean;
  hideAggInterval: boolean;
  hideTimezone: boolean;
  selectedTab: TimewindowType;
  /** IANA zone for quick intervals; absent = the viewer's zone. */
  timezone?: string;
  realtime: RealtimeWindow;
  history: HistoryWindow;
  aggregation: TimewindowAggregation;
}

/** A half-open time range [startTs, endTs), epoch ms. */
export interface TimeRange {
  startTs: number;
  endTs: number;
}

/** A timezone picker entry (§3.10): offset as 'UTC+08:00', nOffset in minutes east of UTC. */
export interface TimezoneInfo {
  id: string;
  name: string;
  offset: string;
  nOffset: number;
  abbr: string;
}

/**
 * The stored form of a time window, wire-compatible with ThingsBoard 3.2 dashboard JSON.
 *
 * ThingsBoard stores the three window-type fields as numeric enum codes:
 *   selectedTab   0 = REALTIME, 1 = HISTORY
 *   realtimeType  0 = LAST_INTERVAL, 1 = INTERVAL
 *   historyType   0 = LAST_INTERVAL, 1 = FIXED, 2 = INTERVAL
 * Reading accepts either a code (number or digit string) or the spec's name; writing for storage
 * always emits the codes, so a dashboard exported from here imports into ThingsBoard and back.
 * Everything else (quickInterval, aggregation.type) is stored by name, as ThingsBoard does.
 */
import {
  HISTORY_WINDOW_TYPES,
  REALTIME_WINDOW_TYPES,
  TIMEWINDOW_TYPES,
  type AggregationType,
  type FixedTimewindow,
  type HistoryWindowType,
  type QuickInterval,
  type RealtimeWindowType,
  type Timewindow,
  type TimewindowType,
} from './time-window-types.ts';

export type TimewindowTypeCode = 0 | 1;
export type RealtimeWindowTypeCode = 0 | 1;
export type HistoryWindowTypeCode = 0 | 1 | 2;

/** A time window as stored in dashboard and widget JSON. */
export interface TimewindowJson {
  displayValue?: string;
  displayTimezoneAbbr?: string;
  hideInterval: boolean;
  hideAggregation: boolean;
  hideAggInterval: boolean;
  hideTimezone: boolean;
  selectedTab: TimewindowTypeCode;
  timezone?: string;
  realtime: {
    realtimeType: RealtimeWindowTypeCode;
    interval: number;
    timewindowMs: number;
    quickInterval: QuickInterval;
  };
  history: {
    historyType: HistoryWindowTypeCode;
    interval: number;
    timewindowMs: number;
    fixedTimewindow: FixedTimewindow;
    quickInterval: QuickInterval;
  };
  aggregation: { type: AggregationType; limit: number };
}

/** A name from `names`, given as itself or as its index (ThingsBoard's enum code). */
function parseCode<T extends string>(names: readonly T[], value: unknown): T | undefined {
  if (typeof value === 'string') {
    if ((names as readonly string[]).includes(value)) return value as T;
    if (!/^\d+$/.test(value.trim())) return undefined;
  }
  const code = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof code === 'number' && Number.isInteger(code) ? names[code] : undefined;
}

export function parseTimewindowType(value: unknown): TimewindowType | undefined {
  return parseCode(TIMEWINDOW_TYPES, value);
}

export function parseRealtimeWindowType(value: unknown): RealtimeWindowType | undefined {
  return parseCode(REALTIME_WINDOW_TYPES, value);
}

export function parseHistoryWindowType(value: unknown): HistoryWindowType | undefined {
  return parseCode(HISTORY_WINDOW_TYPES, value);
}

export const timewindowTypeCode = (t: TimewindowType): TimewindowTypeCode =>
  TIMEWINDOW_TYPES.indexOf(t) as TimewindowTypeCode;
export const realtimeWindowTypeCode = (t: RealtimeWindowType): RealtimeWindowTypeCode =>
  REALTIME_WINDOW_TYPES.indexOf(t) as RealtimeWindowTypeCode;
export const historyWindowTypeCode = (t: HistoryWindowType): HistoryWindowTypeCode =>
  HISTORY_WINDOW_TYPES.indexOf(t) as HistoryWindowTypeCode;

/** The form to store: ThingsBoard's numeric codes; absent optional texts are left out. */
export function toTimewindowJson(tw: Timewindow): TimewindowJson {
  const { realtime, history } = tw;
  return {
    ...(tw.displayValue !== undefined && { displayValue: tw.displayValue }),
    ...(tw.displayTimezoneAbbr !== undefined && { displayTimezoneAbbr: tw.displayTimezoneAbbr }),
    hideInterval: tw.hideInterval,
    hideAggregation: tw.hideAggregation,
    hideAggInterval: tw.hideAggInterval,
    hideTimezone: tw.hideTimezone,
    selectedTab: timewindowTypeCode(tw.selectedTab),
    ...(tw.timezone !== undefined && { timezone: tw.timezone }),
    realtime: {
      realtimeType: realtimeWindowTypeCode(realtime.realtimeType),
      interval: realtime.interval,
      timewindowMs: realtime.timewindowMs,
      quickInterval: realtime.quickInterval,
    },
    history: {
      historyType: historyWindowTypeCode(history.historyType),
      interval: history.interval,
      timewindowMs: history.timewindowMs,
      fixedTimewindow: { ...history.fixedTimewindow },
      quickInterval: history.quickInterval,
    },
    aggregation: { ...tw.aggregation },
  };
}

/**
 * Default and normalised time windows (spec 2-calls §4, §9). normaliseTimewindow() reads any
 * stored value — ours or a ThingsBoard 3.2 dashboard's, names or numeric codes, or garbage — and
 * never throws: what is missing or invalid takes its default, so a dashboard always opens.
 *
 * Two aggregation defaults, as §9 lists them:
 * - a NEW window (defaultTimewindow) aggregates NONE with a limit of half the maximum datapoints;
 * - a STORED window whose aggregation is unset means AVG with a limit of the maximum, which is how
 *   ThingsBoard runs widgets saved without one. A stored limit is kept as is (the server maximum
 *   may change); resolveTimewindow() clamps it into [7, maximum] when asking for data.
 */
import { AGGREGATIONS } from '../telemetry.ts';
import { coerceMaxDatapoints } from './intervals.ts';
import { isQuickInterval } from './quick-intervals.ts';
import { parseHistoryWindowType, parseRealtimeWindowType, parseTimewindowType } from './time-window-json.ts';
import {
  DAY_MS,
  DEFAULT_MAX_DATAPOINTS,
  MINUTE_MS,
  SECOND_MS,
  type AggregationType,
  type FixedTimewindow,
  type HistoryWindow,
  type QuickInterval,
  type RealtimeWindow,
  type Timewindow,
  type TimewindowAggregation,
} from './time-window-types.ts';
import { isValidTimezone } from './zoned-time.ts';

const DEFAULT_INTERVAL_MS = SECOND_MS;
const DEFAULT_WINDOW_MS = MINUTE_MS;
const DEFAULT_QUICK_INTERVAL: QuickInterval = 'CURRENT_DAY';
const DEFAULT_FIXED_WINDOW_MS = DAY_MS;

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A positive whole number of ms, from a number or its text; undefined otherwise. */
function positiveMs(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.round(n) : undefined;
}

function finiteNumber(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : undefined;
}

const safeMax = (maxDatapoints: unknown): number =>
  maxDatapoints === undefined ? DEFAULT_MAX_DATAPOINTS : coerceMaxDatapoints(maxDatapoints);

/** The last 24 hours before `now` (§9's default history fixed window). */
export function defaultFixedTimewindow(now: number): FixedTimewindow {
  return { startTimeMs: now - DEFAULT_FIXED_WINDOW_MS, endTimeMs: now };
}

/**
 * A new window: realtime, the last minute at a 1 s interval, CURRENT_DAY as the quick interval,
 * history fixed on the last 24 h, aggregation NONE with half the maximum datapoints (§9).
 */
export function defaultTimewindow(maxDatapoints: number = DEFAULT_MAX_DATAPOINTS, now = Date.now()): Timewindow {
  return {
    hideInterval: false,
    hideAggregation: false,
    hideAggInterval: false,
    hideTimezone: false,
    selectedTab: 'REALTIME',
    realtime: {
      realtimeType: 'LAST_INTERVAL',
      interval: DEFAULT_INTERVAL_MS,
      timewindowMs: DEFAULT_WINDOW_MS,
      quickInterval: DEFAULT_QUICK_INTERVAL,
    },
    history: {
      historyType: 'LAST_INTERVAL',
      interval: DEFAULT_INTERVAL_MS,
      timewindowMs: DEFAULT_WINDOW_MS,
      fixedTimewindow: defaultFixedTimewindow(now),
      quickInterval: DEFAULT_QUICK_INTERVAL,
    },
    aggregation: { type: 'NONE', limit: Math.floor(safeMax(maxDatapoints) / 2) },
  };
}

function normaliseRealtime(raw: unknown, fallback: RealtimeWindow): RealtimeWindow {
  if (!isRecord(raw)) return fallback;
  const quick = isQuickInterval(raw.quickInterval) ? raw.quickInterval : undefined;
  return {
    // §4: an absent type is INTERVAL when a quick interval is given, else LAST_INTERVAL.
    realtimeType: parseRealtimeWindowType(raw.realtimeType) ?? (quick ? 'INTERVAL' : 'LAST_INTERVAL'),
    interval: positiveMs(raw.interval) ?? fallback.interval,
    timewindowMs: positiveMs(raw.timewindowMs) ?? fallback.timewindowMs,
    quickInterval: quick ?? fallback.quickInterval,
  };
}

function normaliseFixed(raw: unknown, fallback: FixedTimewindow): FixedTimewindow {
  if (!isRecord(raw)) return fallback;
  const startTimeMs = finiteNumber(raw.startTimeMs);
  const endTimeMs = finiteNumber(raw.endTimeMs);
  if (startTimeMs === undefined || endTimeMs === undefined || startTimeMs >= endTimeMs) return fallback;
  return { startTimeMs, endTimeMs };
}

function normaliseHistory(raw: unknown, fallback: HistoryWindow): HistoryWindow {
  if (!isRecord(raw)) return fallback;
  const windowMs = positiveMs(raw.timewindowMs);
  const quick = isQuickInterval(raw.quickInterval) ? raw.quickInterval : undefined;
  // §4: an absent type is LAST_INTERVAL with a length, INTERVAL with a quick interval, else FIXED.
  const inferred = windowMs !== undefined ? 'LAST_INTERVAL' : quick ? 'INTERVAL' : 'FIXED';
  return {
    historyType: parseHistoryWindowType(raw.historyType) ?? inferred,
    interval: positiveMs(raw.interval) ?? fallback.interval,
    timewindowMs: windowMs ?? fallback.timewindowMs,
    fixedTimewindow: normaliseFixed(raw.fixedTimewindow, fallback.fixedTimewindow),
    quickInterval: quick ?? fallback.quickInterval,
  };
}

function parseAggregationType(v: unknown): AggregationType | undefined {
  const name = typeof v === 'string' ? v.trim().toUpperCase() : undefined;
  return AGGREGATIONS.find((a) => a === name);
}

function normaliseAggregation(raw: unknown, maxDatapoints: number): TimewindowAggregation {
  const agg = isRecord(raw) ? raw : {};
  return { type: parseAggregationType(agg.type) ?? 'AVG', limit: positiveMs(agg.limit) ?? maxDatapoints };
}

/**
 * A complete window from any stored value. Sections absent from `raw` keep the defaults; within a
 * present section the §4 inference fills an absent window type. An absent selectedTab is REALTIME
 * when a realtime section exists, else HISTORY. `raw` that is not an object gives the default window.
 * Unknown fields are dropped; an unknown timezone is dropped (the viewer's zone applies).
 */
export function normaliseTimewindow(
  raw: unknown,
  maxDatapoints: number = DEFAULT_MAX_DATAPOINTS,
  now = Date.now(),
): Timewindow {
  const max = safeMax(maxDatapoints);
  const base = defaultTimewindow(max, now);
  if (!isRecord(raw)) return base;
  const tw: Timewindow = {
    hideInterval: raw.hideInterval === true,
    hideAggregation: raw.hideAggregation === true,
    hideAggInterval: raw.hideAggInterval === true,
    hideTimezone: raw.hideTimezone === true,
    selectedTab: parseTimewindowType(raw.selectedTab) ?? (isRecord(raw.realtime) ? 'REALTIME' : 'HISTORY'),
    realtime: normaliseRealtime(raw.realtime, base.realtime),
    history: normaliseHistory(raw.history, base.history),
    aggregation: normaliseAggregation(raw.aggregation, max),
  };
  if (typeof raw.displayValue === 'string') tw.displayValue = raw.displayValue;
  if (typeof raw.displayTimezoneAbbr === 'string') tw.displayTimezoneAbbr = raw.displayTimezoneAbbr;
  if (isValidTimezone(raw.timezone)) tw.timezone = raw.timezone;
  return tw;
}

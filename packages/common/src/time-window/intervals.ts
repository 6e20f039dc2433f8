/**
 * Aggregation interval and datapoint limits (spec 2-calls §5, §9). For a range, the shortest
 * interval gives 500 buckets, the longest 7 and the default 200; all are whole seconds within
 * [1 s, 7300 days]. The shortest is rounded up and the longest down, so the bucket counts stay
 * inside 7…500 whenever the range allows it (the server refuses more than 700).
 */
import {
  DEFAULT_MAX_DATAPOINTS,
  INTERVAL_POINTS_AVG,
  INTERVAL_POINTS_MAX,
  INTERVAL_POINTS_MIN,
  MAX_INTERVAL_MS,
  MIN_DATAPOINTS,
  MIN_INTERVAL_MS,
  SECOND_MS,
  SELECTABLE_INTERVALS,
} from './time-window-types.ts';

export interface IntervalBounds {
  min: number;
  max: number;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);
const toBounds = (v: number): number => clamp(v, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
const safeRange = (rangeMs: number): number => (Number.isFinite(rangeMs) && rangeMs > 0 ? rangeMs : 0);

/** Shortest interval for a range: range/500, up to a whole second. */
export function minIntervalFor(rangeMs: number): number {
  return toBounds(Math.ceil(safeRange(rangeMs) / INTERVAL_POINTS_MAX / SECOND_MS) * SECOND_MS);
}

/** Longest interval for a range: range/7, down to a whole second, never below the shortest. */
export function maxIntervalFor(rangeMs: number): number {
  const max = toBounds(Math.floor(safeRange(rangeMs) / INTERVAL_POINTS_MIN / SECOND_MS) * SECOND_MS);
  return Math.max(max, minIntervalFor(rangeMs));
}

export function intervalBounds(rangeMs: number): IntervalBounds {
  return { min: minIntervalFor(rangeMs), max: maxIntervalFor(rangeMs) };
}

/** The default interval for a range: range/200 to the nearest second, within the bounds. */
export function averageIntervalFor(rangeMs: number): number {
  const { min, max } = intervalBounds(rangeMs);
  return clamp(Math.round(safeRange(rangeMs) / INTERVAL_POINTS_AVG / SECOND_MS) * SECOND_MS, min, max);
}

/** An interval clamped into the range's bounds (§5); a missing or invalid one is the default. */
export function boundedInterval(interval: unknown, rangeMs: number): number {
  if (typeof interval !== 'number' || !Number.isFinite(interval) || interval <= 0) {
    return averageIntervalFor(rangeMs);
  }
  const { min, max } = intervalBounds(rangeMs);
  return clamp(Math.round(interval), min, max);
}

/** The predefined intervals (§9) a range allows; may be empty for ranges of many years. */
export function selectableIntervals(rangeMs: number): number[] {
  const { min, max } = intervalBounds(rangeMs);
  return SELECTABLE_INTERVALS.filter((i) => i >= min && i <= max);
}

/**
 * The allowed predefined interval nearest to `interval` (the earlier one on a tie), for the
 * editor's non-advanced mode; the bounded interval itself when none is allowed.
 */
export function snapToSelectableInterval(interval: unknown, rangeMs: number): number {
  const bounded = boundedInterval(interval, rangeMs);
  let best: number | undefined;
  for (const i of selectableIntervals(rangeMs)) {
    if (best === undefined || Math.abs(i - bounded) < Math.abs(best - bounded)) best = i;
  }
  return best ?? bounded;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/**
 * The server's maximum datapoints (GET /api/dashboard/maxDatapointsLimit, a number or its text):
 * empty, invalid or 7 or less becomes 8 (§7, §9). Before the server answers, callers use
 * DEFAULT_MAX_DATAPOINTS (500).
 */
export function coerceMaxDatapoints(value: unknown): number {
  const n = Math.floor(toNumber(value));
  return Number.isFinite(n) && n > MIN_DATAPOINTS ? n : MIN_DATAPOINTS + 1;
}

/** True when an aggregation limit may be saved: a whole number from 7 to the maximum (§5). */
export function isValidAggregationLimit(limit: unknown, maxDatapoints = DEFAULT_MAX_DATAPOINTS): boolean {
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= MIN_DATAPOINTS && limit <= maxDatapoints;
}

/** An aggregation limit brought into [7, maximum]; a missing or invalid one is the maximum. */
export function clampAggregationLimit(limit: unknown, maxDatapoints = DEFAULT_MAX_DATAPOINTS): number {
  const n = Math.floor(toNumber(limit));
  if (!Number.isFinite(n) || n <= 0) return maxDatapoints;
  return clamp(n, MIN_DATAPOINTS, Math.max(maxDatapoints, MIN_DATAPOINTS));
}

import type { Aggregation } from '@sapo/common';

/**
 * The chart's time window and how its data is asked for (spec 2-calls §3.10, §9): which aggregation,
 * which grouping interval and how many points, so a chart never asks for more than the maximum.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9: max datapoints default 500. */
export const MAX_DATAPOINTS = 500;

/** The realtime choices of the chart: the last minute … the last 30 days. */
export const REALTIME_WINDOWS = [
  { id: '1m', ms: MINUTE },
  { id: '15m', ms: 15 * MINUTE },
  { id: '1h', ms: HOUR },
  { id: '1d', ms: DAY },
  { id: '7d', ms: 7 * DAY },
  { id: '30d', ms: 30 * DAY },
] as const;
export type RealtimeWindowId = (typeof REALTIME_WINDOWS)[number]['id'];

/** Spec §9 selectable intervals: 1, 5, 10, 15, 30 s; 1, 2, 5, 10, 15, 30 min; 1, 2, 5, 10, 12 h; 1, 7, 30 days. */
export const SELECTABLE_INTERVALS: readonly number[] = [
  ...[1, 5, 10, 15, 30].map((n) => n * SECOND),
  ...[1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
  ...[1, 2, 5, 10, 12].map((n) => n * HOUR),
  ...[1, 7, 30].map((n) => n * DAY),
];

export interface SeriesQuery {
  startTs: number;
  endTs: number;
  agg: Aggregation;
  /** Grouping interval in ms (ignored for NONE). */
  interval: number;
  limit: number;
}

const wholeSeconds = (ms: number) => Math.max(SECOND, Math.round(ms / SECOND) * SECOND);

/** Spec §9: min interval = range / max datapoints, max = range / 7, rounded to whole seconds. */
export const minInterval = (rangeMs: number) => wholeSeconds(Math.ceil(rangeMs / MAX_DATAPOINTS / SECOND) * SECOND);
export const maxInterval = (rangeMs: number) => Math.max(minInterval(rangeMs), wholeSeconds(rangeMs / 7));

/** The selectable intervals that keep between 7 and 500 groups in the range. */
export function allowedIntervals(rangeMs: number): number[] {
  const min = minInterval(rangeMs);
  const max = maxInterval(rangeMs);
  const allowed = SELECTABLE_INTERVALS.filter((i) => i >= min && i <= max);
  if (allowed.length > 0) return allowed;
  // A range between two choices: the smallest interval that still keeps ≤ 500 groups.
  return [SELECTABLE_INTERVALS.find((i) => i >= min) ?? min];
}

/** Spec §9: aim at range / 200 groups, snapped to the nearest allowed interval. */
export function defaultInterval(rangeMs: number): number {
  const target = rangeMs / 200;
  const allowed = allowedIntervals(rangeMs);
  return allowed.reduce((best, i) => (Math.abs(i - target) < Math.abs(best - target) ? i : best), allowed[0] ?? SECOND);
}

/**
 * Raw values when the range is short enough that even one value a second fits in the maximum
 * (≤ 500 s), averages over the default interval otherwise.
 */
export function defaultAggregation(rangeMs: number): Aggregation {
  return rangeMs <= MAX_DATAPOINTS * SECOND ? 'NONE' : 'AVG';
}

/**
 * The query for a range. `agg` and `interval` are the user's choice when given; an interval that
 * no longer fits the range is replaced by the default one.
 */
export function seriesQuery(startTs: number, endTs: number, agg?: Aggregation, interval?: number): SeriesQuery {
  const range = Math.max(SECOND, endTs - startTs);
  const chosenAgg = agg ?? defaultAggregation(range);
  const fits = interval !== undefined && allowedIntervals(range).includes(interval);
  return {
    startTs,
    endTs,
    agg: chosenAgg,
    interval: chosenAgg === 'NONE' ? 0 : fits ? interval : defaultInterval(range),
    limit: MAX_DATAPOINTS,
  };
}

/** How often a realtime chart slides its window: about one pixel-column in 500, 1 s to 1 min. */
export const slideEveryMs = (rangeMs: number) => Math.min(MINUTE, Math.max(SECOND, Math.round(rangeMs / 500)));

/** An averaged realtime chart is asked again at most this often while values keep arriving. */
export const refetchEveryMs = (interval: number) => Math.min(10 * SECOND, Math.max(2 * SECOND, interval));

/** Spec 1-client §4.3/§5: the start stays at least 1 s before the end. */
export const clampStart = (start: number, end: number) => Math.min(start, end - SECOND);

/** The end stays at least 1 s after the start and never later than now. */
export const clampEnd = (start: number, end: number, now: number) => Math.min(now, Math.max(end, start + SECOND));

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms as a datetime-local input value (local time, minutes). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input value as epoch ms, null when empty or invalid. */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  return Number.isNaN(date.getTime()) ? null : date.getTime();
}

/** Label parts for an interval: { count, unit } with unit seconds | minutes | hours | days. */
export function intervalParts(ms: number): { count: number; unit: 'seconds' | 'minutes' | 'hours' | 'days' } {
  if (ms % DAY === 0) return { count: ms / DAY, unit: 'days' };
  if (ms % HOUR === 0) return { count: ms / HOUR, unit: 'hours' };
  if (ms % MINUTE === 0) return { count: ms / MINUTE, unit: 'minutes' };
  return { count: Math.round(ms / SECOND), unit: 'seconds' };
}

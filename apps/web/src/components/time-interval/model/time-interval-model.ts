/**
 * The time interval editor's arithmetic (spec 1-client §4.3): values clamp into [min, max]; the
 * simple mode snaps to a predefined interval; the advanced mode edits days/hours/minutes/seconds
 * that carry and borrow (seconds and minutes wrap at 60, hours at 24) and never go below 0.
 * A zero or invalid interval is empty (null). Pure.
 */
import {
  DAY_MS,
  HOUR_MS,
  MAX_INTERVAL_MS,
  MIN_INTERVAL_MS,
  MINUTE_MS,
  SECOND_MS,
  SELECTABLE_INTERVALS,
} from '@sapo/common';

export type IntervalPart = 'days' | 'hours' | 'minutes' | 'seconds';

export interface IntervalParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The editor's fields, largest first. */
export const INTERVAL_PARTS: readonly IntervalPart[] = ['days', 'hours', 'minutes', 'seconds'];

const PART_MS: Readonly<Record<IntervalPart, number>> = {
  days: DAY_MS,
  hours: HOUR_MS,
  minutes: MINUTE_MS,
  seconds: SECOND_MS,
};

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0);

/** A positive interval, or null for zero, negative or not-a-number (the editor shows it empty). */
export function editorValue(ms: unknown): number | null {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= SECOND_MS ? Math.round(ms) : null;
}

/** An interval as whole days/hours/minutes/seconds (sub-second remainders are dropped). */
export function intervalToParts(ms: number): IntervalParts {
  let rest = Math.max(0, Math.floor(finite(ms) / SECOND_MS)) * SECOND_MS;
  const out: IntervalParts = { days: 0, hours: 0, minutes: 0, seconds: 0 };
  for (const part of INTERVAL_PARTS) {
    out[part] = Math.floor(rest / PART_MS[part]);
    rest -= out[part] * PART_MS[part];
  }
  return out;
}

/**
 * The total of possibly out-of-range parts: 90 seconds count as 1 min 30 s (carry), −1 second
 * with 1 minute is 59 s (borrow); a negative total floors at 0.
 */
export function partsToInterval(parts: Partial<IntervalParts>): number {
  const total = INTERVAL_PARTS.reduce((sum, part) => sum + finite(parts[part]) * PART_MS[part], 0);
  return Math.max(0, total);
}

/** Parts brought back into range: seconds/minutes below 60, hours below 24, none negative. */
export function normaliseParts(parts: Partial<IntervalParts>): IntervalParts {
  return intervalToParts(partsToInterval(parts));
}

export function clampInterval(ms: number, min = MIN_INTERVAL_MS, max = MAX_INTERVAL_MS): number {
  return Math.min(Math.max(ms, min), Math.max(min, max));
}

/** The predefined intervals within [min, max]. */
export function predefinedIntervals(
  min = MIN_INTERVAL_MS,
  max = MAX_INTERVAL_MS,
  list: readonly number[] = SELECTABLE_INTERVALS,
): number[] {
  return list.filter((i) => i >= min && i <= max);
}

/** The predefined interval nearest to `ms` (the shorter on a tie); the clamped value when none fits. */
export function snapInterval(
  ms: number,
  min = MIN_INTERVAL_MS,
  max = MAX_INTERVAL_MS,
  list: readonly number[] = SELECTABLE_INTERVALS,
): number {
  const clamped = clampInterval(ms, min, max);
  let best: number | undefined;
  for (const i of predefinedIntervals(min, max, list)) {
    if (best === undefined || Math.abs(i - clamped) < Math.abs(best - clamped)) best = i;
  }
  return best ?? clamped;
}

/**
 * One advanced field edited: the new value of the whole interval (clamped into [min, max]) and the
 * parts to show, or null when the total is zero (the editor then reports empty).
 */
export function changePart(
  parts: IntervalParts,
  part: IntervalPart,
  raw: number,
  min = MIN_INTERVAL_MS,
  max = MAX_INTERVAL_MS,
): { value: number | null; parts: IntervalParts } {
  const total = partsToInterval({ ...parts, [part]: finite(raw) });
  if (total === 0) return { value: null, parts: intervalToParts(0) };
  const value = clampInterval(total, min, max);
  return { value, parts: intervalToParts(value) };
}

/** True when the value is one of the predefined choices in range (the editor opens in simple mode). */
export function isPredefined(ms: number | null, min?: number, max?: number, list?: readonly number[]): boolean {
  return ms !== null && predefinedIntervals(min, max, list).includes(ms);
}

export interface DurationSegment {
  part: IntervalPart;
  count: number;
}

/**
 * The non-zero parts of a duration for display, largest first (90 000 ms → 1 minute, 30 seconds).
 * `bareLeading` marks a first segment of exactly 1 that is shown without its number ("last minute",
 * 1-client §9); the caller picks the words.
 */
export function durationSegments(ms: number): { segments: DurationSegment[]; bareLeading: boolean } {
  const parts = intervalToParts(ms);
  const segments = INTERVAL_PARTS.filter((p) => parts[p] > 0).map((part) => ({ part, count: parts[part] }));
  return { segments, bareLeading: segments[0]?.count === 1 };
}

/**
 * The history playback bar (spec 2-calls §2, §4, §9): a position moving through [minTime, maxTime]
 * by `step` ms, one step per tick of 1000/speed ms, stopping at the end. Next/previous move one
 * step, or, when anchors are given (the timestamps that have data), jump to the next/previous one.
 * The position is kept as a time, not an index, so an anchor is reached exactly. Pure.
 */
export const PLAYBACK_SPEEDS: readonly number[] = [1, 5, 10, 25];
export const DEFAULT_PLAYBACK_SPEED = 1;
export const DEFAULT_PLAYBACK_STEP_MS = 1000;

export interface PlaybackRange {
  minTime: number;
  maxTime: number;
  /** ms per step; 1000 by default. */
  step: number;
}

/** ms between ticks at a speed (1 → 1000 ms, 25 → 40 ms); an unknown speed plays at 1. */
export function tickMs(speed: number): number {
  return 1000 / (Number.isFinite(speed) && speed > 0 ? speed : DEFAULT_PLAYBACK_SPEED);
}

/** The data's first and last time, or null when there is none ("no data found"). */
export function dataExtent(timestamps: readonly number[]): { minTime: number; maxTime: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const ts of timestamps) {
    if (!Number.isFinite(ts)) continue;
    if (ts < min) min = ts;
    if (ts > max) max = ts;
  }
  return min <= max ? { minTime: min, maxTime: max } : null;
}

export function playbackRange(
  extent: { minTime: number; maxTime: number },
  step = DEFAULT_PLAYBACK_STEP_MS,
): PlaybackRange {
  return { ...extent, step: Number.isFinite(step) && step > 0 ? step : DEFAULT_PLAYBACK_STEP_MS };
}

export function clampTime(r: PlaybackRange, ts: number): number {
  return Math.min(Math.max(ts, r.minTime), r.maxTime);
}

export const isAtEnd = (r: PlaybackRange, ts: number): boolean => ts >= r.maxTime;

/** One tick of play: a step forward; `done` once the end is reached (playing then stops). */
export function tick(r: PlaybackRange, ts: number): { ts: number; done: boolean } {
  const next = clampTime(r, ts + r.step);
  return { ts: next, done: isAtEnd(r, next) };
}

/** Next: the first anchor after `ts` (the end when none is left), or one step without anchors. */
export function nextTime(r: PlaybackRange, ts: number, anchors?: readonly number[]): number {
  if (!anchors || anchors.length === 0) return clampTime(r, ts + r.step);
  let best = r.maxTime;
  for (const a of anchors) if (a > ts && a < best) best = a;
  return clampTime(r, best);
}

/** Previous: the last anchor before `ts` (the start when none), or one step back without anchors. */
export function previousTime(r: PlaybackRange, ts: number, anchors?: readonly number[]): number {
  if (!anchors || anchors.length === 0) return clampTime(r, ts - r.step);
  let best = r.minTime;
  for (const a of anchors) if (a < ts && a > best) best = a;
  return clampTime(r, best);
}

/** Where play starts: from the start again when already at the end. */
export function playFrom(r: PlaybackRange, ts: number): number {
  return isAtEnd(r, ts) ? r.minTime : clampTime(r, ts);
}

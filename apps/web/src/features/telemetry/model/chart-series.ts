import type { TsData } from '../../../lib/ws-client';

/** One chart point: time (ms) and a number, or null where the value is not numeric (a gap). */
export type Point = [number, number | null];

/** Points per key, oldest first. */
export type SeriesData = Record<string, Point[]>;

/** `values/timeseries` answer: key → [{ts, value}] (values are strings unless strict types were asked). */
export type TimeseriesResponse = Record<string, { ts: number; value: unknown }[] | undefined>;

/** A value as a number: numbers and numeric strings as such, booleans as 1/0 (like ThingsBoard's charts). */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === 'true') return 1;
  if (text === 'false') return 0;
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const byTime = (a: Point, b: Point) => a[0] - b[0];

/** A REST answer as chart series for the given keys (a key without data gets an empty series). */
export function seriesFromRest(keys: readonly string[], response: TimeseriesResponse): SeriesData {
  const out: SeriesData = {};
  for (const key of keys) {
    out[key] = (response[key] ?? []).map((p): Point => [p.ts, numericValue(p.value)]).sort(byTime);
  }
  return out;
}

/**
 * Adds live points: a point at a time already shown replaces it, points before `fromTs` fall out of
 * the window, and at most `limit` of the newest stay.
 */
export function mergePoints(
  existing: readonly Point[],
  incoming: readonly Point[],
  fromTs: number,
  limit: number,
): Point[] {
  const byTs = new Map<number, Point>();
  for (const p of existing) byTs.set(p[0], p);
  for (const p of incoming) byTs.set(p[0], p);
  const merged = [...byTs.values()].filter((p) => p[0] >= fromTs).sort(byTime);
  return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

/** WebSocket data (key → [ts, "value"]) as points per key. */
export function pointsFromWs(data: TsData): SeriesData {
  const out: SeriesData = {};
  for (const [key, list] of Object.entries(data)) {
    out[key] = list.map(([ts, value]): Point => [ts, numericValue(value)]).sort(byTime);
  }
  return out;
}

/** Drops points before `fromTs` from every series (a sliding realtime window). */
export function trimSeries(series: SeriesData, fromTs: number): SeriesData {
  const out: SeriesData = {};
  for (const [key, points] of Object.entries(series)) out[key] = points.filter((p) => p[0] >= fromTs);
  return out;
}

/**
 * uPlot's aligned data: one shared, sorted time axis and one value array per key, null where a key
 * has no value at that time (the chart spans those gaps).
 */
export function alignedData(keys: readonly string[], series: SeriesData): [number[], ...(number | null)[][]] {
  const times = [...new Set(keys.flatMap((key) => (series[key] ?? []).map((p) => p[0])))].sort((a, b) => a - b);
  const index = new Map(times.map((ts, i) => [ts, i]));
  const columns = keys.map((key) => {
    const column: (number | null)[] = new Array<number | null>(times.length).fill(null);
    for (const [ts, value] of series[key] ?? []) column[index.get(ts) ?? 0] = value;
    return column;
  });
  return [times, ...columns];
}

/** How many numeric points the chart shows. */
export const pointCount = (series: SeriesData) =>
  Object.values(series).reduce((n, points) => n + points.filter((p) => p[1] !== null).length, 0);

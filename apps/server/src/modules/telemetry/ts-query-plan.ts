import type { Aggregation } from '@sapo/common';
import { badRequest } from '../../lib/app-error.ts';
import type { TsQuery } from './telemetry-types.ts';

/**
 * The one planner of time-series reads. Every path that reads history — the REST API, WebSocket v1
 * (tsSubCmds, historyCmds) and v2 (historyCmd, tsCmd and its bucket re-reads), entity views, rule
 * nodes — plans its query here before it reads anything, and the store plans every query again, so a
 * path that forgets is refused too. A query over a long range with a tiny interval would otherwise
 * plan billions of buckets and take the process down, so every limit lives here, once. Pure.
 */

export interface TsQueryLimits {
  /** ThingsBoard's `database.ts_max_intervals`: the most buckets an aggregated read may have. */
  maxIntervals: number;
  /** The most raw points per key (the dashboards' maxDatapointsLimit); a larger `limit` is cut to it. */
  maxLimit: number;
  /** The most keys one query may read. */
  maxKeys: number;
}

/** ThingsBoard's `database.ts_max_intervals`. */
export const MAX_TS_INTERVALS = 700;
/** ThingsBoard's smallest aggregation step: shorter intervals count as one second. */
export const MIN_AGG_INTERVAL_MS = 1000;
/** ThingsBoard's `limit` when none is given. */
export const DEFAULT_TS_LIMIT = 100;
/** ThingsBoard's default `MAX_DATAPOINTS_LIMIT` (the most points a widget may ask for). */
export const DEFAULT_MAX_DATAPOINTS_LIMIT = 50_000;
/** Keys per query: far above any widget's, low enough that keys × limit stays bounded. */
export const MAX_TS_QUERY_KEYS = 100;

/** The configured datapoint limit (`MAX_DATAPOINTS_LIMIT`); a missing or unusable value is the default. */
export function maxDatapointsLimit(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MAX_DATAPOINTS_LIMIT);
  return env.MAX_DATAPOINTS_LIMIT && Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_DATAPOINTS_LIMIT;
}

export function tsQueryLimits(env: NodeJS.ProcessEnv = process.env): TsQueryLimits {
  return { maxIntervals: MAX_TS_INTERVALS, maxLimit: maxDatapointsLimit(env), maxKeys: MAX_TS_QUERY_KEYS };
}

/** The server's limits, read once: the same for every path and for GET /api/dashboard/maxDatapointsLimit. */
export const TS_QUERY_LIMITS: Readonly<TsQueryLimits> = Object.freeze(tsQueryLimits());

/** What a path asks for; numbers are checked here, whatever their source. */
export interface TsQueryRequest {
  keys: readonly string[];
  startTs: number;
  endTs: number;
  /** Bucket length in ms; 0 (the default) reads raw points. */
  interval?: number;
  /** Raw reads: points per key (default 100). */
  limit?: number;
  agg?: Aggregation;
  orderBy?: 'ASC' | 'DESC';
}

/** A query the planner accepted: within every limit, its aggregation step resolved. */
export type PlannedTsQuery = TsQuery & {
  /** Bucket length actually used (at least one second); 0 for raw reads. */
  readonly step: number;
};

export const intervalsMessage = (count: number) =>
  `Incorrect TsKvQuery. Number of intervals is to high - ${count}. ` +
  "Please increase 'interval' parameter for your query or reduce the time range of the query.";

function integer(name: string, value: number): number {
  if (!Number.isSafeInteger(value)) throw badRequest(`Invalid value of '${name}': must be an integer`);
  return value;
}

/**
 * ThingsBoard's bucket count, `(endTs - startTs) / max(interval, 1 s)` truncated like Java's long
 * division; more than the maximum, or a negative count (an end before the start), is refused.
 */
export function checkIntervals(startTs: number, endTs: number, interval: number, max = MAX_TS_INTERVALS): void {
  const count = Math.trunc((endTs - startTs) / Math.max(interval, MIN_AGG_INTERVAL_MS));
  if (count > max || count < 0) throw badRequest(intervalsMessage(count));
}

/**
 * Checks a query against the limits and returns it planned, or throws ThingsBoard's 400. An interval
 * of 0 (or agg NONE) reads raw points, at most `limit` per key, cut to the server's maximum. A raw
 * read ending before it starts reads nothing, as in ThingsBoard.
 */
export function planTsQuery(req: TsQueryRequest, limits: TsQueryLimits = TS_QUERY_LIMITS): PlannedTsQuery {
  const keys = [...new Set(req.keys)];
  if (keys.length > limits.maxKeys) {
    throw badRequest(
      `Incorrect TsKvQuery. Number of keys is too high - ${keys.length}. At most ${limits.maxKeys} keys can be read at once.`,
    );
  }
  const startTs = integer('startTs', req.startTs);
  const endTs = integer('endTs', req.endTs);
  const interval = integer('interval', req.interval ?? 0);
  if (interval < 0) throw badRequest("Invalid value of 'interval': must not be negative");
  const limit = integer('limit', req.limit ?? DEFAULT_TS_LIMIT);
  if (limit < 1) throw badRequest("Invalid value of 'limit': must be a positive integer");
  // ThingsBoard: "if interval is 0, convert this to a NONE aggregation".
  const agg = interval === 0 ? 'NONE' : (req.agg ?? 'NONE');
  if (agg !== 'NONE') checkIntervals(startTs, endTs, interval, limits.maxIntervals);
  return {
    keys,
    startTs,
    endTs,
    interval,
    limit: Math.min(limit, limits.maxLimit),
    agg,
    orderBy: req.orderBy ?? 'DESC',
    step: agg === 'NONE' ? 0 : Math.max(interval, MIN_AGG_INTERVAL_MS),
  };
}

/** A live time window (WebSocket tsSubCmd / tsCmd): `timeWindow` ms from `startTs`. */
export interface TsWindowRequest extends Omit<TsQueryRequest, 'endTs'> {
  timeWindow: number;
}

/**
 * Plans a live window. With `wholeBuckets` an aggregated window ends on whole steps (its last bucket
 * is not shortened), so values that arrive later land on the grid the widget already has.
 */
export function planTsWindow(
  req: TsWindowRequest,
  wholeBuckets: boolean,
  limits: TsQueryLimits = TS_QUERY_LIMITS,
): PlannedTsQuery {
  const { timeWindow, ...rest } = req;
  const startTs = integer('startTs', req.startTs);
  integer('timeWindow', timeWindow);
  if (timeWindow < 0) throw badRequest("Invalid value of 'timeWindow': must not be negative");
  const interval = integer('interval', req.interval ?? 0);
  const aggregated = (req.agg ?? 'NONE') !== 'NONE' && interval > 0;
  const endTs =
    aggregated && wholeBuckets
      ? aggregatedWindowEnd(startTs, timeWindow, Math.max(interval, MIN_AGG_INTERVAL_MS))
      : startTs + timeWindow;
  return planTsQuery({ ...rest, endTs }, limits);
}

/** The end of an aggregated window rounded up to whole steps (at least one). */
export function aggregatedWindowEnd(startTs: number, timeWindow: number, step: number): number {
  return startTs + Math.max(1, Math.ceil(timeWindow / step)) * step;
}

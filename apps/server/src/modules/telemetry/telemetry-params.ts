import { AGGREGATIONS, type Aggregation, splitKeys } from '@sapo/common';
import { badRequest } from '../../lib/app-error.ts';
import type { AttributeScope, TsDeleteQuery } from './telemetry-types.ts';
import { planTsQuery, type PlannedTsQuery } from './ts-query-plan.ts';

/**
 * Query-string parsing of the telemetry REST calls (reference §4): every bad value is a 400 with
 * ThingsBoard's sentence where it has one, so nothing malformed reaches the stores. Pure.
 */

/** Query strings as Fastify hands them over (a repeated parameter arrives as an array). */
export type RawQuery = Record<string, string | string[] | undefined>;

/** @sapo/common's scopes in the order reads of every scope list them (a wire detail). */
export const ATTRIBUTE_SCOPES: readonly AttributeScope[] = ['CLIENT_SCOPE', 'SHARED_SCOPE', 'SERVER_SCOPE'];
/** Only the server may set client attributes (devices send them); users write these two. */
const WRITABLE_SCOPES: readonly AttributeScope[] = ['SERVER_SCOPE', 'SHARED_SCOPE'];

const isScope = (s: string, list: readonly AttributeScope[]): s is AttributeScope =>
  (list as readonly string[]).includes(s);

/** The last value of a parameter; an empty string counts as absent, as Spring treats it. */
export function param(q: RawQuery, name: string): string | undefined {
  const v = q[name];
  const one = Array.isArray(v) ? v[v.length - 1] : v;
  return one === undefined || one.trim() === '' ? undefined : one.trim();
}

/** An epoch-ms (or other whole-number) parameter. */
export function parseLong(q: RawQuery, name: string): number | undefined {
  const raw = param(q, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n)) {
    throw badRequest(`Invalid value of '${name}': must be an integer`);
  }
  return n;
}

function requiredLong(q: RawQuery, name: string): number {
  const n = parseLong(q, name);
  if (n === undefined) throw badRequest(`Parameter '${name}' can't be empty!`);
  return n;
}

const TRUE = new Set(['true', 'on', 'yes', '1']);
const FALSE = new Set(['false', 'off', 'no', '0']);

/** A boolean parameter, with the spellings Spring accepts. */
export function parseBool(q: RawQuery, name: string, fallback = false): boolean {
  const raw = param(q, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (TRUE.has(raw)) return true;
  if (FALSE.has(raw)) return false;
  throw badRequest(`Invalid value of '${name}': must be true or false`);
}

/** `values/timeseries` is a history read only when keys, startTs and endTs are all given. */
export function isHistoryRequest(q: RawQuery): boolean {
  return q.keys !== undefined && q.startTs !== undefined && q.endTs !== undefined;
}

function parseAgg(q: RawQuery): Aggregation {
  const raw = (param(q, 'agg') ?? 'NONE').toUpperCase();
  if (!(AGGREGATIONS as readonly string[]).includes(raw)) {
    throw badRequest(`Invalid value of 'agg': must be one of ${AGGREGATIONS.join(', ')}`);
  }
  return raw as Aggregation;
}

function parseOrder(q: RawQuery): 'ASC' | 'DESC' {
  const raw = (param(q, 'orderBy') ?? 'DESC').toUpperCase();
  if (raw !== 'ASC' && raw !== 'DESC') throw badRequest("Invalid value of 'orderBy': must be one of ASC, DESC");
  return raw;
}

/**
 * A history read: keys, [startTs, endTs), interval (0 forces agg NONE), limit, agg, orderBy — parsed
 * here, checked and planned by the planner every other path uses too.
 */
export function parseHistoryQuery(q: RawQuery): PlannedTsQuery {
  return planTsQuery({
    keys: splitKeys(param(q, 'keys')),
    startTs: requiredLong(q, 'startTs'),
    endTs: requiredLong(q, 'endTs'),
    interval: parseLong(q, 'interval') ?? 0,
    limit: parseLong(q, 'limit'),
    agg: parseAgg(q),
    orderBy: parseOrder(q),
  });
}

/** Keys a delete must name: missing → the standard message, blank → ThingsBoard's `Empty keys`. */
export function requiredKeys(q: RawQuery): string[] {
  const v = q.keys;
  const raw = Array.isArray(v) ? v.join(',') : v;
  if (raw === undefined) throw badRequest("Parameter 'keys' can't be empty!");
  const keys = splitKeys(raw);
  if (keys.length === 0) throw badRequest(`Empty keys: ${raw}`);
  return keys;
}

export function parseDeleteTsQuery(q: RawQuery): TsDeleteQuery {
  const keys = requiredKeys(q);
  const deleteAllDataForKeys = parseBool(q, 'deleteAllDataForKeys');
  const rewriteLatestIfDeleted = parseBool(q, 'rewriteLatestIfDeleted');
  if (deleteAllDataForKeys) return { keys, deleteAllDataForKeys, rewriteLatestIfDeleted };
  const startTs = parseLong(q, 'startTs');
  const endTs = parseLong(q, 'endTs');
  if (startTs === undefined || endTs === undefined) {
    throw badRequest("When deleteAllDataForKeys is false, start and end timestamp values shouldn't be empty");
  }
  return { keys, deleteAllDataForKeys, startTs, endTs, rewriteLatestIfDeleted };
}

/** A scope to read. */
export function readScope(raw: string): AttributeScope {
  if (!isScope(raw, ATTRIBUTE_SCOPES)) throw badRequest(`Invalid scope: ${raw}`);
  return raw;
}

/** A scope users may write: server or shared. */
export function writeScope(raw: string): AttributeScope {
  if (!isScope(raw, WRITABLE_SCOPES)) throw badRequest(`Invalid scope: ${raw}`);
  return raw;
}

/** A scope to delete from (client attributes may be deleted, as in ThingsBoard). */
export function deleteScope(raw: string): AttributeScope {
  if (!isScope(raw, ATTRIBUTE_SCOPES)) throw badRequest(`Invalid attribute scope: ${raw}`);
  return raw;
}

/** The `{ttl}` path segment (seconds); accepted and checked, not applied by the store yet. */
export function parseTtl(raw: string): number {
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw badRequest("Invalid value of 'ttl': must be a non-negative integer");
  }
  return Number(raw);
}

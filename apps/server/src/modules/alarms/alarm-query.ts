import {
  ALARM_QUERY_STATUS_LIST,
  ALARM_SEVERITY_LIST,
  ALARM_STATUSES_OF,
  type AlarmDataQuery,
  type AlarmQueryStatus,
  type AlarmStatus,
  type EntityDataQuery,
  type PageLink,
} from '@sapo/common';
import { badRequest } from '../../lib/app-error.ts';
import { ALARM_SORT_COLUMNS, type AlarmListFilter } from './alarm-list.repository.ts';

/** How many entities one alarm query (or subscription) follows: ThingsBoard's default allowedEntities. */
export const ALARM_QUERY_MAX_ENTITIES = 10000;
const MAX_PAGE_SIZE = 100_000;
const MAX_LIST = 100;

export interface ParsedAlarmQuery {
  /** The entity part, handed to the entity query service. */
  entities: EntityDataQuery;
  link: PageLink;
  filter: AlarmListFilter;
  /** Time window: re-evaluated against the clock on every run. */
  timeWindow: number;
  propagated: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function int(v: unknown, path: string, min: number, max: number, fallback: number): number {
  if (v === undefined || v === null) return fallback;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`Invalid alarm query: '${path}' must be an integer from ${min} to ${max}`);
  }
  return n;
}

function strings<T extends string>(v: unknown, path: string, allowed?: readonly T[]): T[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > MAX_LIST || !v.every((x) => typeof x === 'string' && x.length <= 255)) {
    throw badRequest(`Invalid alarm query: '${path}' must be a list of at most ${MAX_LIST} strings`);
  }
  if (allowed) {
    const bad = v.find((x) => !(allowed as readonly string[]).includes(x as string));
    if (bad !== undefined)
      throw badRequest(`Invalid alarm query: '${path}' has unknown value '${bad}'; allowed: ${allowed.join(', ')}`);
  }
  return [...new Set(v as T[])];
}

/** Display statuses matching any of the search statuses (empty = any). */
export function statusesOf(list: readonly AlarmQueryStatus[]): AlarmStatus[] {
  if (!list.length || list.includes('ANY')) return [];
  return [...new Set(list.flatMap((s) => ALARM_STATUSES_OF[s]))];
}

/** Checks an AlarmDataQuery (REST body or WebSocket command); a bad one is a 400 naming the field. */
export function parseAlarmQuery(raw: unknown): ParsedAlarmQuery {
  if (!isObj(raw)) throw badRequest('Invalid alarm query: the query must be an object');
  const q = raw as unknown as AlarmDataQuery & Record<string, unknown>;
  const pl: Record<string, unknown> = isObj(q.pageLink) ? q.pageLink : {};
  let sortProperty: string | undefined;
  let sortOrder: 'ASC' | 'DESC' = 'DESC';
  const so = pl.sortOrder;
  if (isObj(so)) {
    const key = isObj(so.key) ? so.key : {};
    if (typeof key.key === 'string' && key.key) {
      if (key.type !== undefined && key.type !== 'ALARM_FIELD') {
        // Alarm tables may sort by an entity column: the entity's name is the originator's name;
        // other entity keys (attributes, time series) fall back to the creation time.
        sortProperty = key.key === 'name' || key.key === 'label' ? 'originatorName' : 'createdTime';
      } else if (!ALARM_SORT_COLUMNS[key.key]) {
        throw badRequest(
          `Invalid alarm query: unsupported sort key '${key.key}'; allowed: ${Object.keys(ALARM_SORT_COLUMNS).join(', ')}`,
        );
      } else sortProperty = key.key;
    }
    if (so.direction !== undefined && so.direction !== 'ASC' && so.direction !== 'DESC') {
      throw badRequest("Invalid alarm query: 'pageLink.sortOrder.direction' must be ASC or DESC");
    }
    sortOrder = (so.direction as 'ASC' | 'DESC' | undefined) ?? 'ASC';
  }
  if (pl.textSearch !== undefined && pl.textSearch !== null && typeof pl.textSearch !== 'string') {
    throw badRequest("Invalid alarm query: 'pageLink.textSearch' must be a string");
  }
  const link: PageLink = {
    page: int(pl.page, 'pageLink.page', 0, 1_000_000, 0),
    pageSize: int(pl.pageSize, 'pageLink.pageSize', 1, MAX_PAGE_SIZE, 10),
    textSearch: (pl.textSearch as string | undefined) || undefined,
    sortProperty: sortProperty ?? 'createdTime',
    sortOrder: sortProperty ? sortOrder : 'DESC',
  };
  const statusList = strings<AlarmQueryStatus>(pl.statusList, 'pageLink.statusList', ALARM_QUERY_STATUS_LIST);
  return {
    entities: {
      entityFilter: q.entityFilter as EntityDataQuery['entityFilter'],
      keyFilters: (q.keyFilters ?? null) as EntityDataQuery['keyFilters'],
      entityFields: (q.entityFields ?? null) as EntityDataQuery['entityFields'],
      latestValues: (q.latestValues ?? null) as EntityDataQuery['latestValues'],
      pageLink: { page: 0, pageSize: ALARM_QUERY_MAX_ENTITIES },
    },
    link,
    filter: {
      statuses: statusesOf(statusList),
      startTime: int(pl.startTs, 'pageLink.startTs', 0, Number.MAX_SAFE_INTEGER, 0),
      endTime: int(pl.endTs, 'pageLink.endTs', 0, Number.MAX_SAFE_INTEGER, 0),
      typeList: strings(pl.typeList, 'pageLink.typeList'),
      severityList: strings(pl.severityList, 'pageLink.severityList', ALARM_SEVERITY_LIST),
    },
    timeWindow: int(pl.timeWindow, 'pageLink.timeWindow', 0, Number.MAX_SAFE_INTEGER, 0),
    propagated: pl.searchPropagatedAlarms === true,
  };
}

/** The time filter of one run: a time window counts back from now (ThingsBoard), else startTs/endTs. */
export function timeFilter(p: ParsedAlarmQuery, now: number): AlarmListFilter {
  if (p.timeWindow > 0) return { ...p.filter, startTime: now - p.timeWindow, endTime: now };
  return p.filter;
}

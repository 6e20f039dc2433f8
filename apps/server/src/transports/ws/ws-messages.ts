import { dict, type AlarmData, type EntityData, type PageData } from '@sapo/common';

/**
 * The server → client message shapes of /api/ws/plugins/telemetry (reference §5): v1
 * TelemetrySubscriptionUpdate and v2 EntityDataUpdate / EntityCountUpdate.
 */

/** ThingsBoard's SubscriptionErrorCode values. */
export const WsErrorCode = { NO_ERROR: 0, INTERNAL_ERROR: 1, BAD_REQUEST: 2, UNAUTHORIZED: 3 } as const;

export const WsMessages = {
  parseFailed: 'Failed to parse websocket command!',
  deviceIdEmpty: 'Device id is empty!',
  keysEmpty: 'Keys are empty!',
  fetchData: 'Failed to fetch data!',
  fetchAttributes: 'Failed to fetch attributes!',
  negativeCmdId: 'Cmd id is negative value!',
  queryEmpty: 'Query is empty!',
  unauthorized: 'Unauthorized',
  internal: 'Internal Server error!',
  badRequest: 'Bad request',
  maxPending: 'Max pending updates limit reached!',
  maxSubscriptions: 'Max subscriptions limit reached!',
  authTimeout: 'Authentication timeout',
  authRequired: 'Authentication required',
} as const;

/** A point as v1 and v2 send it: the value is always a string (getValueAsString). */
export interface WsPoint {
  key: string;
  ts: number;
  value: string;
}

export interface TelemetrySubscriptionUpdate {
  subscriptionId: number;
  errorCode: number;
  errorMsg: string | null;
  data: Record<string, [number, string][]> | null;
  latestValues: Record<string, number>;
}

/**
 * A v1 update: points grouped per key (keys sorted, as ThingsBoard's TreeMap), each list in the
 * given order; `latestValues` is the ts of the last element of each list, as ThingsBoard's getter.
 */
export function tsUpdate(subscriptionId: number, points: readonly WsPoint[]): TelemetrySubscriptionUpdate {
  const grouped = new Map<string, [number, string][]>();
  for (const p of points) {
    let list = grouped.get(p.key);
    if (!list) grouped.set(p.key, (list = []));
    list.push([p.ts, p.value]);
  }
  const data = dict<[number, string][]>();
  const latestValues = dict<number>();
  for (const key of [...grouped.keys()].sort()) {
    const list = grouped.get(key) ?? [];
    data[key] = list;
    const last = list[list.length - 1];
    if (last) latestValues[key] = last[0];
  }
  return { subscriptionId, errorCode: WsErrorCode.NO_ERROR, errorMsg: null, data, latestValues };
}

/** ThingsBoard's TOO_MANY_UPDATES error (34), sent instead of updates over a session's rate limit. */
export const TOO_MANY_UPDATES = 34;

/** The one message a session over its update rate gets, for the update it could not send. */
export function tooManyUpdates(dropped: unknown) {
  const m = (typeof dropped === 'object' && dropped !== null ? dropped : {}) as Record<string, unknown>;
  const id = typeof m.subscriptionId === 'number' ? m.subscriptionId : typeof m.cmdId === 'number' ? m.cmdId : 0;
  return { subscriptionId: id, errorCode: TOO_MANY_UPDATES, errorMsg: 'Too many updates!' };
}

export function errorUpdate(subscriptionId: number, errorCode: number, errorMsg: string): TelemetrySubscriptionUpdate {
  return { subscriptionId, errorCode, errorMsg, data: null, latestValues: {} };
}

/** An EntityData of an `update`: only what changed (latest values or new points), the rest null. */
export interface EntityDataDelta {
  entityId: EntityData['entityId'];
  latest: EntityData['latest'] | null;
  timeseries: EntityData['timeseries'] | null;
}

/** How many entities one data subscription may follow (ThingsBoard's default, sent as allowedEntities). */
export const ALLOWED_ENTITIES = 10000;

export function entityDataUpdate(
  cmdId: number,
  data: PageData<EntityData> | null,
  update: readonly (EntityData | EntityDataDelta)[] | null,
) {
  return {
    cmdId,
    cmdUpdateType: 'ENTITY_DATA',
    errorCode: WsErrorCode.NO_ERROR,
    errorMsg: null,
    allowedEntities: ALLOWED_ENTITIES,
    data,
    update,
  };
}

export function entityDataError(cmdId: number, errorCode: number, errorMsg: string) {
  return {
    cmdId,
    cmdUpdateType: 'ENTITY_DATA',
    errorCode,
    errorMsg,
    allowedEntities: ALLOWED_ENTITIES,
    data: null,
    update: null,
  };
}

export function countUpdate(cmdId: number, count: number) {
  return { cmdId, cmdUpdateType: 'COUNT_DATA', count, errorCode: WsErrorCode.NO_ERROR, errorMsg: null };
}

export function countError(cmdId: number, errorCode: number, errorMsg: string) {
  return { cmdId, cmdUpdateType: 'COUNT_DATA', count: 0, errorCode, errorMsg };
}

/** ALARM_DATA (reference §5): `data` is a whole page (first reply and refreshed pages), `update` changed rows. */
export function alarmDataUpdate(
  cmdId: number,
  data: PageData<AlarmData> | null,
  update: readonly AlarmData[] | null,
  totalEntities: number,
) {
  return {
    cmdId,
    cmdUpdateType: 'ALARM_DATA',
    data,
    update,
    allowedEntities: ALLOWED_ENTITIES,
    totalEntities,
    errorCode: WsErrorCode.NO_ERROR,
    errorMsg: null,
  };
}

export function alarmDataError(cmdId: number, errorCode: number, errorMsg: string) {
  return {
    cmdId,
    cmdUpdateType: 'ALARM_DATA',
    data: null,
    update: null,
    allowedEntities: ALLOWED_ENTITIES,
    totalEntities: 0,
    errorCode,
    errorMsg,
  };
}

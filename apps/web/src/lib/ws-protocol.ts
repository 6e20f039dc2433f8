/**
 * The pure half of the telemetry WebSocket client (reference §5): which command array a subscription
 * goes in, how commands are cut into frames, and which subscription a server message belongs to.
 * No sockets and no timers here, so every rule is unit-tested.
 */
import { dict } from '@sapo/common';

import type { AttributeScope } from '@sapo/common';
export type { AttributeScope };
export type TelemetryScope = AttributeScope | 'LATEST_TELEMETRY';

interface EntityTarget {
  entityType: string;
  entityId: string;
}

/** v1 subscriptions: the server echoes our cmdId as `subscriptionId`. */
export type WsCommand =
  | ({ type: 'ATTRIBUTES'; scope?: AttributeScope; keys?: string } & EntityTarget)
  | ({
      type: 'TIMESERIES';
      /** Comma-separated; none = every key, new ones included. */
      keys?: string;
      startTs?: number;
      /** > 0: the first reply is the history of [startTs, startTs + timeWindow), then live values. */
      timeWindow?: number;
      interval?: number;
      limit?: number;
      agg?: string;
    } & EntityTarget)
  | ({
      type: 'HISTORY';
      keys: string;
      startTs: number;
      endTs: number;
      interval?: number;
      limit?: number;
      agg?: string;
    } & EntityTarget)
  /** v2: the body (query, latestCmd, tsCmd, …) as the server expects it, without cmdId. */
  | { type: 'ENTITY_DATA' | 'ENTITY_COUNT' | 'ALARM_DATA'; cmd: Record<string, unknown> };

export type CmdArray =
  | 'attrSubCmds'
  | 'tsSubCmds'
  | 'historyCmds'
  | 'entityDataCmds'
  | 'entityDataUnsubscribeCmds'
  | 'alarmDataCmds'
  | 'alarmDataUnsubscribeCmds'
  | 'entityCountCmds'
  | 'entityCountUnsubscribeCmds';

/** One command on its way out: the array it belongs in and its body. */
export interface OutgoingCmd {
  array: CmdArray;
  body: Record<string, unknown>;
}

export type WsFrame = Partial<Record<CmdArray, Record<string, unknown>[]>>;

/** The client never puts more than this many commands in one frame (reference §5). */
export const MAX_CMDS_PER_FRAME = 10;

const V2_ARRAYS = {
  ENTITY_DATA: ['entityDataCmds', 'entityDataUnsubscribeCmds'],
  ENTITY_COUNT: ['entityCountCmds', 'entityCountUnsubscribeCmds'],
  ALARM_DATA: ['alarmDataCmds', 'alarmDataUnsubscribeCmds'],
} as const satisfies Record<string, readonly [CmdArray, CmdArray]>;

/** Drops undefined fields, so a frame carries only what was asked. */
function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** True for commands answered once (history): they need no unsubscribe and end after their reply. */
export function isOneShot(command: WsCommand): boolean {
  return command.type === 'HISTORY';
}

/** The command's fields as the server reads them: everything but our `type` tag, none undefined. */
function fields(command: WsCommand): Record<string, unknown> {
  return defined(Object.fromEntries(Object.entries(command).filter(([name]) => name !== 'type')));
}

/** The command that starts `command` under `cmdId`. */
export function subscribeCmd(command: WsCommand, cmdId: number): OutgoingCmd {
  switch (command.type) {
    case 'ATTRIBUTES':
      return { array: 'attrSubCmds', body: { cmdId, ...fields(command), unsubscribe: false } };
    case 'TIMESERIES':
      return { array: 'tsSubCmds', body: { cmdId, scope: 'LATEST_TELEMETRY', ...fields(command), unsubscribe: false } };
    case 'HISTORY':
      return { array: 'historyCmds', body: { cmdId, ...fields(command) } };
    default:
      return { array: V2_ARRAYS[command.type][0], body: { ...command.cmd, cmdId } };
  }
}

/** The command that ends `command` (null for one-shot history). */
export function unsubscribeCmd(command: WsCommand, cmdId: number): OutgoingCmd | null {
  switch (command.type) {
    case 'ATTRIBUTES':
      return {
        array: 'attrSubCmds',
        body: { cmdId, entityType: command.entityType, entityId: command.entityId, unsubscribe: true },
      };
    case 'TIMESERIES':
      return {
        array: 'tsSubCmds',
        body: { cmdId, entityType: command.entityType, entityId: command.entityId, unsubscribe: true },
      };
    case 'HISTORY':
      return null;
    default:
      return { array: V2_ARRAYS[command.type][1], body: { cmdId } };
  }
}

/**
 * Cuts commands into frames of at most `max` commands in total, in order. Order matters: an
 * unsubscribe queued after a subscribe of the same cmdId must not overtake it.
 */
export function buildFrames(cmds: readonly OutgoingCmd[], max = MAX_CMDS_PER_FRAME): WsFrame[] {
  const frames: WsFrame[] = [];
  for (let start = 0; start < cmds.length; start += max) {
    const frame: WsFrame = {};
    for (const { array, body } of cmds.slice(start, start + max)) (frame[array] ??= []).push(body);
    frames.push(frame);
  }
  return frames;
}

/** v1 data: key → [ts, value] pairs (values are strings). */
export type TsData = Record<string, [number, string][]>;

/** A server message, classified. */
export type RoutedMessage =
  | { kind: 'v1'; id: number; errorCode: number; errorMsg: string | null; data: TsData }
  | { kind: 'v2'; id: number; errorCode: number; errorMsg: string | null; message: Record<string, unknown> }
  /** Not about one subscription (subscriptionId 0: e.g. 'Failed to parse websocket command!'). */
  | { kind: 'session-error'; errorCode: number; errorMsg: string | null }
  | { kind: 'unknown' };

const asObject = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Keeps only well-formed `[ts, value]` pairs; a value that is not a string is written as one. */
function tsData(raw: unknown): TsData {
  // Keys are the devices' own: `__proto__` or `constructor` must stay ordinary keys.
  const out: TsData = dict();
  for (const [key, list] of Object.entries(asObject(raw) ?? {})) {
    if (!Array.isArray(list)) continue;
    out[key] = list
      .filter((pair): pair is [number, unknown] => Array.isArray(pair) && typeof pair[0] === 'number')
      .map(([ts, value]) => [ts, typeof value === 'string' ? value : JSON.stringify(value)]);
  }
  return out;
}

/**
 * Routes a parsed message like ThingsBoard's UI: messages with `cmdUpdateType` are v2 and belong
 * to their `cmdId`; the others are v1 and belong to their `subscriptionId`.
 */
export function routeMessage(raw: unknown): RoutedMessage {
  const message = asObject(raw);
  if (!message) return { kind: 'unknown' };
  const errorCode = typeof message.errorCode === 'number' ? message.errorCode : 0;
  const errorMsg = typeof message.errorMsg === 'string' ? message.errorMsg : null;
  if (typeof message.cmdUpdateType === 'string' && typeof message.cmdId === 'number') {
    return { kind: 'v2', id: message.cmdId, errorCode, errorMsg, message };
  }
  if (typeof message.subscriptionId === 'number') {
    if (message.subscriptionId <= 0) return { kind: 'session-error', errorCode, errorMsg };
    return { kind: 'v1', id: message.subscriptionId, errorCode, errorMsg, data: tsData(message.data) };
  }
  return { kind: 'unknown' };
}

/** Reconnect delays: 1 s doubling to 30 s, with up to 20 % jitter so tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

/** ws:// or wss:// like the page, with the access token in the query (reference §5). */
export function telemetryWsUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/ws/plugins/telemetry?token=${encodeURIComponent(token)}`;
}

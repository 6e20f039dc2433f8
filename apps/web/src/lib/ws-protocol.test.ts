import { describe, expect, it } from 'vitest';
import {
  buildFrames,
  reconnectDelay,
  routeMessage,
  subscribeCmd,
  telemetryWsUrl,
  unsubscribeCmd,
  type WsCommand,
} from './ws-protocol';

const device = { entityType: 'DEVICE', entityId: 'd1' };

describe('ws protocol: commands', () => {
  it('puts each subscription in its array with the cmdId, without undefined fields', () => {
    expect(subscribeCmd({ type: 'ATTRIBUTES', ...device, scope: 'SERVER_SCOPE' }, 3)).toEqual({
      array: 'attrSubCmds',
      body: { cmdId: 3, entityType: 'DEVICE', entityId: 'd1', scope: 'SERVER_SCOPE', unsubscribe: false },
    });
    expect(subscribeCmd({ type: 'TIMESERIES', ...device }, 4)).toEqual({
      array: 'tsSubCmds',
      body: { cmdId: 4, entityType: 'DEVICE', entityId: 'd1', scope: 'LATEST_TELEMETRY', unsubscribe: false },
    });
    expect(
      subscribeCmd({ type: 'HISTORY', ...device, keys: 't', startTs: 1, endTs: 2, agg: 'AVG', interval: 1 }, 5),
    ).toEqual({
      array: 'historyCmds',
      body: {
        cmdId: 5,
        entityType: 'DEVICE',
        entityId: 'd1',
        keys: 't',
        startTs: 1,
        endTs: 2,
        agg: 'AVG',
        interval: 1,
      },
    });
    expect(subscribeCmd({ type: 'ENTITY_DATA', cmd: { query: { a: 1 } } }, 6)).toEqual({
      array: 'entityDataCmds',
      body: { query: { a: 1 }, cmdId: 6 },
    });
  });

  it('ends v1 subscriptions with unsubscribe:true, v2 with the unsubscribe array, history not at all', () => {
    expect(unsubscribeCmd({ type: 'TIMESERIES', ...device, keys: 'a' }, 4)).toEqual({
      array: 'tsSubCmds',
      body: { cmdId: 4, entityType: 'DEVICE', entityId: 'd1', unsubscribe: true },
    });
    expect(unsubscribeCmd({ type: 'ENTITY_COUNT', cmd: {} }, 7)).toEqual({
      array: 'entityCountUnsubscribeCmds',
      body: { cmdId: 7 },
    });
    expect(unsubscribeCmd({ type: 'HISTORY', ...device, keys: 't', startTs: 1, endTs: 2 }, 5)).toBeNull();
  });

  it('sends at most 10 commands per frame, in order', () => {
    const commands: WsCommand[] = Array.from({ length: 23 }, (_, i) =>
      i % 2 ? { type: 'ATTRIBUTES', ...device } : { type: 'TIMESERIES', ...device },
    );
    const frames = buildFrames(commands.map((c, i) => subscribeCmd(c, i + 1)));
    expect(frames).toHaveLength(3);
    const count = (frame: (typeof frames)[number]) => Object.values(frame).reduce((n, list) => n + list.length, 0);
    expect(frames.map(count)).toEqual([10, 10, 3]);
    expect(frames[0]?.tsSubCmds?.map((c) => c.cmdId)).toEqual([1, 3, 5, 7, 9]);
    expect(frames[2]?.tsSubCmds?.map((c) => c.cmdId)).toEqual([21, 23]);
    expect(buildFrames([])).toEqual([]);
  });
});

describe('ws protocol: replies', () => {
  it('routes v1 replies by subscriptionId and keeps [ts, value] pairs as strings', () => {
    const routed = routeMessage({
      subscriptionId: 2,
      errorCode: 0,
      errorMsg: null,
      data: {
        t: [
          [10, '21.5'],
          [5, 21],
        ],
        bad: 'x',
        junk: [['no-ts', 'v']],
      },
      latestValues: { t: 10 },
    });
    expect(routed).toEqual({
      kind: 'v1',
      id: 2,
      errorCode: 0,
      errorMsg: null,
      data: {
        t: [
          [10, '21.5'],
          [5, '21'],
        ],
        junk: [],
      },
    });
  });

  it('keeps keys named like Object.prototype members as ordinary keys', () => {
    const raw = JSON.parse('{"subscriptionId":3,"errorCode":0,"data":{"__proto__":[[1,"a"]],"constructor":[[2,"b"]]}}');
    const routed = routeMessage(raw);
    if (routed.kind !== 'v1') throw new Error(`not v1: ${routed.kind}`);
    expect(Object.keys(routed.data).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(routed.data, '__proto__')?.value).toEqual([[1, 'a']]);
    expect(routed.data.constructor).toEqual([[2, 'b']]);
  });

  it('routes messages with cmdUpdateType by cmdId (v2), and subscriptionId 0 as a session error', () => {
    const v2 = { cmdId: 9, cmdUpdateType: 'COUNT_DATA', count: 3, errorCode: 0, errorMsg: null };
    expect(routeMessage(v2)).toEqual({ kind: 'v2', id: 9, errorCode: 0, errorMsg: null, message: v2 });
    expect(routeMessage({ subscriptionId: 0, errorCode: 2, errorMsg: 'Failed to parse websocket command!' })).toEqual({
      kind: 'session-error',
      errorCode: 2,
      errorMsg: 'Failed to parse websocket command!',
    });
    expect(routeMessage('nope')).toEqual({ kind: 'unknown' });
  });

  it('backs off from 1 s doubling to at most 30 s plus jitter', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => reconnectDelay(attempt, none))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });

  it('builds the socket URL like the page (wss behind https), token in the query', () => {
    expect(telemetryWsUrl({ protocol: 'http:', host: 'h:8080' }, 'a.b.c')).toBe(
      'ws://h:8080/api/ws/plugins/telemetry?token=a.b.c',
    );
    expect(telemetryWsUrl({ protocol: 'https:', host: 'h' }, 'x')).toBe('wss://h/api/ws/plugins/telemetry?token=x');
  });
});

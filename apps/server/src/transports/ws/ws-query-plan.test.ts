import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKvObject } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../../modules/devices/devices-fixtures.ts';
import type { Originator } from '../../modules/telemetry/telemetry-types.ts';
import { intervalsMessage } from '../../modules/telemetry/ts-query-plan.ts';
import { WsTestClient, wsUrl, type Msg } from './ws-test-client.ts';
import { scaled } from '../../test/timeouts.ts';

// The probe's frame: 1 ms buckets from 1970 to now. Before the shared planner it was planned without
// the 700-bucket cap and the process ran out of memory; each test waits briefly for the error reply
// (a server that computes instead fails the wait, or dies) and then checks the socket still works.
const NOW = Date.now();
const TOO_MANY = intervalsMessage(Math.trunc(NOW / 1000));
const QUICK_MS = 3000;
const T0 = 1_700_000_000_000;

let t: TestApp;
let url: string;
let dev: Originator;

const save = (ts: number, values: Record<string, unknown>) =>
  t.app.services.telemetry.saveTimeseries(dev, [{ ts, values: parseKvObject(values) }]);

const query = {
  entityFilter: { type: 'deviceType', deviceType: 'planned', deviceNameFilter: '' },
  entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
  latestValues: [],
  pageLink: {
    pageSize: 10,
    page: 0,
    sortOrder: { key: { type: 'ENTITY_FIELD', key: 'createdTime' }, direction: 'ASC' },
  },
};

const v1 = (cmdId: number, fields: Record<string, unknown>) => ({
  cmdId,
  entityType: 'DEVICE',
  entityId: dev.id,
  keys: 'temperature',
  ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  const token = (await t.demoTokens()).tenant;
  const d = await createDevice(t, token, { name: 'Planned', type: 'planned' });
  dev = { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
  for (let i = 0; i < 3; i++) await save(T0 + i * 1000, { temperature: 20 + i });
  url = `${await wsUrl(t)}?token=${token}`;
});
afterAll(() => t.close());

describe('WebSocket time-series commands share the query planner', () => {
  it(
    'v1: refuses historyCmds and tsSubCmds of too many buckets at once; the socket keeps working',
    async () => {
      const ws = await WsTestClient.connect(url);
      ws.send({ tsSubCmds: [v1(1, { scope: 'LATEST_TELEMETRY' })] });
      await ws.sub(1);

      ws.send({ historyCmds: [v1(2, { startTs: 0, endTs: NOW, interval: 1, limit: 100, agg: 'AVG' })] });
      expect(await ws.sub(2, QUICK_MS)).toEqual({
        subscriptionId: 2,
        errorCode: 2,
        errorMsg: TOO_MANY,
        data: null,
        latestValues: {},
      });
      ws.send({ tsSubCmds: [v1(3, { startTs: 0, timeWindow: NOW, interval: 1, limit: 100, agg: 'AVG' })] });
      expect(await ws.sub(3, QUICK_MS)).toMatchObject({ subscriptionId: 3, errorCode: 2, errorMsg: TOO_MANY });

      // The other subscription still streams; the refused one was never made.
      await save(T0 + 60_000, { temperature: 30 });
      expect((await ws.sub(1)).data).toEqual({ temperature: [[T0 + 60_000, '30']] });
      await ws.nothingFor(3);
      ws.send({ historyCmds: [v1(4, { startTs: T0, endTs: T0 + 2000, interval: 1000, agg: 'MAX' })] });
      expect((await ws.sub(4)).data).toEqual({
        temperature: [
          [T0 + 500, '20'],
          [T0 + 1500, '21'],
        ],
      });
      ws.close();
    },
    scaled(20_000),
  );

  it(
    'v2: refuses a historyCmd and a tsCmd (realtime aggregated) of too many buckets with the command error',
    async () => {
      const ws = await WsTestClient.connect(url);
      const historyCmd = { keys: ['temperature'], startTs: 0, endTs: NOW, interval: 1, limit: 100, agg: 'AVG' };
      ws.send({ entityDataCmds: [{ cmdId: 10, query, historyCmd }] });
      expect(await ws.sub(10, QUICK_MS)).toMatchObject({
        cmdId: 10,
        cmdUpdateType: 'ENTITY_DATA',
        errorCode: 2,
        errorMsg: TOO_MANY,
        data: null,
      });

      const tsCmd = { keys: ['temperature'], startTs: 0, timeWindow: NOW, interval: 1, limit: 100, agg: 'AVG' };
      ws.send({ entityDataCmds: [{ cmdId: 11, query, tsCmd }] });
      // A live aggregated window ends on whole buckets: one more than the truncated count.
      const wholeBuckets = intervalsMessage(Math.ceil(NOW / 1000));
      expect(await ws.sub(11, QUICK_MS)).toMatchObject({ cmdId: 11, errorCode: 2, errorMsg: wholeBuckets });
      // A realtime window of 30 days at 1 s: whole buckets, 2,592,000 of them.
      const month = { ...tsCmd, startTs: NOW - 30 * 86_400_000, timeWindow: 30 * 86_400_000, interval: 1000 };
      ws.send({ entityDataCmds: [{ cmdId: 12, query, tsCmd: month }] });
      expect(await ws.sub(12, QUICK_MS)).toMatchObject({
        cmdId: 12,
        errorCode: 2,
        errorMsg: intervalsMessage(2_592_000),
      });

      // The same socket still answers an ordinary window.
      const fine = { ...tsCmd, startTs: T0, timeWindow: 3000, interval: 1000 };
      ws.send({ entityDataCmds: [{ cmdId: 13, query, tsCmd: fine }] });
      const ok: Msg = await ws.sub(13);
      expect(ok.errorCode).toBe(0);
      expect(ok.data.data[0].timeseries.temperature).toEqual([
        { ts: T0 + 500, value: '20.0' },
        { ts: T0 + 1500, value: '21.0' },
        { ts: T0 + 2500, value: '22.0' },
      ]);
      await ws.nothingFor(11);
      ws.close();
    },
    scaled(20_000),
  );

  it(
    'caps a huge raw limit, and refuses bad numbers and too many keys with their reason',
    async () => {
      const ws = await WsTestClient.connect(url);
      ws.send({ historyCmds: [v1(20, { startTs: T0, endTs: T0 + 3000, limit: 1e12 })] });
      expect((await ws.sub(20, QUICK_MS)).data.temperature).toHaveLength(3);

      ws.send({ historyCmds: [v1(21, { startTs: T0, endTs: T0 + 3000, limit: -5 })] });
      expect(await ws.sub(21, QUICK_MS)).toMatchObject({
        errorCode: 2,
        errorMsg: "Invalid value of 'limit': must be a positive integer",
      });
      ws.send({ historyCmds: [v1(22, { startTs: T0 + 0.5, endTs: T0 + 3000 })] });
      expect(await ws.sub(22, QUICK_MS)).toMatchObject({
        errorCode: 2,
        errorMsg: "Invalid value of 'startTs': must be an integer",
      });
      const keys = Array.from({ length: 101 }, (_, i) => `k${i}`);
      ws.send({ historyCmds: [v1(23, { keys: keys.join(','), startTs: T0, endTs: T0 + 3000 })] });
      expect(await ws.sub(23, QUICK_MS)).toMatchObject({
        errorCode: 2,
        errorMsg: 'Incorrect TsKvQuery. Number of keys is too high - 101. At most 100 keys can be read at once.',
      });
      ws.send({ entityDataCmds: [{ cmdId: 24, query, historyCmd: { keys, startTs: T0, endTs: T0 + 3000 } }] });
      expect(await ws.sub(24, QUICK_MS)).toMatchObject({ cmdId: 24, cmdUpdateType: 'ENTITY_DATA', errorCode: 2 });
      ws.close();
    },
    scaled(20_000),
  );

  it(
    'keeps a realtime aggregated window under one second on the 1 s grid it was first read on',
    async () => {
      const ws = await WsTestClient.connect(url);
      const start = T0 + 100_000;
      await save(start + 200, { humidity: 10 });
      const tsCmd = { keys: ['humidity'], startTs: start, timeWindow: 2000, interval: 500, limit: 100, agg: 'AVG' };
      ws.send({ entityDataCmds: [{ cmdId: 30, query, tsCmd }] });
      expect((await ws.sub(30)).data.data[0].timeseries.humidity).toEqual([{ ts: start + 500, value: '10.0' }]);
      // A later value of the same second is sent as that bucket's new value, at the same timestamp.
      await save(start + 700, { humidity: 20 });
      expect((await ws.sub(30)).update[0].timeseries).toEqual({ humidity: [{ ts: start + 500, value: '15.0' }] });
      ws.close();
    },
    scaled(20_000),
  );
});

describe('the store behind every path', () => {
  it(
    'refuses a query no path planned, instead of computing it',
    async () => {
      const unplanned = { keys: ['temperature'], startTs: 0, endTs: NOW, interval: 1, limit: 100, agg: 'AVG' as const };
      const started = performance.now();
      await expect(t.app.services.telemetry.history(dev.id, { ...unplanned, orderBy: 'ASC' })).rejects.toMatchObject({
        status: 400,
        errorCode: 31,
        message: TOO_MANY,
      });
      expect(performance.now() - started).toBeLessThan(QUICK_MS);
      // Within the limits it reads, with a raw limit cut to the server's maximum.
      const raw = await t.app.services.telemetry.history(dev.id, {
        ...unplanned,
        interval: 0,
        limit: 1e12,
        orderBy: 'ASC',
      });
      expect(raw.temperature?.map((p) => p.ts).slice(0, 3)).toEqual([T0, T0 + 1000, T0 + 2000]);
    },
    scaled(20_000),
  );
});

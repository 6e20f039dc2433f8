import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseKvObject } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../../modules/devices/devices-fixtures.ts';
import type { Originator } from '../../modules/telemetry/telemetry-types.ts';
import { WsTestClient, wsUrl, type Msg } from './ws-test-client.ts';

let t: TestApp;
let url: string;
let tenantToken: string;
let a: Originator;
let b: Originator;
const T0 = 1_700_000_000_000;

const save = (o: Originator, ts: number, values: Record<string, unknown>) =>
  t.app.services.telemetry.saveTimeseries(o, [{ ts, values: parseKvObject(values) }]);

const query = (dynamic = false) => ({
  entityFilter: { type: 'deviceType', deviceType: 'thermo', deviceNameFilter: '' },
  entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
  latestValues: [{ type: 'TIME_SERIES', key: 'temperature' }],
  pageLink: {
    pageSize: 10,
    page: 0,
    dynamic,
    sortOrder: { key: { type: 'ENTITY_FIELD', key: 'createdTime' }, direction: 'ASC' },
  },
});

/** The entity data of one device in a v2 message's page or update. */
const entity = (list: Msg[], o: Originator) => list.find((d: Msg) => d.entityId.id === o.id);

beforeAll(async () => {
  // Counts and dynamic queries re-run on an interval: tests move it by hand.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp();
  tenantToken = (await t.demoTokens()).tenant;
  const mk = async (name: string) => {
    const d = await createDevice(t, tenantToken, { name, type: 'thermo' });
    return { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
  };
  a = await mk('Thermo A');
  b = await mk('Thermo B');
  for (let i = 0; i < 3; i++) await save(a, T0 + i * 1000, { temperature: 20 + i });
  await save(b, T0, { temperature: 30, humidity: 40 });
  url = `${await wsUrl(t)}?token=${tenantToken}`;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('WebSocket v2 entity data subscriptions', () => {
  it('sends the page with latest values, then updates carrying only what changed', async () => {
    const ws = await WsTestClient.connect(url);
    ws.send({
      entityDataCmds: [
        {
          cmdId: 1,
          query: query(),
          latestCmd: {
            keys: [
              { type: 'TIME_SERIES', key: 'temperature' },
              { type: 'SERVER_ATTRIBUTE', key: 'threshold' },
            ],
          },
        },
      ],
    });
    const first = await ws.sub(1);
    expect(first).toMatchObject({ cmdId: 1, cmdUpdateType: 'ENTITY_DATA', errorCode: 0, update: null });
    expect(first.data).toMatchObject({ totalElements: 2, totalPages: 1, hasNext: false });
    expect(first.data.data.map((d: Msg) => d.latest.ENTITY_FIELD.name.value)).toEqual(['Thermo A', 'Thermo B']);
    expect(entity(first.data.data, a).latest.TIME_SERIES.temperature).toEqual({ ts: T0 + 2000, value: '22' });
    expect(entity(first.data.data, b).latest.SERVER_ATTRIBUTE.threshold).toEqual({ ts: 0, value: '' });

    await save(b, T0 + 5000, { temperature: 31.5, humidity: 41 });
    const upd = await ws.sub(1);
    expect(upd.data).toBeNull();
    expect(upd.update).toEqual([
      {
        entityId: { entityType: 'DEVICE', id: b.id },
        latest: { TIME_SERIES: { temperature: { ts: T0 + 5000, value: '31.5' } } },
        timeseries: null,
      },
    ]);
    await t.app.services.attributeStore.save(a, 'SERVER_SCOPE', parseKvObject({ threshold: 25 }), T0 + 6000);
    expect((await ws.sub(1)).update[0].latest).toEqual({
      SERVER_ATTRIBUTE: { threshold: { ts: T0 + 6000, value: '25' } },
    });
    // Keys nobody asked for make no update.
    await save(b, T0 + 7000, { humidity: 42 });
    await ws.nothingFor(1);

    ws.send({ entityDataUnsubscribeCmds: [{ cmdId: 1 }] });
    ws.send({ entityDataCmds: [{ cmdId: 99, query: query() }] });
    await ws.sub(99);
    await save(a, T0 + 8000, { temperature: 1 });
    await ws.nothingFor(1);
    ws.close();
  });

  it('sends a time window per entity newest first, then live points', async () => {
    const ws = await WsTestClient.connect(url);
    ws.send({
      entityDataCmds: [
        {
          cmdId: 2,
          query: query(),
          tsCmd: { keys: ['temperature'], startTs: T0, timeWindow: 2500, interval: 0, limit: 100, agg: 'NONE' },
        },
      ],
    });
    const first = await ws.sub(2);
    expect(entity(first.data.data, a).timeseries.temperature).toEqual([
      { ts: T0 + 2000, value: '22' },
      { ts: T0 + 1000, value: '21' },
      { ts: T0, value: '20' },
    ]);
    expect(entity(first.data.data, b).timeseries.temperature).toEqual([{ ts: T0, value: '30' }]);
    await save(a, T0 + 9000, { temperature: 23 });
    expect((await ws.sub(2)).update).toEqual([
      {
        entityId: { entityType: 'DEVICE', id: a.id },
        latest: null,
        timeseries: { temperature: [{ ts: T0 + 9000, value: '23' }] },
      },
    ]);
    ws.close();
  });

  it('keeps an aggregated window aggregated: a new value is sent as the new value of its bucket', async () => {
    await save(a, T0 + 100, { pressure: 10 });
    await save(a, T0 + 600, { pressure: 20 });
    const ws = await WsTestClient.connect(url);
    const tsCmd = { keys: ['pressure'], startTs: T0, timeWindow: 2500, interval: 1000, limit: 100, agg: 'AVG' };
    ws.send({ entityDataCmds: [{ cmdId: 12, query: query(), tsCmd }] });
    const first = await ws.sub(12);
    // Whole buckets: the last one is not cut at the window's end, so later values land on the same grid.
    expect(entity(first.data.data, a).timeseries.pressure).toEqual([{ ts: T0 + 500, value: '15.0' }]);
    await save(a, T0 + 2100, { pressure: 40 });
    expect((await ws.sub(12)).update[0].timeseries).toEqual({ pressure: [{ ts: T0 + 2500, value: '40.0' }] });
    await save(a, T0 + 700, { pressure: 30 });
    expect((await ws.sub(12)).update[0].timeseries).toEqual({ pressure: [{ ts: T0 + 500, value: '20.0' }] });
    ws.close();
  });

  it('answers a historyCmd once, and a follow-up cmd without the query as an update', async () => {
    const ws = await WsTestClient.connect(url);
    const history = { keys: ['temperature'], startTs: T0, endTs: T0 + 1500, interval: 0, limit: 100, agg: 'NONE' };
    ws.send({ entityDataCmds: [{ cmdId: 3, query: query(), historyCmd: history }] });
    const first = await ws.sub(3);
    expect(entity(first.data.data, a).timeseries.temperature).toEqual([
      { ts: T0 + 1000, value: '21' },
      { ts: T0, value: '20' },
    ]);
    ws.send({ entityDataCmds: [{ cmdId: 3, historyCmd: { ...history, startTs: T0 + 1500, endTs: T0 + 2500 } }] });
    const next = await ws.sub(3);
    expect(next.data).toBeNull();
    expect(entity(next.update, a).timeseries.temperature).toEqual([{ ts: T0 + 2000, value: '22' }]);
    await save(a, T0 + 10_000, { temperature: 24 });
    await ws.nothingFor(3);
    ws.close();
  });

  it('counts entities and sends the count again when it changes', async () => {
    const ws = await WsTestClient.connect(url);
    const countQuery = { entityFilter: { type: 'deviceType', deviceType: 'thermo' } };
    ws.send({ entityCountCmds: [{ cmdId: 4, query: countQuery }] });
    expect(await ws.sub(4)).toEqual({ cmdId: 4, cmdUpdateType: 'COUNT_DATA', count: 2, errorCode: 0, errorMsg: null });
    vi.advanceTimersByTime(10_000);
    await ws.nothingFor(4);
    await createDevice(t, tenantToken, { name: 'Thermo C', type: 'thermo' });
    vi.advanceTimersByTime(10_000);
    expect((await ws.sub(4)).count).toBe(3);
    ws.send({ entityCountUnsubscribeCmds: [{ cmdId: 4 }] });
    ws.send({ entityCountCmds: [{ cmdId: 41, query: countQuery }] });
    await ws.sub(41);
    await createDevice(t, tenantToken, { name: 'Thermo D', type: 'thermo' });
    vi.advanceTimersByTime(10_000);
    expect((await ws.sub(41)).count).toBe(4);
    await ws.nothingFor(4);
    ws.close();
  });

  it('re-sends a dynamic page when its entities change', async () => {
    const ws = await WsTestClient.connect(url);
    ws.send({
      entityDataCmds: [
        { cmdId: 5, query: query(true), latestCmd: { keys: [{ type: 'TIME_SERIES', key: 'temperature' }] } },
      ],
    });
    const before = (await ws.sub(5)).data.totalElements as number;
    await createDevice(t, tenantToken, { name: 'Thermo E', type: 'thermo' });
    vi.advanceTimersByTime(10_000);
    const again = await ws.sub(5);
    expect(again.data.totalElements).toBe(before + 1);
    expect(again.data.data.map((d: Msg) => d.latest.ENTITY_FIELD.name.value)).toContain('Thermo E');
    ws.close();
  });

  it('reports bad v2 commands in the v1 shape and bad queries in the v2 shape', async () => {
    const ws = await WsTestClient.connect(url);
    ws.send({ entityDataCmds: [{ cmdId: -1, query: query() }] });
    expect(await ws.sub(-1)).toMatchObject({ errorCode: 2, errorMsg: 'Cmd id is negative value!' });
    ws.send({ entityDataCmds: [{ cmdId: 6 }], entityCountCmds: [{ cmdId: 7 }] });
    expect(await ws.sub(6)).toMatchObject({ subscriptionId: 6, errorCode: 2, errorMsg: 'Query is empty!' });
    expect(await ws.sub(7)).toMatchObject({ subscriptionId: 7, errorCode: 2, errorMsg: 'Query is empty!' });
    ws.send({
      entityDataCmds: [{ cmdId: 8, query: { entityFilter: { type: 'nope' }, pageLink: { pageSize: 1, page: 0 } } }],
    });
    expect(await ws.sub(8)).toMatchObject({ cmdId: 8, cmdUpdateType: 'ENTITY_DATA', errorCode: 2, data: null });
    // Alarm subscriptions are answered with ALARM_DATA (ws-alarm-data.test.ts covers them).
    ws.send({ alarmDataCmds: [{ cmdId: 9, query: query() }] });
    expect(await ws.sub(9)).toMatchObject({ cmdId: 9, cmdUpdateType: 'ALARM_DATA', errorCode: 0 });
    ws.close();
  });
});

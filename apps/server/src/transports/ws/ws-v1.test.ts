import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseKvObject } from '@sapo/common';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../../modules/devices/devices-fixtures.ts';
import { setupWorld } from '../../modules/users/users-fixtures.ts';
import type { Originator } from '../../modules/telemetry/telemetry-types.ts';
import { WsTestClient, wsUrl } from './ws-test-client.ts';

let t: TestApp;
let url: string;
let tenantToken: string;
let dev: Originator;
let otherDev: Originator;
const T0 = 1_700_000_000_000;

const save = (o: Originator, ts: number, values: Record<string, unknown>) =>
  t.app.services.telemetry.saveTimeseries(o, [{ ts, values: parseKvObject(values) }]);

async function connect(token = tenantToken): Promise<WsTestClient> {
  return WsTestClient.connect(`${url}?token=${token}`);
}

beforeAll(async () => {
  t = await createTestApp();
  const world = await setupWorld(t);
  tenantToken = world.tokens.tenant;
  const d = await createDevice(t, tenantToken, { name: 'Sensor', type: 'default' });
  dev = { tenantId: d.tenantId.id, entityType: 'DEVICE', id: d.id.id };
  const o = await createDevice(t, world.tokens.other, { name: 'Foreign', type: 'default' });
  otherDev = { tenantId: o.tenantId.id, entityType: 'DEVICE', id: o.id.id };
  for (let i = 0; i < 4; i++) await save(dev, T0 + i * 1000, { temperature: 10 * (i + 1), on: i % 2 === 0 });
  await save(dev, T0 + 500, { humidity: 55.5 });
  url = await wsUrl(t);
});
afterAll(() => t.close());

describe('WebSocket v1 telemetry subscriptions', () => {
  it('answers a tsSubCmd with the latest values as strings, then sends live points', async () => {
    const ws = await connect();
    ws.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: dev.id, scope: 'LATEST_TELEMETRY' }] });
    const first = await ws.sub(1);
    expect(first).toMatchObject({ subscriptionId: 1, errorCode: 0, errorMsg: null });
    expect(first.data).toEqual({
      humidity: [[T0 + 500, '55.5']],
      on: [[T0 + 3000, 'false']],
      temperature: [[T0 + 3000, '40']],
    });
    expect(first.latestValues).toEqual({ humidity: T0 + 500, on: T0 + 3000, temperature: T0 + 3000 });

    await save(dev, T0 + 10_000, { temperature: 21.5 });
    const live = await ws.sub(1);
    expect(live.data).toEqual({ temperature: [[T0 + 10_000, '21.5']] });
    // An older point is history, not the latest value: a latest subscriber does not see it.
    await save(dev, T0 + 9_000, { temperature: 1 });
    await ws.nothingFor(1);
    ws.close();
  });

  it('authenticates with an authCmd in the first frame when the URL has no token', async () => {
    const ws = await WsTestClient.connect(url);
    ws.send({
      authCmd: { cmdId: 0, token: tenantToken },
      tsSubCmds: [{ cmdId: 7, entityType: 'DEVICE', entityId: dev.id, keys: 'humidity' }],
    });
    expect((await ws.sub(7)).data).toEqual({ humidity: [[T0 + 500, '55.5']] });
    ws.close();
  });

  it('closes with 1008 on a bad token, in the URL or in the authCmd, or without any', async () => {
    const bad = await WsTestClient.connect(`${url}?token=not-a-jwt`);
    expect((await bad.closed).code).toBe(1008);
    const badCmd = await WsTestClient.connect(url);
    badCmd.send({ authCmd: { cmdId: 0, token: `${tenantToken}x` } });
    expect((await badCmd.closed).code).toBe(1008);
    const none = await WsTestClient.connect(url);
    none.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: dev.id }] });
    expect(await none.closed).toEqual({ code: 1008, reason: 'Authentication required' });
  });

  it('refuses a token whose session was logged out', async () => {
    const token = await t.login('tenant@sapo.local', 'tenant');
    await t.request('POST', '/api/auth/logout', { token });
    const ws = await WsTestClient.connect(`${url}?token=${token}`);
    expect((await ws.closed).code).toBe(1008);
  });

  it('sends the history of a time window newest first, then live points', async () => {
    const ws = await connect();
    ws.send({
      tsSubCmds: [
        { cmdId: 2, entityType: 'DEVICE', entityId: dev.id, keys: 'temperature', startTs: T0, timeWindow: 3500 },
      ],
    });
    const first = await ws.sub(2);
    expect(first.data.temperature).toEqual([
      [T0 + 3000, '40'],
      [T0 + 2000, '30'],
      [T0 + 1000, '20'],
      [T0, '10'],
    ]);
    // ThingsBoard's latestValues: the ts of the last element of each list.
    expect(first.latestValues).toEqual({ temperature: T0 });
    await save(dev, T0 + 20_000, { temperature: 22, humidity: 60 });
    expect((await ws.sub(2)).data).toEqual({ temperature: [[T0 + 20_000, '22']] });
    ws.close();
  });

  it('subscribes to attributes of one scope with lastUpdateTs as the ts', async () => {
    const store = t.app.services.attributeStore;
    await store.save(dev, 'SHARED_SCOPE', parseKvObject({ target: 21, mode: 'eco' }), T0);
    await store.save(dev, 'SERVER_SCOPE', parseKvObject({ secret: 'x' }), T0);
    const ws = await connect();
    ws.send({ attrSubCmds: [{ cmdId: 3, entityType: 'DEVICE', entityId: dev.id, scope: 'SHARED_SCOPE' }] });
    expect((await ws.sub(3)).data).toEqual({ mode: [[T0, 'eco']], target: [[T0, '21']] });

    await store.save(dev, 'SERVER_SCOPE', parseKvObject({ secret: 'y' }), T0 + 1);
    await ws.nothingFor(3);
    await store.save(dev, 'SHARED_SCOPE', parseKvObject({ target: 22.5 }), T0 + 2);
    expect((await ws.sub(3)).data).toEqual({ target: [[T0 + 2, '22.5']] });

    ws.send({ attrSubCmds: [{ cmdId: 4, entityType: 'DEVICE', entityId: dev.id, keys: 'secret,target' }] });
    expect((await ws.sub(4)).data).toEqual({ secret: [[T0 + 1, 'y']], target: [[T0 + 2, '22.5']] });
    ws.close();
  });

  it('answers a historyCmd once, aggregated into buckets', async () => {
    const ws = await connect();
    ws.send({
      historyCmds: [
        {
          cmdId: 5,
          entityType: 'DEVICE',
          entityId: dev.id,
          keys: 'temperature',
          startTs: T0,
          endTs: T0 + 4000,
          interval: 2000,
          limit: 100,
          agg: 'AVG',
        },
      ],
    });
    // Buckets come in time order, as ThingsBoard's aggregated reads (orderBy applies to raw reads).
    expect((await ws.sub(5)).data).toEqual({
      temperature: [
        [T0 + 1000, '15.0'],
        [T0 + 3000, '35.0'],
      ],
    });
    await save(dev, T0 + 1500, { temperature: 99 });
    await ws.nothingFor(5);
    ws.close();
  });

  it('stops sending after unsubscribe', async () => {
    const ws = await connect();
    ws.send({ tsSubCmds: [{ cmdId: 6, entityType: 'DEVICE', entityId: dev.id, keys: 'humidity' }] });
    await ws.sub(6);
    ws.send({ tsSubCmds: [{ cmdId: 6, entityType: 'DEVICE', entityId: dev.id, unsubscribe: true }] });
    // The unsubscribe is processed before this save is acknowledged: frames are handled in order.
    ws.send({ historyCmds: [{ cmdId: 60, entityType: 'DEVICE', entityId: dev.id, keys: 'humidity' }] });
    await ws.sub(60);
    await save(dev, T0 + 30_000, { humidity: 70 });
    await ws.nothingFor(6);
    ws.close();
  });

  it("refuses another tenant's device with code 3 and reports bad commands", async () => {
    const ws = await connect();
    ws.send({ tsSubCmds: [{ cmdId: 8, entityType: 'DEVICE', entityId: otherDev.id }] });
    expect(await ws.sub(8)).toMatchObject({ errorCode: 3, errorMsg: 'Unauthorized', data: null });
    await save(otherDev, T0, { leaked: 1 });
    await ws.nothingFor(8);

    ws.send('{not json');
    expect(await ws.sub(0)).toMatchObject({
      subscriptionId: 0,
      errorCode: 2,
      errorMsg: 'Failed to parse websocket command!',
    });
    ws.send({ tsSubCmds: [{ cmdId: 9, entityType: 'DEVICE', entityId: '' }] });
    expect(await ws.sub(9)).toMatchObject({ errorCode: 2, errorMsg: 'Device id is empty!' });
    ws.send({ historyCmds: [{ cmdId: 10, entityType: 'DEVICE', entityId: dev.id }] });
    expect(await ws.sub(10)).toMatchObject({ errorCode: 2, errorMsg: 'Keys are empty!' });
    ws.close();
  });

  it('shows an entity view only the keys it exposes', async () => {
    const res = await t.request('POST', '/api/entityView', {
      token: tenantToken,
      body: {
        name: 'Temperature only',
        type: 'view',
        entityId: { entityType: 'DEVICE', id: dev.id },
        keys: { timeseries: ['temperature'], attributes: { cs: [], ss: [], sh: [] } },
      },
    });
    const viewId = res.json().id.id as string;
    const ws = await connect();
    ws.send({ tsSubCmds: [{ cmdId: 11, entityType: 'ENTITY_VIEW', entityId: viewId }] });
    expect(Object.keys((await ws.sub(11)).data)).toEqual(['temperature']);
    await save(dev, T0 + 40_000, { humidity: 1 });
    await ws.nothingFor(11);
    await save(dev, T0 + 41_000, { temperature: 5, humidity: 2 });
    expect((await ws.sub(11)).data).toEqual({ temperature: [[T0 + 41_000, '5']] });
    ws.close();
  });
});

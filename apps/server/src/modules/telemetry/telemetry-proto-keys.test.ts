import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, credentialsOf } from '../devices/devices-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { WsTestClient, wsUrl, type Msg } from '../../transports/ws/ws-test-client.ts';

/**
 * Keys named like Object.prototype members are ordinary data (issue 18, defect 8): a device may
 * send `constructor`, `__proto__` or `toString`, and every read path gives them back as stored.
 */
let t: TestApp;
let tenant: string;
let deviceId: string;
let token: string;

const KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'];
const PAYLOAD = '{"constructor":1,"__proto__":2,"toString":"t","hasOwnProperty":true}';
/** Written as strings, ThingsBoard's default for time series. */
const AS_STRINGS = ['2', '1', 'true', 't'];

const device = (method: 'GET' | 'POST', path: string, payload?: string) =>
  t.app.inject({ method, url: `/api/v1/${token}/${path}`, ...(payload === undefined ? {} : { payload }) });
const rest = (method: 'GET' | 'POST', path: string, body?: string) =>
  t.request(method, `/api/plugins/telemetry/DEVICE/${deviceId}/${path}`, {
    token: tenant,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });

/** Own keys of a JSON object (a `__proto__` key is an own key of a parsed object) and their values. */
const pairs = (o: Record<string, unknown>, value: (v: unknown) => unknown = (v) => v) =>
  Object.keys(o)
    .sort()
    .map((k) => [k, value(o[k])]);

beforeAll(async () => {
  t = await createTestApp();
  tenant = (await t.demoTokens()).tenant;
  const d = await createDevice(t, tenant, { name: 'Prototype keys', type: 'default' });
  deviceId = d.id.id;
  token = (await credentialsOf(t, tenant, deviceId)).credentialsId;
  expect((await device('POST', 'telemetry', PAYLOAD)).statusCode).toBe(200);
  expect((await device('POST', 'attributes', PAYLOAD)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('keys named like Object.prototype members', () => {
  it('come back from the latest-values and history endpoints', async () => {
    const latest = await rest('GET', 'values/timeseries');
    expect(latest.statusCode, latest.body).toBe(200);
    const all = latest.json() as Record<string, { value: string }[]>;
    expect(pairs(all, (v) => (v as { value: string }[])[0]!.value)).toEqual(KEYS.map((k, i) => [k, AS_STRINGS[i]]));

    const some = await rest('GET', `values/timeseries?keys=${KEYS.join(',')}&useStrictDataTypes=true`);
    expect(some.statusCode, some.body).toBe(200);
    const strict = some.json() as Record<string, { value: unknown }[]>;
    expect(pairs(strict, (v) => (v as { value: unknown }[])[0]!.value)).toEqual([
      ['__proto__', 2],
      ['constructor', 1],
      ['hasOwnProperty', true],
      ['toString', 't'],
    ]);

    const history = await rest('GET', `values/timeseries?keys=${KEYS.join(',')}&startTs=0&endTs=${Date.now() + 1000}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(Object.keys(history.json() as object).sort()).toEqual(KEYS);
    expect((await rest('GET', 'keys/timeseries')).json()).toEqual(KEYS);
  });

  it('come back as attributes, over REST and to the device', async () => {
    const client = await rest('GET', 'values/attributes/CLIENT_SCOPE');
    expect(client.statusCode, client.body).toBe(200);
    expect((client.json() as { key: string }[]).map((a) => a.key)).toEqual(KEYS);

    const asked = await device('GET', `attributes?clientKeys=${KEYS.join(',')}`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(pairs((asked.json() as { client: Record<string, unknown> }).client)).toEqual([
      ['__proto__', 2],
      ['constructor', 1],
      ['hasOwnProperty', true],
      ['toString', 't'],
    ]);

    // A shared attribute update reaches the device's long poll with the key intact.
    const poll = device('GET', 'attributes/updates?timeout=5000');
    for (let i = 0; i < 300 && !t.app.services.deviceSessions.isConnected(deviceId); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const saved = await rest('POST', 'attributes/SHARED_SCOPE', '{"__proto__":{"polluted":true},"valueOf":5}');
    expect(saved.statusCode, saved.body).toBe(200);
    const update = (await poll).json() as Record<string, unknown>;
    expect(pairs(update)).toEqual([
      ['__proto__', { polluted: true }],
      ['valueOf', 5],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const shared = await rest('GET', 'values/attributes/SHARED_SCOPE');
    expect((shared.json() as { key: string }[]).map((a) => a.key)).toEqual(['__proto__', 'valueOf']);
  });

  it('come back over the WebSocket, in v1 subscriptions and v2 entity data', async () => {
    const ws = await WsTestClient.connect(`${await wsUrl(t)}?token=${tenant}`);
    try {
      ws.send({
        tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: deviceId, scope: 'LATEST_TELEMETRY' }],
        attrSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: deviceId, scope: 'CLIENT_SCOPE' }],
      });
      const ts = await ws.sub(1);
      expect(ts.errorCode).toBe(0);
      expect(pairs(ts.data as Record<string, unknown>, (v) => (v as [number, string][])[0]![1])).toEqual(
        KEYS.map((k, i) => [k, AS_STRINGS[i]]),
      );
      expect(Object.keys(ts.latestValues as object).sort()).toEqual(KEYS);
      const attrs = await ws.sub(2);
      expect(Object.keys(attrs.data as object).sort()).toEqual(KEYS);

      ws.send({
        entityDataCmds: [
          {
            cmdId: 3,
            query: {
              entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: deviceId } },
              entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
              latestValues: [],
              pageLink: { pageSize: 10, page: 0 },
            },
            latestCmd: { keys: KEYS.map((key) => ({ type: 'TIME_SERIES', key })) },
          },
        ],
      });
      const page = await ws.sub(3);
      expect(page.errorCode).toBe(0);
      const row = (page.data.data as Msg[])[0];
      expect(pairs(row.latest.TIME_SERIES as Record<string, unknown>, (v) => (v as { value: string }).value)).toEqual(
        KEYS.map((k, i) => [k, AS_STRINGS[i]]),
      );

      // Live updates carry the keys too.
      expect((await device('POST', 'telemetry', '{"__proto__":3,"toString":"u"}')).statusCode).toBe(200);
      const live = await ws.sub(1);
      expect(pairs(live.data as Record<string, unknown>, (v) => (v as [number, string][])[0]![1])).toEqual([
        ['__proto__', '3'],
        ['toString', 'u'],
      ]);
      const delta = await ws.sub(3);
      expect(Object.keys(delta.update[0].latest.TIME_SERIES as object).sort()).toEqual(['__proto__', 'toString']);
    } finally {
      ws.close();
    }
  });
});

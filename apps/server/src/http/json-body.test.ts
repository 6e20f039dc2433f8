import { MAX_JSON_DEPTH } from '@sapo/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice } from '../modules/devices/devices-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { WsTestClient, wsUrl } from '../transports/ws/ws-test-client.ts';

/**
 * JSON PostgreSQL cannot store (lone surrogates) and JSON nested too deep, on the REST API
 * (issue 18, defect 9): 400 with errorCode 31 before any route runs, and nothing written.
 */
let t: TestApp;
let tenant: string;
let deviceId: string;

const nest = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const DEEP = nest(5000);
const TOO_DEEP = nest(MAX_JSON_DEPTH + 1);
const TABLES = ['device', 'asset', 'customer', 'dashboard', 'rule_chain', 'ts_kv', 'attribute_kv', 'audit_log'];

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    out[table] = Number(row!.n);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = (await t.demoTokens()).tenant;
  deviceId = (await createDevice(t, tenant, { name: 'Target', type: 'default' })).id.id;
});
afterAll(() => t.close());

const cases = (): [string, string, RegExp][] => {
  const telemetry = `/api/plugins/telemetry/DEVICE/${deviceId}`;
  return [
    ['/api/device', '{"name":"Bad \\ud800","type":"default"}', /'name'.*lone surrogate/],
    ['/api/device', `{"name":"Deep","type":"default","additionalInfo":${DEEP}}`, /nested deeper than 64/],
    ['/api/device', `{"name":"Deep","type":"default","additionalInfo":${TOO_DEEP}}`, /nested deeper than 64/],
    [
      '/api/asset',
      '{"name":"A","type":"t","additionalInfo":{"description":"x\\udfff"}}',
      /'additionalInfo\.description'/,
    ],
    ['/api/customer', '{"title":"C","additionalInfo":{"\\ud800":1}}', /Invalid key/],
    ['/api/dashboard', `{"title":"D","configuration":${DEEP}}`, /nested deeper/],
    ['/api/ruleChain', '{"name":"R\\ud800"}', /lone surrogate/],
    [`/api/plugins/rpc/oneway/${deviceId}`, `{"method":"m","params":${DEEP}}`, /nested deeper/],
    [`${telemetry}/timeseries/ANY`, '{"s":"\\ud800"}', /'s'.*lone surrogate/],
    [`${telemetry}/timeseries/ANY`, '{"j":{"a":"\\udc00"}}', /'j\.a'/],
    [`${telemetry}/timeseries/ANY/60`, '{"\\ud800":1}', /Invalid key/],
    [`${telemetry}/timeseries/ANY`, `{"d":${DEEP}}`, /nested deeper/],
    [`${telemetry}/attributes/SERVER_SCOPE`, '{"a":"\\ud800"}', /'a'.*lone surrogate/],
    [`${telemetry}/SERVER_SCOPE`, `{"d":${TOO_DEEP}}`, /nested deeper/],
    // A megabyte of brackets is refused before it is parsed.
    ['/api/device', '['.repeat(1_000_000), /nested deeper/],
  ];
};

describe('REST bodies the database cannot store', () => {
  it('are answered with 400, errorCode 31 and the reason, and nothing is written', async () => {
    const before = await rowCounts();
    for (const [url, body, reason] of cases()) {
      const res = await t.request('POST', url, {
        token: tenant,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${url} ${body.slice(0, 60)}: ${res.body}`).toBe(400);
      const error = res.json() as { status: number; errorCode: number; message: string };
      expect(error).toMatchObject({ status: 400, errorCode: 31 });
      expect(error.message, url).toMatch(reason);
    }
    await t.app.services.telemetry.flush();
    expect(await rowCounts()).toEqual(before);
  });

  it('still accepts ordinary Unicode (paired surrogates) and nesting up to the limit', async () => {
    const ok = await t.request('POST', '/api/device', {
      token: tenant,
      body: `{"name":"Emoji 😀 \\ud83d\\ude00","type":"default","additionalInfo":${nest(MAX_JSON_DEPTH - 1)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { name: string }).name).toBe('Emoji 😀 😀');
  });

  it('are refused on the WebSocket like malformed frames', async () => {
    const ws = await WsTestClient.connect(`${await wsUrl(t)}?token=${tenant}`);
    try {
      ws.send(`{"tsSubCmds":[{"cmdId":5,"entityType":"DEVICE","entityId":"${deviceId}","keys":"t\\ud800"}]}`);
      expect(await ws.sub(0)).toMatchObject({ errorCode: 2, errorMsg: 'Failed to parse websocket command!' });
      ws.send(`{"tsSubCmds":[{"cmdId":6,"entityType":"DEVICE","entityId":"${deviceId}","keys":${DEEP}}]}`);
      expect(await ws.sub(0)).toMatchObject({ errorCode: 2, errorMsg: 'Failed to parse websocket command!' });
      await ws.nothingFor(5, 100);
      await ws.nothingFor(6, 100);
    } finally {
      ws.close();
    }
  });
});

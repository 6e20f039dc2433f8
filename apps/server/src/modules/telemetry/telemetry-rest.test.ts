import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditActions, createDevice } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden, expectNotFound, setupWorld, type World } from '../users/users-fixtures.ts';
import type { TelemetryEvent } from './telemetry-types.ts';

const T = '/api/plugins/telemetry';
/** A fixed past time, so raw and aggregated reads see exactly the points written here. */
const BASE = 1_600_000_020_000;

let t: TestApp;
let w: World;
let device: string; // the demo tenant's, unassigned
let assigned: string; // assigned to Customer A (the demo customer's)

const bad = (res: LightMyRequestResponse, message: string) => expectError(res, 400, 31, message);

async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.body ? r.json() : undefined;
}

const post = (url: string, body: unknown, token = w.tokens.tenant) => t.request('POST', url, { token, body });
const get = (url: string, token = w.tokens.tenant) => t.request('GET', url, { token });
const del = (url: string, token = w.tokens.tenant) => t.request('DELETE', url, { token });
/** Posts text as a device script would (any content type). */
const postText = (url: string, text: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: text,
    headers: { 'x-authorization': `Bearer ${w.tokens.tenant}`, 'content-type': contentType },
  });

beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  device = (await createDevice(t, w.tokens.tenant, { name: 'Thermo', type: 'sensor' })).id.id;
  assigned = (await createDevice(t, w.tokens.tenant, { name: 'Assigned', type: 'sensor' })).id.id;
  await ok(t.request('POST', `/api/customer/${w.customers.A}/device/${assigned}`, { token: w.tokens.tenant }));
});
afterAll(() => t.close());

describe('time series: save and latest', () => {
  it('stores a flat payload and returns latest values as strings, or native with useStrictDataTypes', async () => {
    await ok(
      post(`${T}/DEVICE/${device}/timeseries/ANY`, { temp: 21.5, n: 7, on: true, s: 'x', j: { a: 1 }, num: '42' }),
    );
    const latest = await ok(get(`${T}/DEVICE/${device}/values/timeseries`));
    expect(Object.keys(latest).sort()).toEqual(['j', 'n', 'num', 'on', 's', 'temp']);
    const values = (o: Record<string, { value: unknown }[]>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v[0]!.value]));
    expect(values(latest)).toEqual({ temp: '21.5', n: '7', on: 'true', s: 'x', j: '{"a":1}', num: '42' });
    expect(latest.temp[0].ts).toBeGreaterThan(BASE);

    const strict = await ok(get(`${T}/DEVICE/${device}/values/timeseries?useStrictDataTypes=true`));
    // A numeric string is typed as a number, as ThingsBoard's type cast does for telemetry.
    expect(values(strict)).toEqual({ temp: 21.5, n: 7, on: true, s: 'x', j: { a: 1 }, num: 42 });
  });

  it('limits latest values to the keys asked for; keys without data are absent', async () => {
    const latest = await ok(get(`${T}/DEVICE/${device}/values/timeseries?keys=temp,nothing`));
    expect(Object.keys(latest)).toEqual(['temp']);
    expect(await ok(get(`${T}/DEVICE/${device}/keys/timeseries`))).toEqual(['j', 'n', 'num', 'on', 's', 'temp']);
  });

  it('accepts ts+values arrays, a ttl segment and a text/plain body', async () => {
    await ok(
      post(`${T}/DEVICE/${device}/timeseries/ANY/3600`, [
        { ts: BASE + 100, values: { r: 1 } },
        { ts: BASE + 200, values: { r: 2 } },
      ]),
    );
    const res = await postText(
      `${T}/DEVICE/${device}/timeseries/ANY`,
      JSON.stringify({ ts: BASE + 300, values: { r: 3 } }),
      'text/plain',
    );
    expect(res.statusCode, res.body).toBe(200);
    const hist = await ok(get(`${T}/DEVICE/${device}/values/timeseries?keys=r&startTs=${BASE}&endTs=${BASE + 1000}`));
    expect(hist.r.map((p: { value: string }) => p.value)).toEqual(['3', '2', '1']);
  });

  it('publishes saved telemetry to live subscribers', async () => {
    const events: TelemetryEvent[] = [];
    const off = t.app.services.bus.subscribe((e) => events.push(e));
    await ok(post(`${T}/DEVICE/${device}/timeseries/ANY`, { live: 1 }));
    off();
    expect(events).toContainEqual(expect.objectContaining({ kind: 'timeseries', entityId: device }));
  });
});

describe('time series: raw history', () => {
  beforeAll(async () => {
    const records = Array.from({ length: 10 }, (_, i) => ({ ts: BASE + i * 1000, values: { h: i } }));
    await ok(post(`${T}/DEVICE/${device}/timeseries/ANY`, records));
  });
  const hist = (q: string) => ok(get(`${T}/DEVICE/${device}/values/timeseries?keys=h,none&${q}`));
  const tsOf = (r: { h: { ts: number }[] }) => r.h.map((p) => p.ts - BASE);

  it('returns [startTs, endTs) newest first by default, at most limit points', async () => {
    const r = await hist(`startTs=${BASE + 2000}&endTs=${BASE + 6000}`);
    expect(Object.keys(r)).toEqual(['h']);
    expect(tsOf(r)).toEqual([5000, 4000, 3000, 2000]);
    expect(tsOf(await hist(`startTs=${BASE}&endTs=${BASE + 10000}&limit=3`))).toEqual([9000, 8000, 7000]);
  });

  it('orders ascending on request', async () => {
    const r = await hist(`startTs=${BASE}&endTs=${BASE + 10000}&limit=3&orderBy=ASC`);
    expect(tsOf(r)).toEqual([0, 1000, 2000]);
    expect(r.h[0]).toEqual({ ts: BASE, value: '0' });
  });

  it('returns an empty object when nothing lies in the range', async () => {
    expect(await hist(`startTs=${BASE - 5000}&endTs=${BASE}`)).toEqual({});
  });
});

describe('time series: aggregation over 10 points in 2 buckets', () => {
  // Bucket 1 [0, 5 s): l = 1..5, m = 1, 2.5, 3, 4.5, 5; bucket 2 [5 s, 10 s): l = 10..50, m = 10, 20.5, 30, 40.5, 50.
  const A = BASE + 100_000;
  beforeAll(async () => {
    const l = [1, 2, 3, 4, 5, 10, 20, 30, 40, 50];
    const m = [1, 2.5, 3, 4.5, 5, 10, 20.5, 30, 40.5, 50];
    const records = l.map((v, i) => ({ ts: A + i * 1000, values: { l: v, m: m[i], s: `t${i}` } }));
    await ok(post(`${T}/DEVICE/${device}/timeseries/ANY`, records));
  });
  const agg = async (fn: string, key: string, strict = false) => {
    const r = await ok(
      get(
        `${T}/DEVICE/${device}/values/timeseries?keys=${key}&startTs=${A}&endTs=${A + 10_000}&interval=5000&agg=${fn}&useStrictDataTypes=${strict}`,
      ),
    );
    return ((r[key] ?? []) as { ts: number; value: unknown }[]).sort((a, b) => a.ts - b.ts);
  };
  const values = async (fn: string, key: string, strict = false) => (await agg(fn, key, strict)).map((p) => p.value);

  it('reports each bucket at its midpoint', async () => {
    expect((await agg('AVG', 'l')).map((p) => p.ts - A)).toEqual([2500, 7500]);
  });

  it('keeps longs long for MIN, MAX, SUM and COUNT', async () => {
    expect(await values('MIN', 'l')).toEqual(['1', '10']);
    expect(await values('MAX', 'l')).toEqual(['5', '50']);
    expect(await values('SUM', 'l')).toEqual(['15', '150']);
    expect(await values('COUNT', 'l')).toEqual(['5', '5']);
    expect(await values('SUM', 'l', true)).toEqual([15, 150]);
  });

  it('averages as a double', async () => {
    expect(await values('AVG', 'l')).toEqual(['3.0', '30.0']);
    expect(await values('AVG', 'l', true)).toEqual([3, 30]);
  });

  it('turns mixed long/double aggregates into doubles', async () => {
    expect(await values('SUM', 'm')).toEqual(['16.0', '151.0']);
    expect(await values('AVG', 'm')).toEqual(['3.2', '30.2']);
    expect(await values('MIN', 'm')).toEqual(['1.0', '10.0']);
    expect(await values('MAX', 'm')).toEqual(['5.0', '50.0']);
  });

  it('counts string values', async () => {
    expect(await values('COUNT', 's')).toEqual(['5', '5']);
  });

  it('cuts the last bucket at endTs and reports it at its own midpoint', async () => {
    const r = await ok(
      get(`${T}/DEVICE/${device}/values/timeseries?keys=l&startTs=${A}&endTs=${A + 9000}&interval=5000&agg=SUM`),
    );
    const points = (r.l as { ts: number; value: string }[]).sort((a, b) => a.ts - b.ts);
    expect(points.map((p) => [p.ts - A, p.value])).toEqual([
      [2500, '15'],
      [7000, '100'],
    ]);
  });

  it('ignores agg when the interval is 0 (raw points)', async () => {
    const r = await ok(get(`${T}/DEVICE/${device}/values/timeseries?keys=l&startTs=${A}&endTs=${A + 10_000}&agg=SUM`));
    expect(r.l).toHaveLength(10);
  });

  it('refuses more than 700 intervals', async () => {
    bad(
      await get(`${T}/DEVICE/${device}/values/timeseries?keys=l&startTs=0&endTs=${3_600_000}&interval=1000&agg=AVG`),
      "Incorrect TsKvQuery. Number of intervals is to high - 3600. Please increase 'interval' parameter for your query or reduce the time range of the query.",
    );
  });
});

describe('time series: delete', () => {
  const D = BASE + 200_000;
  const write = () =>
    ok(
      post(
        `${T}/DEVICE/${device}/timeseries/ANY`,
        [0, 1, 2, 3].map((i) => ({ ts: D + i * 1000, values: { x: i } })),
      ),
    );
  const latestX = async () => (await ok(get(`${T}/DEVICE/${device}/values/timeseries?keys=x`))).x;
  const allX = async () =>
    ((await ok(get(`${T}/DEVICE/${device}/values/timeseries?keys=x&startTs=0&endTs=${D + 10_000}`))).x ?? []).map(
      (p: { value: string }) => p.value,
    );

  it('deletes a range; the latest value goes unless rewriteLatestIfDeleted', async () => {
    await write();
    await ok(del(`${T}/DEVICE/${device}/timeseries/delete?keys=x&startTs=${D + 1000}&endTs=${D + 3000}`));
    expect(await allX()).toEqual(['3', '0']);
    expect(await latestX()).toEqual([{ ts: D + 3000, value: '3' }]);

    await ok(del(`${T}/DEVICE/${device}/timeseries/delete?keys=x&startTs=${D + 3000}&endTs=${D + 4000}`));
    expect(await latestX()).toBeUndefined();
    await write();
    await ok(
      del(
        `${T}/DEVICE/${device}/timeseries/delete?keys=x&startTs=${D + 2000}&endTs=${D + 4000}&rewriteLatestIfDeleted=true`,
      ),
    );
    expect(await latestX()).toEqual([{ ts: D + 1000, value: '1' }]);
  });

  it('deletes every point of the keys', async () => {
    await write();
    await ok(del(`${T}/DEVICE/${device}/timeseries/delete?keys=x&deleteAllDataForKeys=true`));
    expect(await allX()).toEqual([]);
    expect(await ok(get(`${T}/DEVICE/${device}/keys/timeseries`))).not.toContain('x');
  });

  it('deletes keys posted with a null value and saves the rest', async () => {
    await write();
    await ok(post(`${T}/DEVICE/${device}/timeseries/ANY`, { x: null, y: 5 }));
    expect(await allX()).toEqual([]);
    expect((await ok(get(`${T}/DEVICE/${device}/values/timeseries?keys=y`))).y[0].value).toBe('5');
  });

  it('is audited', async () => {
    const actions = await auditActions(t, device);
    expect(actions).toContain('TIMESERIES_UPDATED');
    expect(actions).toContain('TIMESERIES_DELETED');
  });
});

describe('attributes', () => {
  type Attr = { key: string; value: unknown; lastUpdateTs: number };
  const attrs = async (url: string, token?: string): Promise<Record<string, unknown>> =>
    Object.fromEntries(((await ok(get(url, token))) as Attr[]).map((a) => [a.key, a.value]));

  it('saves server attributes with REST typing and returns native values', async () => {
    await ok(post(`${T}/DEVICE/${device}/attributes/SERVER_SCOPE`, { a: 1, b: 2.5, c: '42', d: true, e: { x: [1] } }));
    const list = (await ok(get(`${T}/DEVICE/${device}/values/attributes/SERVER_SCOPE`))) as Attr[];
    expect(list.map((a) => Object.keys(a))).toContainEqual(['lastUpdateTs', 'key', 'value']);
    expect(typeof list[0]!.lastUpdateTs).toBe('number');
    // No type cast for attributes: "42" stays a string.
    expect(await attrs(`${T}/DEVICE/${device}/values/attributes/SERVER_SCOPE`)).toEqual({
      a: 1,
      b: 2.5,
      c: '42',
      d: true,
      e: { x: [1] },
    });
    expect(await attrs(`${T}/DEVICE/${device}/values/attributes/SERVER_SCOPE?keys=a,c`)).toEqual({ a: 1, c: '42' });
  });

  it('saves shared attributes through both legacy paths', async () => {
    await ok(post(`${T}/DEVICE/${device}/SHARED_SCOPE`, { sh1: 'one' }));
    await ok(post(`${T}/${device}/SHARED_SCOPE`, { sh2: 2 }));
    expect(await attrs(`${T}/DEVICE/${device}/values/attributes/SHARED_SCOPE`)).toEqual({ sh1: 'one', sh2: 2 });
    expect(await ok(get(`${T}/DEVICE/${device}/keys/attributes/SHARED_SCOPE`))).toEqual(['sh1', 'sh2']);
  });

  it('lists keys and values of every scope (client, shared, server)', async () => {
    const target = { tenantId: w.tenantId, entityType: 'DEVICE', id: device };
    await t.app.services.attributeStore.save(target, 'CLIENT_SCOPE', [{ key: 'fw', type: 'STRING', value: '1.0' }]);
    const keys = (await ok(get(`${T}/DEVICE/${device}/keys/attributes`))) as string[];
    expect([...keys].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'fw', 'sh1', 'sh2']);
    const all = (await ok(get(`${T}/DEVICE/${device}/values/attributes`))) as Attr[];
    expect(all.map((a) => a.key)).toEqual(['fw', 'sh1', 'sh2', 'a', 'b', 'c', 'd', 'e']);
  });

  it('deletes attributes (client scope included), also through the legacy path', async () => {
    await ok(del(`${T}/DEVICE/${device}/SERVER_SCOPE?keys=a,b`));
    await ok(del(`${T}/${device}/SHARED_SCOPE?keys=sh1`));
    await ok(del(`${T}/DEVICE/${device}/CLIENT_SCOPE?keys=fw`));
    expect(await ok(get(`${T}/DEVICE/${device}/keys/attributes/SERVER_SCOPE`))).toEqual(['c', 'd', 'e']);
    expect(await ok(get(`${T}/DEVICE/${device}/keys/attributes/SHARED_SCOPE`))).toEqual(['sh2']);
    expect(await ok(get(`${T}/DEVICE/${device}/keys/attributes/CLIENT_SCOPE`))).toEqual([]);
  });

  it('deletes keys posted with a null value', async () => {
    await ok(post(`${T}/DEVICE/${device}/attributes/SERVER_SCOPE`, { c: null, f: 'new' }));
    expect(await ok(get(`${T}/DEVICE/${device}/keys/attributes/SERVER_SCOPE`))).toEqual(['d', 'e', 'f']);
    await ok(post(`${T}/DEVICE/${device}/attributes/SERVER_SCOPE`, { f: null }));
    expect(await ok(get(`${T}/DEVICE/${device}/keys/attributes/SERVER_SCOPE`))).toEqual(['d', 'e']);
  });

  it('publishes changes and audits them', async () => {
    const events: TelemetryEvent[] = [];
    const off = t.app.services.bus.subscribe((e) => events.push(e));
    await ok(post(`${T}/DEVICE/${device}/attributes/SHARED_SCOPE`, { conf: 3 }));
    off();
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'attributes', entityId: device, scope: 'SHARED_SCOPE' }),
    );
    const actions = await auditActions(t, device);
    expect(actions).toContain('ATTRIBUTES_UPDATED');
    expect(actions).toContain('ATTRIBUTES_DELETED');
  });

  it('lets each role read its own feature-flag attributes (tenant, customer)', async () => {
    await ok(post(`${T}/TENANT/${w.tenantId}/attributes/SERVER_SCOPE`, { flag: true }, w.tokens.sysadmin));
    expect(await attrs(`${T}/TENANT/${w.tenantId}/values/attributes/SERVER_SCOPE`)).toEqual({ flag: true });
    await ok(post(`${T}/CUSTOMER/${w.customers.A}/attributes/SERVER_SCOPE`, { cflag: 1 }));
    expect(await attrs(`${T}/CUSTOMER/${w.customers.A}/values/attributes/SERVER_SCOPE`, w.tokens.customer)).toEqual({
      cflag: 1,
    });
  });
});

describe('permissions', () => {
  it('lets a customer read its assigned device only', async () => {
    await ok(post(`${T}/DEVICE/${assigned}/timeseries/ANY`, { v: 1 }));
    expect((await ok(get(`${T}/DEVICE/${assigned}/values/timeseries`, w.tokens.customer))).v[0].value).toBe('1');
    expectForbidden(await get(`${T}/DEVICE/${device}/values/timeseries`, w.tokens.customer));
    expectForbidden(await get(`${T}/DEVICE/${device}/values/attributes`, w.tokens.customer));
    expectForbidden(await post(`${T}/DEVICE/${device}/timeseries/ANY`, { v: 1 }, w.tokens.customer));
    expectForbidden(await del(`${T}/DEVICE/${device}/SERVER_SCOPE?keys=d`, w.tokens.customer));
    // Another customer of the tenant does not see Customer A's device either.
    expectForbidden(await get(`${T}/DEVICE/${assigned}/keys/timeseries`, w.tokens.customerB));
  });

  it('refuses every write of a customer user to its own device (ThingsBoard 3.2.0): 403, nothing changed', async () => {
    // Alarm thresholds live in SERVER_SCOPE attributes; setpoints in SHARED_SCOPE.
    await ok(post(`${T}/DEVICE/${assigned}/attributes/SERVER_SCOPE`, { maxTemp: 50 }));
    await ok(post(`${T}/DEVICE/${assigned}/attributes/SHARED_SCOPE`, { setpoint: 21 }));
    await ok(post(`${T}/DEVICE/${assigned}/timeseries/ANY`, { kept: 1 }));
    const c = w.tokens.customer;
    const writes = [
      () => post(`${T}/DEVICE/${assigned}/attributes/SERVER_SCOPE`, { maxTemp: 500 }, c),
      () => post(`${T}/DEVICE/${assigned}/SERVER_SCOPE`, { maxTemp: 500 }, c),
      () => post(`${T}/DEVICE/${assigned}/attributes/SHARED_SCOPE`, { setpoint: 99 }, c),
      () => post(`${T}/DEVICE/${assigned}/timeseries/ANY`, { kept: 99 }, c),
      () => del(`${T}/DEVICE/${assigned}/SERVER_SCOPE?keys=maxTemp`, c),
      () => del(`${T}/DEVICE/${assigned}/SHARED_SCOPE?keys=setpoint`, c),
      () => del(`${T}/DEVICE/${assigned}/timeseries/delete?keys=kept&deleteAllDataForKeys=true`, c),
    ];
    for (const write of writes) expectForbidden(await write());
    const attrs = async (scope: string) => {
      const list = (await ok(get(`${T}/DEVICE/${assigned}/values/attributes/${scope}`, c))) as {
        key: string;
        value: unknown;
      }[];
      return Object.fromEntries(list.map((a) => [a.key, a.value]));
    };
    expect(await attrs('SERVER_SCOPE')).toMatchObject({ maxTemp: 50 });
    expect(await attrs('SHARED_SCOPE')).toEqual({ setpoint: 21 });
    expect((await ok(get(`${T}/DEVICE/${assigned}/values/timeseries?keys=kept`, c))).kept[0].value).toBe('1');
  });

  it('hides devices of another tenant and from the system administrator', async () => {
    expectNotFound(await get(`${T}/DEVICE/${device}/values/timeseries`, w.tokens.other));
    expectNotFound(await post(`${T}/DEVICE/${device}/attributes/SERVER_SCOPE`, { z: 1 }, w.tokens.other));
    expectNotFound(await get(`${T}/DEVICE/${device}/keys/attributes`, w.tokens.sysadmin));
  });

  it('answers 404 for an unknown entity and 401 without a token', async () => {
    expectNotFound(await get(`${T}/DEVICE/6f1c1c1e-0000-4000-8000-000000000001/values/timeseries`));
    expect((await t.request('GET', `${T}/DEVICE/${device}/values/timeseries`)).statusCode).toBe(401);
  });
});

describe('bad requests', () => {
  const ts = () => `${T}/DEVICE/${device}/timeseries/ANY`;
  const attr = (scope = 'SERVER_SCOPE') => `${T}/DEVICE/${device}/attributes/${scope}`;

  it('explains bad telemetry bodies', async () => {
    bad(await postText(ts(), '{"temp": 1'), 'Unable to parse timeseries payload: Invalid JSON body!');
    bad(await postText(ts(), ''), 'Unable to parse timeseries payload: Invalid JSON body!');
    bad(await postText(ts(), '"text"'), 'Unable to parse timeseries payload: Invalid JSON body!');
    bad(await post(ts(), {}), 'No timeseries data found in request body!');
    bad(await post(ts(), []), 'No timeseries data found in request body!');
    bad(await post(ts(), { ' ': 1 }), 'Key cannot be empty or contains only spaces');
    bad(await postText(ts(), '{"big": 123456789012345678901}'), 'Big integer values are not supported!');
    bad(await postText(ts(), '{"s": "a\\u0000b"}'), "Invalid value of 's': must not contain NUL characters");
    bad(
      await post(`${T}/DEVICE/${device}/timeseries/ANY/soon`, { a: 1 }),
      "Invalid value of 'ttl': must be a non-negative integer",
    );
  });

  it('explains bad attribute bodies and scopes', async () => {
    bad(await post(attr(), [1, 2]), 'Request is not a JSON object');
    bad(await post(attr(), {}), 'No attributes data found in request body!');
    bad(await post(attr(), { '  ': 1 }), 'Key cannot be empty or contains only spaces');
    bad(await postText(attr(), '{"n": 99999999999999999999}'), 'Big integer values are not supported!');
    bad(await post(attr('CLIENT_SCOPE'), { a: 1 }), 'Invalid scope: CLIENT_SCOPE');
    bad(await post(`${T}/DEVICE/${device}/ANY`, { a: 1 }), 'Invalid scope: ANY');
    bad(await get(`${T}/DEVICE/${device}/values/attributes/ANY`), 'Invalid scope: ANY');
    bad(await get(`${T}/DEVICE/${device}/keys/attributes/ANY`), 'Invalid scope: ANY');
    bad(await del(`${T}/DEVICE/${device}/ANY?keys=a`), 'Invalid attribute scope: ANY');
    bad(await del(`${T}/DEVICE/${device}/SERVER_SCOPE?keys=`), 'Empty keys: ');
  });

  it('explains bad query parameters', async () => {
    const base = `${T}/DEVICE/${device}`;
    bad(
      await del(`${base}/timeseries/delete?keys=x`),
      "When deleteAllDataForKeys is false, start and end timestamp values shouldn't be empty",
    );
    bad(await del(`${base}/timeseries/delete?keys=,&deleteAllDataForKeys=true`), 'Empty keys: ,');
    bad(
      await get(`${base}/values/timeseries?keys=t&startTs=a&endTs=1`),
      "Invalid value of 'startTs': must be an integer",
    );
    bad(
      await get(`${base}/values/timeseries?keys=t&startTs=0&endTs=1&agg=MEDIAN&interval=1000`),
      "Invalid value of 'agg': must be one of MIN, MAX, AVG, SUM, COUNT, NONE",
    );
    bad(
      await get(`${base}/values/timeseries?useStrictDataTypes=perhaps`),
      "Invalid value of 'useStrictDataTypes': must be true or false",
    );
    expect((await get(`${T}/GADGET/${device}/values/timeseries`)).statusCode).toBe(400);
    expect((await get(`${T}/DEVICE/not-a-uuid/values/timeseries`)).statusCode).toBe(400);
  });
});

describe('dashboard time', () => {
  it('tells the server time and the datapoint limit as bare numbers', async () => {
    const before = Date.now();
    const time = await ok(get('/api/dashboard/serverTime', w.tokens.customer));
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
    expect(await ok(get('/api/dashboard/maxDatapointsLimit', w.tokens.customer))).toBe(50000);
    expect((await t.request('GET', '/api/dashboard/serverTime')).statusCode).toBe(401);
  });
});

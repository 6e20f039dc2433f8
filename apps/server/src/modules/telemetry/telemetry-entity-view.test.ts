import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden } from '../users/users-fixtures.ts';

const T = '/api/plugins/telemetry';
const BASE = 1_600_000_000_000;

let t: TestApp;
let tokens: { tenant: string; customer: string };
let device: string;
/** Window [BASE+1500, BASE+3500), time series "temp" only. */
let view: string;
/** No window, server attribute "a" and shared "s" listed. */
let attrView: string;
/** No window, every time-series key, no attributes listed. */
let openView: string;
/** A window that closed long ago: the target's current attributes are outside it. */
let pastView: string;

async function ok(res: Promise<LightMyRequestResponse>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.body ? r.json() : undefined;
}
const get = (url: string, token = tokens.tenant) => t.request('GET', url, { token });
const post = (url: string, body: unknown, token = tokens.tenant) => t.request('POST', url, { token, body });

async function createView(name: string, extra: Record<string, unknown>): Promise<string> {
  const body = { name, type: 'window', entityId: { entityType: 'DEVICE', id: device }, ...extra };
  return (await ok(post('/api/entityView', body))).id.id;
}

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens();
  device = (await createDevice(t, tokens.tenant, { name: 'Target', type: 'sensor' })).id.id;
  // temp: 10, 20, 30, 40 at +1 s … +4 s; hum: 55 at +2 s.
  await ok(
    post(`${T}/DEVICE/${device}/timeseries/ANY`, [
      { ts: BASE + 1000, values: { temp: 10 } },
      { ts: BASE + 2000, values: { temp: 20, hum: 55 } },
      { ts: BASE + 3000, values: { temp: 30 } },
      { ts: BASE + 4000, values: { temp: 40 } },
    ]),
  );
  await ok(post(`${T}/DEVICE/${device}/attributes/SERVER_SCOPE`, { a: 1, b: 2 }));
  await ok(post(`${T}/DEVICE/${device}/attributes/SHARED_SCOPE`, { s: 'on', t: 'off' }));
  const attributes = { cs: [], ss: ['a'], sh: ['s'] };
  view = await createView('Window', {
    keys: { timeseries: ['temp'], attributes: { cs: [], ss: [], sh: [] } },
    startTimeMs: BASE + 1500,
    endTimeMs: BASE + 3500,
  });
  attrView = await createView('Attributes', { keys: { timeseries: [], attributes } });
  openView = await createView('Open', { keys: { timeseries: [], attributes: { cs: [], ss: [], sh: [] } } });
  pastView = await createView('Past', { keys: { timeseries: [], attributes }, startTimeMs: 1000, endTimeMs: 2000 });
});
afterAll(() => t.close());

describe('entity view time series', () => {
  it('shows the latest value of the listed keys inside the window', async () => {
    expect(await ok(get(`${T}/ENTITY_VIEW/${view}/values/timeseries`))).toEqual({
      temp: [{ ts: BASE + 3000, value: '30' }],
    });
    expect(await ok(get(`${T}/ENTITY_VIEW/${view}/values/timeseries?keys=hum,temp&useStrictDataTypes=true`))).toEqual({
      temp: [{ ts: BASE + 3000, value: 30 }],
    });
    expect(await ok(get(`${T}/ENTITY_VIEW/${view}/keys/timeseries`))).toEqual(['temp']);
  });

  it('clamps history to the window and the listed keys', async () => {
    const r = await ok(
      get(`${T}/ENTITY_VIEW/${view}/values/timeseries?keys=temp,hum&startTs=${BASE}&endTs=${BASE + 10_000}`),
    );
    expect(r).toEqual({
      temp: [
        { ts: BASE + 3000, value: '30' },
        { ts: BASE + 2000, value: '20' },
      ],
    });
    const outside = `${T}/ENTITY_VIEW/${view}/values/timeseries?keys=temp&startTs=${BASE + 3500}&endTs=${BASE + 9000}`;
    expect(await ok(get(outside))).toEqual({});
  });

  it('aggregates only the points inside the window, bucketed from the clamped start', async () => {
    const url = `${T}/ENTITY_VIEW/${view}/values/timeseries?keys=temp&startTs=${BASE}&endTs=${BASE + 10_000}&interval=10000&agg=SUM`;
    const r = await ok(get(url));
    expect(r.temp.map((p: { value: string }) => p.value)).toEqual(['50']);
  });

  it('exposes every key of the target when no time-series key is listed', async () => {
    const latest = await ok(get(`${T}/ENTITY_VIEW/${openView}/values/timeseries`));
    expect(latest).toEqual({ hum: [{ ts: BASE + 2000, value: '55' }], temp: [{ ts: BASE + 4000, value: '40' }] });
  });

  it('is read-only for telemetry', async () => {
    expectError(
      await post(`${T}/ENTITY_VIEW/${view}/timeseries/ANY`, { temp: 1 }),
      400,
      31,
      "Telemetry data can't be stored for entity view. Read only",
    );
  });
});

describe('entity view attributes', () => {
  const values = async (url: string, token?: string) =>
    Object.fromEntries(((await ok(get(url, token))) as { key: string; value: unknown }[]).map((a) => [a.key, a.value]));

  it('shows the listed attributes of the target per scope', async () => {
    expect(await values(`${T}/ENTITY_VIEW/${attrView}/values/attributes/SERVER_SCOPE`)).toEqual({ a: 1 });
    expect(await values(`${T}/ENTITY_VIEW/${attrView}/values/attributes/SHARED_SCOPE`)).toEqual({ s: 'on' });
    expect(await values(`${T}/ENTITY_VIEW/${attrView}/values/attributes?keys=a,b,s,t`)).toEqual({ a: 1, s: 'on' });
    expect(await ok(get(`${T}/ENTITY_VIEW/${attrView}/keys/attributes`))).toEqual(['a', 's']);
    // Nothing listed → none of the target's attributes.
    expect(await ok(get(`${T}/ENTITY_VIEW/${openView}/values/attributes`))).toEqual([]);
  });

  it("ignores target attributes last updated outside the view's window", async () => {
    expect(await ok(get(`${T}/ENTITY_VIEW/${pastView}/values/attributes/SERVER_SCOPE`))).toEqual([]);
  });

  it('stores attributes written to the view on the view itself', async () => {
    await ok(post(`${T}/ENTITY_VIEW/${attrView}/attributes/SERVER_SCOPE`, { own: 'yes' }));
    expect(await values(`${T}/ENTITY_VIEW/${attrView}/values/attributes/SERVER_SCOPE`)).toEqual({ a: 1, own: 'yes' });
    expect(await ok(get(`${T}/DEVICE/${device}/keys/attributes/SERVER_SCOPE`))).toEqual(['a', 'b']);
  });
});

describe('entity view access', () => {
  it('lets a customer assigned the view read through it, but not the device itself', async () => {
    const me = await ok(get('/api/auth/user', tokens.customer));
    await ok(post(`/api/customer/${me.customerId.id}/entityView/${view}`, undefined));
    const latest = await ok(get(`${T}/ENTITY_VIEW/${view}/values/timeseries`, tokens.customer));
    expect(latest.temp[0].value).toBe('30');
    expectForbidden(await get(`${T}/DEVICE/${device}/values/timeseries`, tokens.customer));
    expectForbidden(await get(`${T}/ENTITY_VIEW/${openView}/values/timeseries`, tokens.customer));
  });
});

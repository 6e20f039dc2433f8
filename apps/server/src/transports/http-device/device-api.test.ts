import { describe, expect, it } from 'vitest';
import { ok } from '../../modules/devices/devices-fixtures.ts';
import {
  JSON_TYPE,
  dev,
  latest,
  newDevice,
  polling,
  send,
  t,
  target,
  useHttpDeviceApp,
} from './http-device-fixtures.ts';

useHttpDeviceApp();

describe('device HTTP API: telemetry', () => {
  it('stores a flat object at server time, typing values as ThingsBoard does', async () => {
    const before = Date.now();
    const res = await send('POST', 'telemetry', '{"temperature":21.5,"humidity":60,"on":true,"mode":"eco","n":"42"}');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    const got = await latest(['temperature', 'humidity', 'on', 'mode', 'n']);
    expect(got.temperature).toEqual([expect.any(Number), 'DOUBLE', 21.5]);
    expect(got.temperature![0]).toBeGreaterThanOrEqual(before);
    expect(got.humidity!.slice(1)).toEqual(['LONG', 60]);
    expect(got.on!.slice(1)).toEqual(['BOOLEAN', true]);
    expect(got.mode!.slice(1)).toEqual(['STRING', 'eco']);
    // type_cast_enabled: a numeric-looking string is stored as a number
    expect(got.n!.slice(1)).toEqual(['LONG', 42]);
  });

  it('stores {"ts","values"} and arrays of both forms, each point at its own ts', async () => {
    expect((await send('POST', 'telemetry', '{"ts":1609459200000,"values":{"p":1}}')).statusCode).toBe(200);
    const arr = '[{"ts":1609459260000,"values":{"p":2,"cfg":{"a":[1,2]}}},{"ts":1609459320000,"values":{"p":3.5}}]';
    expect((await send('POST', 'telemetry', arr)).statusCode).toBe(200);
    expect((await send('POST', 'telemetry', '[{"q":7},{"q2":8}]')).statusCode).toBe(200);
    const hist = await t.app.services.telemetry.history(dev.id.id, {
      keys: ['p', 'cfg'],
      startTs: 1609459200000,
      endTs: 1609459400000,
      interval: 0,
      limit: 100,
      agg: 'NONE',
      orderBy: 'ASC',
    });
    expect(hist.p!.map((e) => [e.ts, e.value])).toEqual([
      [1609459200000, 1],
      [1609459260000, 2],
      [1609459320000, 3.5],
    ]);
    expect(hist.cfg).toEqual([{ key: 'cfg', ts: 1609459260000, type: 'JSON', value: { a: [1, 2] } }]);
    expect(Object.keys(await latest(['q', 'q2'])).sort()).toEqual(['q', 'q2']);
  });

  it('accepts bodies without a JSON content type (curl -d, firmware that sends text/plain)', async () => {
    expect((await send('POST', 'telemetry', '{"ct1":1}', { 'content-type': 'text/plain' })).statusCode).toBe(200);
    expect((await send('POST', 'telemetry', '{"ct2":2}', {})).statusCode).toBe(200);
    expect(Object.keys(await latest(['ct1', 'ct2']))).toEqual(['ct1', 'ct2']);
  });

  it('answers an unknown token with 401 and an empty body, storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/NoSuchToken/telemetry',
      headers: JSON_TYPE,
      payload: '{"x":1}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('');
    for (const path of ['attributes', 'attributes/updates?timeout=10', 'rpc?timeout=10']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/NoSuchToken/${path}` });
      expect(r.statusCode, path).toBe(401);
    }
  });

  it('answers bad payloads with 400 and the reason as text', async () => {
    const bad = await send('POST', 'telemetry', '{"temperature": 21.5,');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/plain/);
    expect(bad.body).toMatch(/^Invalid JSON/);
    expect((await send('POST', 'telemetry', '"just a string"')).body).toBe(
      'Unable to parse timeseries payload: Invalid JSON body!',
    );
    expect((await send('POST', 'telemetry', '{"big":12345678901234567890}')).body).toBe(
      'Big integer values are not supported!',
    );
    expect((await send('POST', 'telemetry', '{}')).body).toBe('No timeseries data found in request body!');
    expect((await send('POST', 'telemetry', '{"s":"a\\u0000b"}')).statusCode).toBe(400);
    expect((await send('POST', 'attributes', '[1,2]')).body).toBe('Request is not a JSON object');
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const big = JSON.stringify({ blob: 'x'.repeat(64 * 1024) });
    expect((await send('POST', 'telemetry', big)).statusCode).toBe(413);
    const fits = JSON.stringify({ blob: 'x'.repeat(60 * 1024) });
    expect((await send('POST', 'telemetry', fits)).statusCode).toBe(200);
  });

  it('counts requests as device activity: active and lastActivityTime become server attributes', async () => {
    const { device, token: tok } = await newDevice();
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/${tok}/telemetry`, payload: '{"a":1}' });
    expect(res.statusCode).toBe(200);
    await t.app.services.deviceState.flush();
    const attrs = await t.app.services.attributeStore.find(device.id.id, 'SERVER_SCOPE', [
      'active',
      'lastActivityTime',
    ]);
    expect(Object.fromEntries(attrs.map((a) => [a.key, a.value]))).toMatchObject({
      active: true,
      lastActivityTime: expect.any(Number),
    });
  });
});

describe('device HTTP API: attributes', () => {
  it('stores client attributes and answers attribute requests by scope, omitting empty sections', async () => {
    expect((await send('POST', 'attributes', '{"fw":"1.2.0","ratio":0.5,"cfg":{"a":1}}')).statusCode).toBe(200);
    await t.app.services.attributeStore.save(target(), 'SHARED_SCOPE', [
      { key: 'interval', type: 'LONG', value: 30 },
      { key: 'label', type: 'STRING', value: 'kitchen' },
    ]);
    const both = await ok(send('GET', 'attributes?clientKeys=fw,cfg&sharedKeys=interval'));
    expect(both).toEqual({ client: { fw: '1.2.0', cfg: { a: 1 } }, shared: { interval: 30 } });
    expect(await ok(send('GET', 'attributes?sharedKeys=label,nothing'))).toEqual({ shared: { label: 'kitchen' } });
    expect(await ok(send('GET', 'attributes?clientKeys=nothing'))).toEqual({});
    // No keys at all: every client and shared attribute, as ThingsBoard does.
    expect(await ok(send('GET', 'attributes'))).toEqual({
      client: { cfg: { a: 1 }, fw: '1.2.0', ratio: 0.5 },
      shared: { interval: 30, label: 'kitchen' },
    });
    const client = await t.app.services.attributeStore.find(dev.id.id, 'CLIENT_SCOPE', ['fw']);
    expect(client[0]).toMatchObject({ key: 'fw', type: 'STRING', value: '1.2.0' });
  });

  it('long-polls shared attribute updates and deletions; 408 when nothing changes in time', async () => {
    const poll = send('GET', 'attributes/updates?timeout=5000');
    await polling();
    // Client attributes and other devices' updates do not answer the poll.
    await t.app.services.attributeStore.save(target(), 'CLIENT_SCOPE', [{ key: 'c', type: 'LONG', value: 1 }]);
    await t.app.services.attributeStore.save(target(), 'SHARED_SCOPE', [
      { key: 'target', type: 'DOUBLE', value: 22.5 },
    ]);
    const res = await poll;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ target: 22.5 });

    const poll2 = send('GET', 'attributes/updates?timeout=5000');
    await polling();
    await t.app.services.attributeStore.delete(target(), 'SHARED_SCOPE', ['target']);
    expect((await poll2).json()).toEqual({ deleted: ['target'] });

    const started = Date.now();
    const timedOut = await send('GET', 'attributes/updates?timeout=150');
    expect(timedOut.statusCode).toBe(408);
    expect(timedOut.body).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('device HTTP API: claim', () => {
  it('claim: the device announces a secret, a customer user claims the device with it', async () => {
    const { device, token: tok } = await newDevice();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${tok}/claim`,
      payload: '{"secretKey":"s3cret","durationMs":60000}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { customer } = await t.demoTokens();
    const claimed = await t.request('POST', `/api/customer/device/${encodeURIComponent(device.name)}/claim`, {
      token: customer,
      body: { secretKey: 's3cret' },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ response: 'SUCCESS' });
    // An empty body is allowed (no secret, default duration).
    const other = await newDevice();
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/${other.token}/claim` })).statusCode).toBe(200);
  });
});

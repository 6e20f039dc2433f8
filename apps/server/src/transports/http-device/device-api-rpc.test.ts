import { describe, expect, it } from 'vitest';
import { createDevice, credentialsOf, ok } from '../../modules/devices/devices-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import {
  JSON_TYPE,
  dev,
  newDevice,
  polling,
  send,
  sleep,
  t,
  tenant,
  until,
  useHttpDeviceApp,
} from './http-device-fixtures.ts';

useHttpDeviceApp();

describe('device HTTP API: RPC', () => {
  const rest = (kind: 'oneway' | 'twoway', id: string, body: unknown, tok = tenant) =>
    t.request('POST', `/api/plugins/rpc/${kind}/${id}`, { token: tok, body });

  it('two-way: the device long-polls the request, replies, and the caller gets the reply', async () => {
    const call = rest('twoway', dev.id.id, { method: 'setGpio', params: { pin: 7, value: 1 }, timeout: 5000 });
    const poll = await send('GET', 'rpc?timeout=5000');
    expect(poll.statusCode).toBe(200);
    const req = poll.json() as { id: number; method: string; params: unknown };
    expect(req).toEqual({ id: expect.any(Number), method: 'setGpio', params: { pin: 7, value: 1 } });
    expect((await send('POST', `rpc/${req.id}`, '{"pin":7,"value":1,"ok":true}')).statusCode).toBe(200);
    const res = await call;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pin: 7, value: 1, ok: true });
  });

  it('one-way: 200 once the waiting device took the request', async () => {
    const poll = send('GET', 'rpc?timeout=5000');
    await polling();
    const res = await rest('oneway', dev.id.id, { method: 'reboot', params: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    expect((await poll).json()).toMatchObject({ method: 'reboot', params: {} });
  });

  it('408 with a clear message when the device is offline or does not reply in time', async () => {
    const { device } = await newDevice();
    const offline = await rest('oneway', device.id.id, { method: 'reboot', params: {}, timeout: 150 });
    expect(offline.statusCode).toBe(408);
    expect(offline.json()).toMatchObject({ status: 408, message: 'Device is offline' });

    const call = rest('twoway', dev.id.id, { method: 'getState', params: null, timeout: 300 });
    expect((await send('GET', 'rpc?timeout=5000')).json()).toMatchObject({ method: 'getState' });
    const silent = await call;
    expect(silent.statusCode).toBe(408);
    expect(silent.json()).toMatchObject({ status: 408, message: 'Timeout waiting for device reply' });
  });

  it('a request sent while the device was away reaches its next poll', async () => {
    const call = rest('twoway', dev.id.id, { method: 'queued', params: { n: 1 }, timeout: 5000 });
    await until(() => t.app.services.rpc.pendingCount(dev.id.id) > 0);
    const req = (await send('GET', 'rpc?timeout=5000')).json() as { id: number; method: string };
    expect(req.method).toBe('queued');
    await send('POST', `rpc/${req.id}`, '"done"');
    expect((await call).json()).toBe('done');
  });

  it('a customer user, read-only on its device, may still send it RPC (ThingsBoard RPC_CALL)', async () => {
    const { customer } = await t.demoTokens();
    const me = (await t.request('GET', '/api/auth/user', { token: customer })).json() as { customerId: { id: string } };
    await ok(t.request('POST', `/api/customer/${me.customerId.id}/device/${dev.id.id}`, { token: tenant }));
    try {
      const call = rest('twoway', dev.id.id, { method: 'fromCustomer', params: {}, timeout: 5000 }, customer);
      const req = (await send('GET', 'rpc?timeout=5000')).json() as { id: number; method: string };
      expect(req.method).toBe('fromCustomer');
      await send('POST', `rpc/${req.id}`, '"ok"');
      expect((await call).json()).toBe('ok');
    } finally {
      await ok(t.request('DELETE', `/api/customer/device/${dev.id.id}`, { token: tenant }));
    }
  });

  it('needs RPC permission on the device; the body needs a method', async () => {
    const { customer } = await t.demoTokens();
    const res = await rest('oneway', dev.id.id, { method: 'x', params: {} }, customer);
    expect(res.statusCode).toBe(403);
    expect((await rest('oneway', dev.id.id, { params: {} })).statusCode).toBe(400);
    expect((await rest('oneway', '13814000-1dd2-11b2-8080-808080808080', { method: 'x' })).statusCode).toBe(404);
  });

  it('client-side RPC: a clear error reply until a handler is plugged in, then its reply', async () => {
    const res = await send('POST', 'rpc', '{"method":"getCurrentTime","params":{}}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: expect.stringContaining("Client-side RPC 'getCurrentTime' was not handled") });
    t.app.services.deviceApi.setClientRpcHandler(async (d, r) => ({ device: d.name, method: r.method, time: 42 }));
    expect((await send('POST', 'rpc', '{"method":"getCurrentTime","params":{}}')).json()).toEqual({
      device: 'HTTP device',
      method: 'getCurrentTime',
      time: 42,
    });
    expect((await send('POST', 'rpc', '{"params":{}}')).statusCode).toBe(400);
  });
});

describe('device HTTP API: provision', () => {
  async function provisionProfile(name: string, type: string, key: string, secret: string) {
    return ok<{ id: { id: string } }>(
      t.request('POST', '/api/deviceProfile', {
        token: tenant,
        body: {
          name,
          type: 'DEFAULT',
          transportType: 'DEFAULT',
          provisionType: type,
          provisionDeviceKey: key,
          profileData: {
            configuration: { type: 'DEFAULT' },
            transportConfiguration: { type: 'DEFAULT' },
            provisionConfiguration: { type, provisionDeviceSecret: secret },
          },
        },
      }),
    );
  }
  const provision = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/provision', headers: JSON_TYPE, payload: JSON.stringify(body) });

  it('ALLOW_CREATE_NEW_DEVICES creates the device once and returns working credentials', async () => {
    await provisionProfile('Auto', 'ALLOW_CREATE_NEW_DEVICES', 'auto-key', 'auto-secret');
    const req = { deviceName: 'Provisioned 1', provisionDeviceKey: 'auto-key', provisionDeviceSecret: 'auto-secret' };
    const res = await provision(req);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { credentialsType: string; credentialsValue: string; status: string };
    expect(body).toEqual({ credentialsType: 'ACCESS_TOKEN', credentialsValue: expect.any(String), status: 'SUCCESS' });
    const created = await t.app.services.devices.repo.findByName(dev.tenantId.id, 'Provisioned 1');
    expect(created?.type).toBe('Auto');
    const use = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${body.credentialsValue}/telemetry`,
      payload: '{"t":1}',
    });
    expect(use.statusCode).toBe(200);
    const state = await t.app.services.attributeStore.find(created!.id, 'SERVER_SCOPE', ['provisionState']);
    expect(state[0]?.value).toBe('provisioned');

    expect((await provision(req)).json()).toEqual({ errorMsg: 'Failed to provision device!', status: 'FAILURE' });
    expect((await provision({ ...req, provisionDeviceSecret: 'wrong' })).json()).toEqual({
      errorMsg: 'Provision data was not found!',
      status: 'NOT_FOUND',
    });
    expect(
      (await provision({ deviceName: 'x', provisionDeviceKey: 'nope', provisionDeviceSecret: 'y' })).json(),
    ).toMatchObject({
      status: 'NOT_FOUND',
    });
  });

  it('creates the credentials the device asks for (access token, MQTT basic)', async () => {
    await provisionProfile('Auto 2', 'ALLOW_CREATE_NEW_DEVICES', 'auto-key-2', 'secret-2');
    const base = { provisionDeviceKey: 'auto-key-2', provisionDeviceSecret: 'secret-2' };
    expect(
      (
        await provision({ ...base, deviceName: 'P-token', credentialsType: 'ACCESS_TOKEN', token: 'myOwnToken1' })
      ).json(),
    ).toEqual({
      credentialsType: 'ACCESS_TOKEN',
      credentialsValue: 'myOwnToken1',
      status: 'SUCCESS',
    });
    const basic = {
      deviceName: 'P-basic',
      credentialsType: 'MQTT_BASIC',
      clientId: 'cid-1',
      username: 'u1',
      password: 'pw',
    };
    expect((await provision({ ...base, ...basic })).json()).toEqual({
      credentialsType: 'MQTT_BASIC',
      credentialsValue: { clientId: 'cid-1', userName: 'u1', password: 'pw' },
      status: 'SUCCESS',
    });
    const found = await t.app.services.deviceAuth.byMqttBasic('cid-1', 'u1', 'pw');
    expect(found?.name).toBe('P-basic');
  });

  it('CHECK_PRE_PROVISIONED_DEVICES hands out the credentials of an existing device of the profile', async () => {
    const profile = await provisionProfile('Pre', 'CHECK_PRE_PROVISIONED_DEVICES', 'pre-key', 'pre-secret');
    const device = await createDevice(t, tenant, {
      name: 'Pre 1',
      deviceProfileId: { entityType: 'DEVICE_PROFILE', ...profile.id },
    });
    const creds = await credentialsOf(t, tenant, device.id.id);
    const base = { provisionDeviceKey: 'pre-key', provisionDeviceSecret: 'pre-secret' };
    expect((await provision({ ...base, deviceName: 'Pre 1' })).json()).toEqual({
      credentialsType: 'ACCESS_TOKEN',
      credentialsValue: creds.credentialsId,
      status: 'SUCCESS',
    });
    expect((await provision({ ...base, deviceName: 'Not there' })).json()).toMatchObject({ status: 'FAILURE' });
    // A device of another profile is not handed out.
    expect((await provision({ ...base, deviceName: 'HTTP device' })).json()).toMatchObject({ status: 'FAILURE' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/provision', payload: '{"deviceName":' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('device HTTP API: shutdown', () => {
  it('ends waiting long polls and RPC calls when the app closes', async () => {
    const t2 = await createTestApp();
    const { tenant: tok } = await t2.demoTokens();
    const device = await createDevice(t2, tok, { name: 'Closing' });
    const devToken = (await credentialsOf(t2, tok, device.id.id)).credentialsId;
    const poll = t2.app.inject({ method: 'GET', url: `/api/v1/${devToken}/attributes/updates?timeout=60000` });
    const call = t2.request('POST', `/api/plugins/rpc/oneway/${device.id.id}`, {
      token: tok,
      body: { method: 'm', timeout: 60000 },
    });
    for (let i = 0; i < 200 && t2.app.services.rpc.pendingCount(device.id.id) === 0; i++) await sleep(10);
    expect(t2.app.services.deviceSessions.isConnected(device.id.id)).toBe(true);
    const started = Date.now();
    await t2.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await poll).statusCode).toBe(503);
    expect((await call).statusCode).toBe(503);
  });
});
